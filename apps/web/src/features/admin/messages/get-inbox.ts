import { type InboxResponse, inboxResponseSchema } from '@pasado/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api.ts';

export const inboxKey = ['admin', 'messages'] as const;

export interface InboxFilters {
  type: 'all' | 'feedbacks' | 'suggestions' | 'issues';
  status: 'all' | 'unread' | 'read';
  archived: boolean;
}

/** GET /api/admin/messages: one page of the inbox, newest first, with the counts. */
export async function getInbox(
  filters: InboxFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<InboxResponse> {
  const params = new URLSearchParams({
    type: filters.type,
    status: filters.status,
    archived: String(filters.archived),
    limit: '20',
  });
  if (cursor) params.set('cursor', cursor);
  const body = await getJson<unknown>(`/api/admin/messages?${params}`, signal ? { signal } : {});
  return parseAnswer(inboxResponseSchema, body);
}

export const inboxQueryOptions = (filters: InboxFilters) =>
  infiniteQueryOptions({
    queryKey: [...inboxKey, filters],
    queryFn: ({ pageParam, signal }) => getInbox(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: 60_000,
    staleTime: 10_000,
  });

export const useInbox = (filters: InboxFilters) => useInfiniteQuery(inboxQueryOptions(filters));
