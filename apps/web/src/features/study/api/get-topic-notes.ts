import { queryOptions, useQuery } from '@tanstack/react-query';
import { useClaims } from '../../../lib/session/get-claims.ts';
import { enc, orKept, studyRequest } from './study-fetch.ts';

/**
 * GET /api/study/:reviewer/topics/:topicId/notes: Markdown notes with read marks. With no
 * connection, the kept notes with the kept and waiting read marks (`offline`).
 */
export const topicNotesQueryOptions = (
  reviewer: string,
  topicId: string,
  uid: string | null = null,
) =>
  queryOptions({
    queryKey: ['study', reviewer, 'notes', topicId],
    queryFn: ({ signal }) =>
      orKept(
        () =>
          studyRequest(
            `/${enc(reviewer)}/topics/${enc(topicId)}/notes`,
            (s) => s.topicNotesResponseSchema,
            {
              signal,
            },
          ),
        // Loaded only when needed, so the route does not carry the store code.
        async () => {
          if (!uid) return null;
          const { keptTopicNotes } = await import('../offline-notes.ts');
          return keptTopicNotes(uid, reviewer, topicId);
        },
      ),
    networkMode: 'always',
  });

export function useTopicNotes(reviewer: string, topicId: string | null) {
  const uid = useClaims().data?.uid ?? null;
  return useQuery({
    ...topicNotesQueryOptions(reviewer, topicId ?? '', uid),
    enabled: topicId !== null,
  });
}
