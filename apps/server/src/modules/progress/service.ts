import {
  evaluateChallenges,
  levelOrDefault,
  manilaDayKey,
  nextLevel,
  type PaymentHistory,
  type ProgressSummary,
  settleStreak,
  spendableGems,
  standingStreak,
  totalGems,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { unauthenticated } from '../../platform/errors/app-error.ts';
import { listPaymentHistory } from '../subscriptions/transactions.repository.ts';
import { loadChallengeStats } from './challenges.ts';
import { findProgress, findStreak } from './repository.ts';

/** The account page lists this many payments at most. */
const PAYMENT_HISTORY_LIMIT = 100;

/**
 * The account summary (issue 5): level and gems, the streak as it stands today (Manila days), the
 * unclaimed drill points and the challenges as evaluated now.
 */
export async function progressSummary(db: Db, userId: string, now: Date): Promise<ProgressSummary> {
  const user = await findProgress(db, userId);
  if (!user) throw unauthenticated();
  const streak = await findStreak(db, userId);
  const stats = await loadChallengeStats(db, userId, streak);
  const level = levelOrDefault(user.currentLevel);
  const next = nextLevel(level);
  const today = manilaDayKey(now);
  // The freezes held cover the days missed so far (issue 23 item 5); read here, written by the
  // next finish or purchase, which settle the same way.
  const settled = settleStreak(
    {
      current: streak?.current ?? 0,
      lastDay: streak?.lastDay ?? null,
      freezes: streak?.freezes ?? 0,
    },
    today,
  );
  return {
    level,
    gemsTotal: totalGems(user.gemsCollection),
    gemsToSpend: spendableGems(totalGems(user.gemsCollection), user.gemsSpent),
    gemsByLevel: user.gemsCollection,
    nextLevel: next ? { name: next.name, minGems: next.minGems } : null,
    streak: {
      current: standingStreak({ current: settled.current, lastDay: settled.lastDay, today }),
      longest: streak?.longest ?? 0,
      lastDay: streak?.lastDay ?? null,
      freezes: settled.freezes,
      lastFrozenDay: settled.frozenDays.at(-1) ?? streak?.lastFrozenDay ?? null,
    },
    unclaimedDrillPoints: user.unclaimedDrillPoints,
    challenges: evaluateChallenges(user.challengesProgress, stats),
  };
}

/** The student's own payments, newest first. */
export async function paymentHistory(db: Db, userId: string): Promise<PaymentHistory> {
  return { payments: await listPaymentHistory(db, userId, PAYMENT_HISTORY_LIMIT) };
}
