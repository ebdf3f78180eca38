import type { ProgressSummary } from '@pasado/core/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getJson } from './api.ts';
import { useMe } from './session/get-me.ts';

export const progressSummaryQueryKey = ['progress', 'summary'] as const;

/** GET /api/progress/summary: level, gems, streak, drill points and every challenge. */
export const getProgressSummary = (signal?: AbortSignal) =>
  getJson<ProgressSummary>('/api/progress/summary', signal ? { signal } : {});

export const progressSummaryQueryOptions = () =>
  queryOptions({
    queryKey: progressSummaryQueryKey,
    queryFn: ({ signal }) => getProgressSummary(signal),
  });

/**
 * The summary (Tasks, Account), refetched whenever the live users/{uid} document changes (a claim
 * on another device, a finished session), so the screens follow live like the menu's red dot.
 */
export function useProgressSummary() {
  const client = useQueryClient();
  const meUpdatedAt = useMe().dataUpdatedAt;
  const summary = useQuery(progressSummaryQueryOptions());
  useEffect(() => {
    if (meUpdatedAt > summary.dataUpdatedAt && summary.dataUpdatedAt > 0) {
      void client.invalidateQueries({ queryKey: progressSummaryQueryKey });
    }
  }, [client, meUpdatedAt, summary.dataUpdatedAt]);
  return summary;
}
