import { queryOptions, useQuery } from '@tanstack/react-query';
import { useClaims } from '../../../lib/session/get-claims.ts';
import type { StudyScopeParams } from '../../../lib/study-links.ts';
import { enc, orKept, scopeQuery, studyRequest } from './study-fetch.ts';

/**
 * GET /api/study/:reviewer/flash: due cards first, then new cards up to today's limit. With no
 * connection, the same queue built on the phone from the kept cards and schedules (`offline`).
 */
export const flashQueueQueryOptions = (
  reviewer: string,
  scope: StudyScopeParams,
  uid: string | null = null,
) =>
  queryOptions({
    queryKey: ['study', reviewer, 'flash', scope.subjectId, scope.topicId],
    queryFn: ({ signal }) =>
      orKept(
        () =>
          studyRequest(
            `/${enc(reviewer)}/flash${scopeQuery(scope)}`,
            (s) => s.flashQueueResponseSchema,
            {
              signal,
            },
          ),
        // Loaded only when needed, so the route carries neither FSRS nor the store code.
        async () => {
          if (!uid) return null;
          const { keptFlashQueue } = await import('../offline-flash.ts');
          return keptFlashQueue(uid, reviewer, scope, new Date());
        },
      ),
    // Offline the queue comes from the phone: run the query instead of waiting for a connection.
    networkMode: 'always',
    // A session works through one snapshot of the queue; it is fetched fresh for the next one,
    // even when an offline start put an older queue back into the cache (offline-snapshot.ts).
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnMount: 'always',
  });

export function useFlashQueue(reviewer: string, scope: StudyScopeParams) {
  const uid = useClaims().data?.uid ?? null;
  return useQuery(flashQueueQueryOptions(reviewer, scope, uid));
}
