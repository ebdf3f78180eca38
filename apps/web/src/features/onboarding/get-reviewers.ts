import { type Reviewer, reviewersResponseSchema } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../lib/api.ts';

/** GET /api/reviewers: every exam track (DESIGN.md "Reviewers"); open to users not yet onboarded. */
export async function getReviewers(signal?: AbortSignal): Promise<Reviewer[]> {
  const body = await getJson<unknown>('/api/reviewers', signal ? { signal } : {});
  return parseAnswer(reviewersResponseSchema, body).reviewers;
}

export const reviewersQueryOptions = () =>
  queryOptions({
    queryKey: ['reviewers'],
    queryFn: ({ signal }) => getReviewers(signal),
    staleTime: 60 * 60_000,
  });

export const useReviewers = () => useQuery(reviewersQueryOptions());
