import { studyReviewersResponseSchema } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { studyRequest } from './study-fetch.ts';

/** GET /api/study: the reviewers the student holds the Granted claim for. */
export const studyReviewersQueryOptions = () =>
  queryOptions({
    queryKey: ['study', 'reviewers'],
    queryFn: ({ signal }) => studyRequest('', studyReviewersResponseSchema, { signal }),
  });

export const useStudyReviewers = () => useQuery(studyReviewersQueryOptions());
