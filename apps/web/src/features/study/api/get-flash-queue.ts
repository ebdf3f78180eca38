import { flashQueueResponseSchema } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudyScopeParams } from '../../../lib/study-links.ts';
import { enc, scopeQuery, studyRequest } from './study-fetch.ts';

/** GET /api/study/:reviewer/flash: due cards first, then new cards up to today's limit. */
export const flashQueueQueryOptions = (reviewer: string, scope: StudyScopeParams) =>
  queryOptions({
    queryKey: ['study', reviewer, 'flash', scope.subjectId, scope.topicId],
    queryFn: ({ signal }) =>
      studyRequest(`/${enc(reviewer)}/flash${scopeQuery(scope)}`, flashQueueResponseSchema, {
        signal,
      }),
    // A session works through one snapshot of the queue; it is fetched fresh for the next one.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useFlashQueue = (reviewer: string, scope: StudyScopeParams) =>
  useQuery(flashQueueQueryOptions(reviewer, scope));
