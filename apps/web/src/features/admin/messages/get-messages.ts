import { type MessagesPage, messagesPageSchema } from '@pasado/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api.ts';

export const messagesKey = ['admin', 'messages'] as const;

export interface MessageFilters {
  type: 'all' | 'feedbacks' | 'suggestions' | 'issues';
  status: 'all' | 'unread' | 'read';
  archived: boolean;
}

/** GET /api/admin/messages: one page of the inbox, newest first, with the counts. */
export async function getStaffMessages(
  filters: MessageFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MessagesPage> {
  const params = new URLSearchParams({
    type: filters.type,
    status: filters.status,
    archived: String(filters.archived),
    limit: '20',
  });
  if (cursor) params.set('cursor', cursor);
  const body = await getJson<unknown>(`/api/admin/messages?${params}`, signal ? { signal } : {});
  return parseAnswer(messagesPageSchema, body);
}

export const messagesQueryOptions = (filters: MessageFilters) =>
  infiniteQueryOptions({
    queryKey: [...messagesKey, filters],
    queryFn: ({ pageParam, signal }) => getStaffMessages(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: 60_000,
    staleTime: 10_000,
  });

export const useMessages = (filters: MessageFilters) =>
  useInfiniteQuery(messagesQueryOptions(filters));
