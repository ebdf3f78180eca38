import type { DiscountHold } from '@pasado/core/contract';
import { useQuery } from '@tanstack/react-query';
import { sendJson } from '../../lib/api.ts';

export const discountHoldQueryKey = ['discount-hold'] as const;

/**
 * The free-trial discount held for the purchase the student started by picking a plan
 * (docs/product.md#free-trial-discount, ADR 043): asked once `ask` turns true, as the ms it lasts
 * until, or null. The server takes the hold once and answers the same on every ask, so a reload
 * after the window finds it again. A failed ask costs nothing but the hold: the page goes on with
 * the window alone.
 */
export function useDiscountHold(ask: boolean): number | null {
  const { data } = useQuery({
    queryKey: discountHoldQueryKey,
    queryFn: () => sendJson<DiscountHold>('/api/purchase/discount-hold'),
    enabled: ask,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.heldUntil ? Date.parse(data.heldUntil) : null;
}
