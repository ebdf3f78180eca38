import { topicNotesResponseSchema } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { enc, studyRequest } from './study-fetch.ts';

/** GET /api/study/:reviewer/topics/:topicId/notes: Markdown notes with read marks. */
export const topicNotesQueryOptions = (reviewer: string, topicId: string) =>
  queryOptions({
    queryKey: ['study', reviewer, 'notes', topicId],
    queryFn: ({ signal }) =>
      studyRequest(`/${enc(reviewer)}/topics/${enc(topicId)}/notes`, topicNotesResponseSchema, {
        signal,
      }),
  });

export const useTopicNotes = (reviewer: string, topicId: string | null) =>
  useQuery({ ...topicNotesQueryOptions(reviewer, topicId ?? ''), enabled: topicId !== null });
