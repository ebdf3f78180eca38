import {
  type ReviewFilter,
  type ReviewQueueResponse,
  reviewQueueResponseSchema,
} from '@pasado/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api.ts';

export const reviewQueueKey = ['admin', 'payments'] as const;

/** GET /api/admin/payments: one page of the review queue, oldest first, with the counts. */
export async function getReviewQueue(
  filter: ReviewFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReviewQueueResponse> {
  const params = new URLSearchParams({ status: filter, limit: '20' });
  if (cursor) params.set('cursor', cursor);
  const body = await getJson<unknown>(`/api/admin/payments?${params}`, signal ? { signal } : {});
  return parseAnswer(reviewQueueResponseSchema, body);
}

export const reviewQueueQueryOptions = (filter: ReviewFilter) =>
  infiniteQueryOptions({
    queryKey: [...reviewQueueKey, 'queue', filter],
    queryFn: ({ pageParam, signal }) => getReviewQueue(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Other staff work the same queue: keep it fresh without a reload.
    refetchInterval: 30_000,
    staleTime: 10_000,
  });

export const useReviewQueue = (filter: ReviewFilter) =>
  useInfiniteQuery(reviewQueueQueryOptions(filter));
