import type { PurchaseDetails } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../lib/api.ts';

/** Shared with the purchase page's copy of this query (same key, same answer). */
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
