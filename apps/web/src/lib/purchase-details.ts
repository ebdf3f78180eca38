import type { PurchaseDetails } from '@pasado/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './api.ts';

/** One query for the purchase page, the banners and the subscription pages. */
export const purchaseDetailsQueryKey = ['purchase-details'] as const;

/** GET /api/purchase/details: the wallet to pay into and the support address (configuration). */
export function usePurchaseDetails() {
  return useQuery(
    queryOptions({
      queryKey: purchaseDetailsQueryKey,
      queryFn: ({ signal }) => getJson<PurchaseDetails>('/api/purchase/details', { signal }),
      staleTime: 5 * 60_000,
    }),
  );
}
