import {
  type BuyStreakFreezeResult,
  dayKeyNumber,
  manilaDayKey,
  type ProgressSummary,
  STREAK_FREEZE,
} from '@pasado/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError, sendJson } from '../../lib/api.ts';
import { countText, nounFor } from '../../lib/format.ts';
import { progressSummaryQueryKey } from '../../lib/get-progress-summary.ts';
import { assertOnline, OfflineError } from './online-only.ts';

/** A freeze used within this many days is still news worth telling the student. */
const RECENT_FREEZE_DAYS = 7;

function shortDay(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Tasks' streak freeze (issue 23 item 5; docs/product.md#streak-freeze): how many are held, the
 * gems to spend, a Buy button, and that one was used. The server decides every purchase (gems,
 * the limit of two); the button only spares a request that would be refused.
 */
export function StreakFreezeCard({ summary }: { summary: ProgressSummary }) {
  const client = useQueryClient();
  // One purchase id per purchase, not per tap: a tap again after an answer that never arrived
  // (the server may have bought the freeze) sends the same id, and the server buys once. A new id
  // only once the server has answered, bought or refused.
  const purchaseId = useRef(crypto.randomUUID());
  // Offline it fails at once with OfflineError (online-only.ts), never paused (lib/query-client.ts).
  const buy = useMutation({
    mutationFn: () => {
      assertOnline();
      return sendJson<BuyStreakFreezeResult>('/api/progress/streak-freeze', {
        json: { purchaseId: purchaseId.current },
      });
    },
    onSuccess: () => {
      purchaseId.current = crypto.randomUUID();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status < 500) purchaseId.current = crypto.randomUUID();
    },
    onSettled: () => client.invalidateQueries({ queryKey: progressSummaryQueryKey }),
  });
  const { freezes, lastFrozenDay } = summary.streak;
  const full = freezes >= STREAK_FREEZE.maxHeld;
  const missing = STREAK_FREEZE.price - summary.gemsToSpend;
  const short = missing > 0;
  const today = manilaDayKey(new Date());
  const usedLately =
    lastFrozenDay !== null &&
    dayKeyNumber(today) - dayKeyNumber(lastFrozenDay) <= RECENT_FREEZE_DAYS;

  return (
    <section className="card freeze-card" aria-labelledby="tasks-freeze">
      <div className="freeze-card__main">
        <h2 id="tasks-freeze" className="tasks-section__title">
          Streak freeze
        </h2>
        <p className="tasks-section__lead">
          Missed a day? A freeze is used by itself and keeps your streak (it does not add a day).
        </p>
        <p className="freeze-card__held">
          <strong>{freezes}</strong> of {STREAK_FREEZE.maxHeld} held ·{' '}
          {countText(summary.gemsToSpend, 'gem')} to spend
        </p>
      </div>
      <button
        type="button"
        className="btn btn--accent"
        disabled={buy.isPending || full || short}
        onClick={() => buy.mutate()}
      >
        {buy.isPending ? <Spinner size="sm" /> : null}
        {`Buy for ${countText(STREAK_FREEZE.price, 'gem')}`}
      </button>
      <div role="status" className="freeze-card__status">
        {usedLately ? (
          <p className="claim-note">
            A streak freeze kept your streak on {shortDay(lastFrozenDay)}.
          </p>
        ) : null}
        {buy.isError ? (
          <p className="form-error">
            {buy.error instanceof OfflineError
              ? 'You are offline: no freeze was bought. Try again when you are back online.'
              : buy.error instanceof ApiError && buy.error.status < 500
                ? buy.error.message
                : 'The purchase was not confirmed. Check your connection and try again: a freeze is never bought twice.'}
          </p>
        ) : buy.isSuccess && !buy.data.alreadyBought ? (
          <p className="claim-note">Streak freeze bought.</p>
        ) : null}
        {full ? (
          <p className="muted">You hold the most you can keep.</p>
        ) : short ? (
          <p className="muted">
            Earn {missing} more {nounFor(missing, 'gem')} to buy one.
          </p>
        ) : null}
      </div>
    </section>
  );
}
