import type { SittingChoice } from '@pasado/core/contract';
import {
  manilaDayKey,
  sittingCountdown,
  sittingCountdownText,
  sittingDatesText,
} from '@pasado/core/rules';
import { useId } from 'react';
import { SittingSelect } from '../../components/sitting-select.tsx';
import { useSetSitting } from '../../lib/exam-sitting.ts';

/**
 * Quiz home's exam date (issue 23 item 1; docs/product.md#exam-sittings): the Manila days left to
 * the student's official sitting, its days and parts, and a select to change it. The count is
 * worked out on the phone from the kept quiz home, so it shows (and moves with the days) offline.
 */
export function ExamDateCard({ reviewer, sitting }: { reviewer: string; sitting: SittingChoice }) {
  const setSitting = useSetSitting(reviewer);
  const titleId = useId();
  const today = manilaDayKey(new Date());
  const { current, options } = sitting;
  const countdown = current ? sittingCountdown(current.days, today) : null;
  const left = countdown ? sittingCountdownText(countdown) : null;
  if (!current && options.length === 0) return null;

  return (
    <section className="card quiz-card exam-date" aria-labelledby={titleId}>
      <h2 id={titleId} className="quiz-card__title">
        Your exam date
      </h2>
      {current && left ? (
        <>
          <p className="exam-date__left" data-testid="days-left">
            {left}
          </p>
          <p className="muted">
            {current.days.length === 1
              ? `${sittingDatesText(current.days)}: ${current.days[0]?.parts.map((p) => p.name).join(', ')}`
              : `${sittingDatesText(current.days)}, over ${current.days.length} days:`}
          </p>
          {current.days.length > 1 ? (
            <ul className="quiz-parts">
              {current.days.map((day) => (
                <li key={day.date}>
                  <span>{sittingDatesText([day])}</span>
                  <span className="muted">{day.parts.map((p) => p.name).join(', ')}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : current ? (
        <p className="muted">
          Your exam on {sittingDatesText(current.days)} has passed. Choose your next one.
        </p>
      ) : (
        <p className="muted">Choose your official exam date to see how many days you have left.</p>
      )}
      <SittingSelect
        label="Exam date"
        options={options}
        current={current}
        disabled={setSitting.isPending}
        onChange={(id) => setSitting.mutate(id)}
      />
      {setSitting.isError ? (
        <p className="form-error" role="alert">
          We could not change your exam date. Check your connection and try again.
        </p>
      ) : null}
    </section>
  );
}
