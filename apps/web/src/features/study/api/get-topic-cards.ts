import { queryOptions, useQuery } from '@tanstack/react-query';
import { useClaims } from '../../../lib/session/get-claims.ts';
import { enc, orKept, studyRequest } from './study-fetch.ts';

/**
 * GET /api/study/:reviewer/topics/:topicId/cards: every card of a topic (listen mode). With no
 * connection, the kept cards (`offline`).
 */
export const topicCardsQueryOptions = (
  reviewer: string,
  topicId: string,
  uid: string | null = null,
) =>
  queryOptions({
    queryKey: ['study', reviewer, 'cards', topicId],
    queryFn: ({ signal }) =>
      orKept(
        () =>
          studyRequest(
            `/${enc(reviewer)}/topics/${enc(topicId)}/cards`,
            (s) => s.topicCardsResponseSchema,
            {
              signal,
            },
          ),
        async () => {
          if (!uid) return null;
          const { keptTopicCards } = await import('../offline-notes.ts');
          return keptTopicCards(uid, reviewer, topicId);
        },
      ),
    networkMode: 'always',
  });

export function useTopicCards(reviewer: string, topicId: string | null) {
  const uid = useClaims().data?.uid ?? null;
  return useQuery({
    ...topicCardsQueryOptions(reviewer, topicId ?? '', uid),
    enabled: topicId !== null,
  });
}
