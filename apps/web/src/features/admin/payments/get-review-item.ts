import { type ReviewItemDetail, reviewItemDetailSchema } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api.ts';
import { reviewQueueKey } from './get-review-queue.ts';

/** GET /api/admin/payments/:id: the item and its audit trail, oldest first. */
export async function getReviewItem(id: string, signal?: AbortSignal): Promise<ReviewItemDetail> {
  const body = await getJson<unknown>(
    `/api/admin/payments/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return parseAnswer(reviewItemDetailSchema, body);
}

export const reviewItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...reviewQueueKey, 'item', id],
    queryFn: ({ signal }) => getReviewItem(id, signal),
    staleTime: 0,
  });

export const useReviewItem = (id: string, enabled: boolean) =>
  useQuery({ ...reviewItemQueryOptions(id), enabled });
