import type { SubscriptionDoc } from '@pasado/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../api.ts';

export const subscriptionQueryKey = (id: string) => ['subscription', id] as const;

/** GET /api/subscriptions/:id; kept current by the live topic subscriptions/{id}. */
export const subscriptionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: subscriptionQueryKey(id),
    queryFn: ({ signal }) =>
      getJson<SubscriptionDoc>(`/api/subscriptions/${encodeURIComponent(id)}`, { signal }),
  });
