import type { Readiness } from '@pasado/core/contract';
import { PATHS, sittingDatesText } from '@pasado/core/rules';
import { useId } from 'react';
import { Link } from 'react-router';
import { withReviewer } from '../../lib/reviewer-param.ts';

/** A chance as students read it: a whole percentage, never "0%" or "100%" for an estimate. */
export function chanceText(p: number): string {
  const pct = Math.round(p * 100);
  if (pct < 1) return 'under 1%';
  if (pct > 99) return 'over 99%';
  return `${pct}%`;
}

export const SURENESS_TEXT: Record<NonNullable<Readiness['sureness']>, string> = {
  low: 'Not sure yet: more answers will firm it up',
  medium: 'Fairly sure',
  high: 'Sure',
};

/**
 * The plan's full mocks still to take: the server's next one (today's while one is owed, a day
 * already met skipped), then the plan's later days. Day keys sort as dates; a next day already
 * behind `today` (a quiz home kept from an earlier day) is still owed, so it shows as today's.
 */
export function mocksAhead(plan: NonNullable<Readiness['plan']>, today: string): string[] {
  const next = plan.nextMockDay;
  if (!next) return [];
  return [next, ...plan.mockDays.filter((day) => day > next && day > today)];
}

/** A plan mock's day as the card and the page say it: "today" for today's or an owed one. */
export const mockDayText = (day: string, today: string): string =>
  day <= today ? 'today' : sittingDatesText([{ date: day }]);

/**
 * The For-you set's screen (issue 23 item 4; ADR 032): exactly this URL — the Today list links it.
 */
export const forYouPath = (reviewer: string): string =>
  `/quiz/${encodeURIComponent(reviewer)}/lite?for=you`;

/** Under the step a student takes before Pasado can predict (the card and /quiz/readiness). */
export const PREDICT_AFTER_STEP = 'Then Pasado can predict your rating and your chance of passing.';

export const FOR_YOU_HINT =
  '10 items picked to raise your pass chance most, with ones you missed coming back.';

/**
 * Quiz home's readiness (issue 23 items 3 and 5; docs/product.md#readiness): would the student
 * pass today and on exam day, the part holding them back, how sure the estimate is — or, with too
 * little data, what to do — today's target and next full mock from the plan, and the For-you set
 * (ADR 032; it starts offline too, from the kept items). Read from the kept quiz home, so it shows
 * offline too. The explanation is one tap away.
 */
export function ReadinessCard({
  reviewer,
  readiness,
  today,
}: {
  reviewer: string;
  readiness: Readiness;
  today: string;
}) {
  const titleId = useId();
  const { passChance, action, plan } = readiness;
  const nextMock = plan ? mocksAhead(plan, today)[0] : undefined;
  return (
    <section className="card quiz-card readiness" aria-labelledby={titleId}>
      <h2 id={titleId} className="quiz-card__title">
        Would you pass?
      </h2>
      {passChance ? (
        <>
          <dl className="readiness__chances">
            <div>
              <dt>Pass chance today</dt>
              <dd data-testid="pass-today">{chanceText(passChance.today)}</dd>
            </div>
            {passChance.examDay !== null ? (
              <div>
                <dt>On exam day</dt>
                <dd data-testid="pass-exam-day">{chanceText(passChance.examDay)}</dd>
              </div>
            ) : null}
          </dl>
          {readiness.holdingBack ? (
            <p>
              Holding you back most: <strong>{readiness.holdingBack.name}</strong>
            </p>
          ) : null}
          {readiness.sureness ? <p className="muted">{SURENESS_TEXT[readiness.sureness]}</p> : null}
        </>
      ) : action ? (
        <>
          <p className="readiness__action" data-testid="readiness-action">
            {action.text}
          </p>
          <p className="muted">{PREDICT_AFTER_STEP}</p>
        </>
      ) : null}
      {plan ? (
        <p className="readiness__plan" data-testid="daily-target">
          Today: {plan.dailyItems} items, about {plan.dailyMinutes} min
          {nextMock ? (
            <>
              {' · '}Next full mock: {mockDayText(nextMock, today)}
            </>
          ) : null}
        </p>
      ) : null}
      <div className="readiness__practice">
        <Link className="btn btn--secondary btn--lg btn--block" to={forYouPath(reviewer)}>
          Practice for you
        </Link>
        <p className="muted">{FOR_YOU_HINT}</p>
      </div>
      <Link className="readiness__more" to={withReviewer(PATHS.quizReadiness, reviewer)}>
        How this works
      </Link>
    </section>
  );
}
