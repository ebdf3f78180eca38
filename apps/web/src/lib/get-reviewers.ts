import type { Reviewer } from '@pasado/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './api.ts';
import { useClaims } from './session/get-claims.ts';

export const reviewersQueryKey = ['reviewers'] as const;

/** GET /api/reviewers: every exam track (DESIGN.md "Reviewers"); open to users not yet onboarded. */
export async function getReviewers(signal?: AbortSignal): Promise<Reviewer[]> {
  return (await getJson<{ reviewers: Reviewer[] }>('/api/reviewers', signal ? { signal } : {}))
    .reviewers;
}

export const reviewersQueryOptions = () =>
  queryOptions({
    queryKey: reviewersQueryKey,
    queryFn: ({ signal }) => getReviewers(signal),
    // The list changes with a content release, not within a visit.
    staleTime: 60 * 60_000,
  });

/** Every reviewer, in the server's order (onboarding offers them all). */
export const useReviewers = () => useQuery(reviewersQueryOptions());

/**
 * The reviewers the student holds the `Granted` claim for (SPEC §2 requiresRevAccess), for the quiz
 * home and the study launcher: the reviewer list filtered by the claims, which the live stream
 * keeps current, so a reviewer granted on another device appears without a reload.
 */
export function useGrantedReviewers() {
  const reviewers = useReviewers();
  const claims = useClaims();
  const access = claims.data?.access;
  return {
    reviewers: (reviewers.data ?? []).filter((r) => access?.[r.shorthand] === 'Granted'),
    isPending: reviewers.isPending || claims.isPending,
    isError: reviewers.isError || claims.isError,
    refetch: () => {
      if (reviewers.isError) void reviewers.refetch();
      if (claims.isError) void claims.refetch();
    },
  };
}
