import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from './study-states.tsx';
import type { SessionFinish } from './use-session-finish.ts';

/**
 * The card at the end of a flash, read or drill session: its title, the one big figure, what the
 * mode adds (tallies, points, the streak), then its go-again button and the way back to Study.
 */
export function StudySummary({
  titleId,
  title,
  level = 2,
  big,
  again,
  backHref,
  backIsPrimary = false,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** 1 where the summary is the page's only heading (drill), else 2 under the mode's header. */
  level?: 1 | 2;
  big: ReactNode;
  again: ReactNode;
  backHref: string;
  /** Read leads back to Study; flash and drill lead to another round. */
  backIsPrimary?: boolean;
  children: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="card study-summary" aria-labelledby={titleId}>
      <Heading id={titleId} className="study-summary__title">
        {title}
      </Heading>
      <p className="study-summary__big">{big}</p>
      {children}
      <div className="study-summary__actions">
        {again}
        <Link
          className={`btn ${backIsPrimary ? 'btn--primary' : 'btn--secondary'} btn--block`}
          to={backHref}
        >
          Back to Study
        </Link>
      </div>
    </section>
  );
}

/** The daily streak a finished session counted towards; nothing when it counted none. */
export function StreakLine({ streak }: { streak: number | null }) {
  if (streak === null) return null;
  return (
    <p className="study-summary__streak">
      Daily streak: {streak} day{streak === 1 ? '' : 's'}
    </p>
  );
}

/**
 * Why the streak line is missing: the session's finish has not reached the server yet (it waits in
 * the outbox, use-session-finish.ts), or the server refused it (its words).
 */
export function SessionFinishNotice({ finish }: { finish: SessionFinish }) {
  if (finish.status === 'waiting') {
    return (
      <p className="study-summary__text" role="status">
        Not counted for your streak yet. It is kept on this phone and sent when the connection is
        back.
      </p>
    );
  }
  if (finish.status === 'refused') {
    return (
      <p className="study-summary__text" role="status">
        {errorText(finish.error, 'This session was not counted for your streak.')}
      </p>
    );
  }
  return null;
}

/** The streak a finished session counted towards, once the server has answered. */
export const finishStreak = (finish: SessionFinish): number | null =>
  finish.status === 'done' && finish.result.counted ? finish.result.streak : null;
