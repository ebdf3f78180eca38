import type { FlashQueueResponse } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadOutbox } from '../../../lib/offline/outbox.ts';
import { useClaims } from '../../../lib/session/get-claims.ts';
import type { StudyScopeParams } from '../../../lib/study-links.ts';
import { enc, orKept, scopeQuery, studyRequest } from './study-fetch.ts';

/**
 * GET /api/study/:reviewer/flash: due cards first, then new cards up to today's limit, without the
 * cards whose rating still waits in the outbox. With no connection, the same queue built on the
 * phone from the kept cards and schedules (`offline`).
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
        async () => {
          // A rating waiting in the outbox (slow data, back-off) is not in the server's queue yet,
          // which offers its card again: "Study more" would have it rated twice. Read before the
          // request and after the answer: one sent in between may have reached the server after
          // it built the queue.
          const before = await waitingRatings(uid, reviewer);
          const queue = await studyRequest(
            `/${enc(reviewer)}/flash${scopeQuery(scope)}`,
            (s) => s.flashQueueResponseSchema,
            { signal },
          );
          const after = await waitingRatings(uid, reviewer);
          return withoutRated(queue, new Set([...before, ...after]));
        },
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

/**
 * The cards of this student's flash ratings for `reviewer` still waiting in the outbox (or written
 * before it knew the student: uid ''). Before the claims are read (uid null), which a signed-in
 * screen never meets, every entry counts, another student's kept for their next session too.
 */
async function waitingRatings(uid: string | null, reviewer: string): Promise<string[]> {
  return (await loadOutbox())
    .filter(
      (e) =>
        e.kind === 'flash-review' &&
        e.meta.reviewer === reviewer &&
        (uid === null || e.uid === uid || e.uid === ''),
    )
    .map((e) => String(e.body.cardId));
}

/**
 * The server's queue without the cards already rated on this phone. Its counts lose them too (a
 * rated card is no longer due or new), and a new one rated uses today's allowance, which the
 * server counts once the rating arrives; `nextDueAt` stays the server's.
 */
function withoutRated(queue: FlashQueueResponse, rated: ReadonlySet<string>): FlashQueueResponse {
  const left = queue.cards.filter((c) => !rated.has(c.id));
  if (left.length === queue.cards.length) return queue;
  const gone = queue.cards.filter((c) => rated.has(c.id));
  const goneNew = gone.filter((c) => c.state === 'new').length;
  return {
    ...queue,
    cards: left,
    dueCount: Math.max(0, queue.dueCount - (gone.length - goneNew)),
    newCount: Math.max(0, queue.newCount - goneNew),
    newCardsLeftToday: Math.max(0, queue.newCardsLeftToday - goneNew),
  };
}
