import { topicCardsResponseSchema } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { enc, studyRequest } from './study-fetch.ts';

/** GET /api/study/:reviewer/topics/:topicId/cards: every card of a topic (listen mode). */
export const topicCardsQueryOptions = (reviewer: string, topicId: string) =>
  queryOptions({
    queryKey: ['study', reviewer, 'cards', topicId],
    queryFn: ({ signal }) =>
      studyRequest(`/${enc(reviewer)}/topics/${enc(topicId)}/cards`, topicCardsResponseSchema, {
        signal,
      }),
  });

export const useTopicCards = (reviewer: string, topicId: string | null) =>
  useQuery({ ...topicCardsQueryOptions(reviewer, topicId ?? ''), enabled: topicId !== null });
