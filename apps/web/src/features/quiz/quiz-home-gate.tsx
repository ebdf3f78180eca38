import type { QuizHome } from '@pasado/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RetryNotice } from '../../components/retry-notice.tsx';
import { TrackNotReady } from '../../components/track-not-ready.tsx';
import type { useReviewerChoice } from '../../lib/use-reviewer-choice.ts';

/**
 * What quiz home and /quiz/readiness show before their content, decided once: the skeleton while
 * the reviewers or the home load, a retry when either failed, the tracks not offered yet, or no
 * reviewer at all. The home query waits for a reviewer, so a failed reviewer list or claims read,
 * or no reviewer held, must end the loading too (a page left on its skeleton otherwise).
 */
export function QuizHomeGate({
  reviewers,
  home,
  skeleton,
  failure,
  children,
}: {
  reviewers: ReturnType<typeof useReviewerChoice>;
  home: UseQueryResult<QuizHome>;
  /** Shown while loading: the page's own outline. */
  skeleton: ReactNode;
  /** The sentence above Retry when a read failed. */
  failure: string;
  children: (home: QuizHome) => ReactNode;
}) {
  const { reviewer } = reviewers;
  if (reviewers.isPending || (reviewer && home.isPending)) return skeleton;
  if (reviewers.isError || home.isError) {
    return (
      <RetryNotice onRetry={() => (reviewers.isError ? reviewers.refetch() : home.refetch())}>
        {failure}
      </RetryNotice>
    );
  }
  if (!reviewer && reviewers.unavailable.length > 0) {
    return <TrackNotReady unavailable={reviewers.unavailable} offered={reviewers.offered} />;
  }
  if (!reviewer || !home.data) {
    return (
      <section className="card">
        <h2 className="quiz-card__title">No reviewer yet</h2>
        <p className="muted">You have no reviewer to practise with yet.</p>
      </section>
    );
  }
  return children(home.data);
}
