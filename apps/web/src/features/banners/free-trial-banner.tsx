import { formatCountdown, MESSAGES, PATHS } from '@pasado/core/rules';
import { Link } from 'react-router';
import { FreeTrialEnds } from '../../components/free-trial-ends.tsx';
import { manilaTime } from '../../lib/format.ts';
import { useServerNow } from '../../lib/server-clock.ts';

/**
 * docs/product.md#subscription-banner: 'Free trial ends {date}.' with a link to the purchase page reading 'Save now!' and the
 * discount countdown (hh:mm:ss, docs/product.md#states) while the discount is live, otherwise 'Purchase now!'.
 * The countdown runs on server time and stops at zero.
 */
export function FreeTrialBanner({
  expiryDate,
  discountDeadlineMs,
  offsetMs,
}: {
  expiryDate: string;
  discountDeadlineMs: number;
  offsetMs: number;
}) {
  const now = useServerNow(offsetMs, discountDeadlineMs);
  const remainingMs = discountDeadlineMs - now;
  const live = remainingMs > 0;
  return (
    <>
      <FreeTrialEnds expiryDate={expiryDate} />
      <Link
        className={`banner__action${live ? ' banner__action--save' : ''}`}
        to={PATHS.purchase}
        data-discount={live ? 'live' : 'over'}
      >
        {live ? (
          <>
            {MESSAGES.SAVE_NOW}{' '}
            {/* The banner area is a live region: the ticking digits are hidden from screen readers,
                which get the end time once instead of an announcement every second. */}
            <span className="banner__countdown" aria-hidden="true">
              {formatCountdown(remainingMs, 'colon')}
            </span>
            <span className="visually-hidden">
              {` The discount ends at ${manilaTime(discountDeadlineMs)}.`}
            </span>
          </>
        ) : (
          MESSAGES.PURCHASE_NOW
        )}
      </Link>
    </>
  );
}
