import { type RecentAuditResponse, recentAuditResponseSchema } from '@pasado/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api.ts';
import { reviewQueueKey } from './get-review-queue.ts';

/** GET /api/admin/payments/audit: the latest audit entries of every kind, newest first. */
export async function getRecentAudit(
  before: number | null,
  signal?: AbortSignal,
): Promise<RecentAuditResponse> {
  const params = new URLSearchParams({ limit: '20' });
  if (before !== null) params.set('before', String(before));
  const body = await getJson<unknown>(
    `/api/admin/payments/audit?${params}`,
    signal ? { signal } : {},
  );
  return parseAnswer(recentAuditResponseSchema, body);
}

export const recentAuditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...reviewQueueKey, 'audit'],
    queryFn: ({ pageParam, signal }) => getRecentAudit(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 0,
  });

export const useRecentAudit = (enabled: boolean) =>
  useInfiniteQuery({ ...recentAuditQueryOptions(), enabled });
