import { formatCountdown, MESSAGES } from '@pasado/core';
import { manilaDateTime } from '../../lib/format.ts';

const UNITS = [
  { label: 'hours', one: 'hour' },
  { label: 'minutes', one: 'minute' },
  { label: 'seconds', one: 'second' },
] as const;

/** "23 hours 59 minutes 5 seconds left": the countdown as a screen reader says it. */
export function spokenCountdown(digits: readonly string[]): string {
  const words = UNITS.map((unit, i) => {
    const value = Number(digits[i] ?? 0);
    return `${value} ${value === 1 ? unit.one : unit.label}`;
  });
  return `${words.join(' ')} left`;
}

/**
 * The free-trial discount (docs/product.md#states): 'Save now!' with the countdown 'hh mm ss' while it is live,
 * 'Expired' at zero. Each pair of digits is labelled hours, minutes, seconds (issue 13 item 1).
 * Screen readers get the same as one name on the timer ("23 hours 59 minutes 55 seconds left")
 * when they reach it; a timer is not a live region, so nothing is announced as it ticks.
 */
export function DiscountCountdown({
  remainingMs,
  deadlineMs,
  held = false,
  stopped,
}: {
  remainingMs: number;
  /** When the discount ends: the window's end, or the hold's once past it. */
  deadlineMs: number;
  /** Past the window, kept by the hold of the purchase the student started (ADR 043). */
  held?: boolean;
  stopped: boolean;
}) {
  const live = remainingMs > 0;
  const ends = manilaDateTime(deadlineMs);
  return (
    <section
      className={`discount ${live ? 'discount--live' : 'discount--expired'}`}
      aria-labelledby="discount-title"
      data-stopped={stopped ? 'true' : undefined}
    >
      <div className="discount__text">
        <h2 id="discount-title" className="discount__title">
          {held ? 'Discount held for you' : live ? MESSAGES.SAVE_NOW : 'Free-trial discount'}
        </h2>
        <p className="discount__lead">
          {held
            ? `You started this purchase before the discount ended, so its price is yours until ${ends}.`
            : live
              ? `50% off any plan for new accounts. Ends ${ends}.`
              : 'The 24-hour free-trial discount is over. Regular prices apply.'}
        </p>
      </div>
      {live ? (
        <Clock digits={formatCountdown(remainingMs, 'spaced').split(' ')} />
      ) : (
        <p className="discount__clock discount__clock--expired" data-testid="discount-countdown">
          {MESSAGES.EXPIRED}
        </p>
      )}
    </section>
  );
}

function Clock({ digits }: { digits: readonly string[] }) {
  return (
    <div
      className="discount__clock"
      role="timer"
      aria-label={spokenCountdown(digits)}
      data-testid="discount-countdown"
    >
      {UNITS.map((unit, i) => (
        <span key={unit.label} className="discount__unit" aria-hidden="true">
          <span className="discount__digits">{digits[i]}</span>
          <span className="discount__unit-label">{unit.label}</span>
        </span>
      ))}
    </div>
  );
}
