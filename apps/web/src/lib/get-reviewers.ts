import type { Claims, ReviewerOffer } from '@pasado/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './api.ts';
import { useClaims } from './session/get-claims.ts';

export const reviewersQueryKey = ['reviewers'] as const;

/**
 * GET /api/reviewers: every exam track (docs/product.md#reviewers), each marked `offered` when its
 * bank fills a full mock (issue 12); open to users not yet onboarded.
 */
export async function getReviewers(signal?: AbortSignal): Promise<ReviewerOffer[]> {
  return (await getJson<{ reviewers: ReviewerOffer[] }>('/api/reviewers', signal ? { signal } : {}))
    .reviewers;
}

export const reviewersQueryOptions = () =>
  queryOptions({
    queryKey: reviewersQueryKey,
    queryFn: ({ signal }) => getReviewers(signal),
    // The list changes with a content release, not within a visit.
    staleTime: 60 * 60_000,
  });

/** Every reviewer, in the server's order (onboarding offers the `offered` ones). */
export const useReviewers = () => useQuery(reviewersQueryOptions());

/**
 * The reviewers the student holds the `Granted` claim for (docs/product.md#requires-rev-access), for the quiz
 * home and the study launcher: the reviewer list filtered by the claims, which the live stream
 * keeps current, so a reviewer granted on another device appears without a reload. A granted track
 * stays while its bank fills one full mock (`usable`: a few items held for review do not take it
 * away from its students); one that cannot is `unavailable` (issue 12), and the screens say so
 * instead of showing an empty quiz or study page.
 */
export function useGrantedReviewers() {
  const reviewers = useReviewers();
  const claims = useClaims();
  return {
    ...grantedReviewers(reviewers.data ?? [], claims.data?.access),
    isPending: reviewers.isPending || claims.isPending,
    isError: reviewers.isError || claims.isError,
    refetch: () => {
      if (reviewers.isError) void reviewers.refetch();
      if (claims.isError) void claims.refetch();
    },
  };
}

/** useGrantedReviewers' lists from the reviewer list and the claims' access, outside React too. */
export function grantedReviewers(
  all: readonly ReviewerOffer[],
  access: Claims['access'] | undefined,
) {
  const granted = all.filter((r) => access?.[r.shorthand] === 'Granted');
  return {
    reviewers: granted.filter((r) => r.usable),
    unavailable: granted.filter((r) => !r.usable),
    /** Every offered track, for switching to one. */
    offered: all.filter((r) => r.offered),
  };
}
