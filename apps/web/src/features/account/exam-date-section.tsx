import type { ReviewerOffer } from '@pasado/core/contract';
import {
  manilaDayKey,
  sittingCountdown,
  sittingCountdownText,
  sittingDatesText,
} from '@pasado/core/rules';
import { RetryNotice } from '../../components/retry-notice.tsx';
import { SittingSelect } from '../../components/sitting-select.tsx';
import { Skeleton, SkeletonGroup } from '../../components/skeleton.tsx';
import { useSetSitting, useSittingChoice } from '../../lib/exam-sitting.ts';

/**
 * The account page's exam date (issue 23 item 1): the official sitting the student reviews for
 * under their track, changed here as on quiz home.
 */
export function ExamDateSection({ track }: { track: ReviewerOffer }) {
  const choice = useSittingChoice(track.shorthand);
  const setSitting = useSetSitting(track.shorthand);
  const current = choice.data?.current ?? null;
  const left = current
    ? sittingCountdownText(sittingCountdown(current.days, manilaDayKey(new Date())))
    : null;

  return (
    <section className="card account-card" aria-labelledby="account-exam-date">
      <h2 id="account-exam-date" className="account-card__title">
        Exam date
      </h2>
      {choice.isPending ? (
        <SkeletonGroup label="Loading your exam date" gap="sm">
          <Skeleton size="line" />
        </SkeletonGroup>
      ) : choice.isError || !choice.data ? (
        <RetryNotice onRetry={() => void choice.refetch()}>
          We could not load this. Check your connection and try again.
        </RetryNotice>
      ) : (
        <div className="stack">
          <p className="muted">
            {current && left
              ? `${track.name}: ${sittingDatesText(current.days)} · ${left}`
              : `${track.name}: choose the official sitting you are reviewing for.`}
          </p>
          <SittingSelect
            label="Exam date"
            options={choice.data.options}
            current={current}
            disabled={setSitting.isPending}
            onChange={(id) => setSitting.mutate(id)}
          />
          {setSitting.isError ? (
            <p className="form-error" role="alert">
              We could not change your exam date. Check your connection and try again.
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
