import { formatCountdown, MESSAGES } from '@pasado/core';
import { manilaDateTime } from '../../lib/format.ts';

/**
 * The free-trial discount (SPEC §4): 'Save now!' with the countdown 'hh mm ss' while it is live,
 * 'Expired' at zero. The digits are hidden from screen readers (they would be read every second);
 * the end time is said once instead.
 */
export function DiscountCountdown({
  remainingMs,
  deadlineMs,
  stopped,
}: {
  remainingMs: number;
  deadlineMs: number;
  stopped: boolean;
}) {
  const live = remainingMs > 0;
  return (
    <section
      className={`discount ${live ? 'discount--live' : 'discount--expired'}`}
      aria-labelledby="discount-title"
      data-stopped={stopped ? 'true' : undefined}
    >
      <div className="discount__text">
        <h2 id="discount-title" className="discount__title">
          {live ? MESSAGES.SAVE_NOW : 'Free-trial discount'}
        </h2>
        <p className="discount__lead">
          {live
            ? `50% off any plan for new accounts. Ends ${manilaDateTime(deadlineMs)}.`
            : 'The 24-hour free-trial discount is over. Regular prices apply.'}
        </p>
      </div>
      <p className="discount__clock" data-testid="discount-countdown">
        {live ? (
          <span aria-hidden="true">{formatCountdown(remainingMs, 'spaced')}</span>
        ) : (
          MESSAGES.EXPIRED
        )}
      </p>
    </section>
  );
}
