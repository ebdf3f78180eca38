import type { Reviewer } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api.ts';

/** GET /api/reviewers: every exam track; the quiz home keeps the ones the claims grant. */
export const reviewersQueryOptions = () =>
  queryOptions({
    queryKey: ['reviewers'],
    queryFn: async ({ signal }) =>
      (await getJson<{ reviewers: Reviewer[] }>('/api/reviewers', { signal })).reviewers,
    staleTime: 60 * 60_000,
  });

export const useReviewers = () => useQuery(reviewersQueryOptions());
