import {
  evaluateChallenges,
  levelOrDefault,
  manilaDayKey,
  nextLevel,
  type PaymentHistory,
  type ProgressSummary,
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
  return {
    level,
    gemsTotal: totalGems(user.gemsCollection),
    gemsByLevel: user.gemsCollection,
    nextLevel: next ? { name: next.name, minGems: next.minGems } : null,
    streak: {
      current: standingStreak({
        current: streak?.current ?? 0,
        lastDay: streak?.lastDay ?? null,
        today: manilaDayKey(now),
      }),
      longest: streak?.longest ?? 0,
      lastDay: streak?.lastDay ?? null,
    },
    unclaimedDrillPoints: user.unclaimedDrillPoints,
    challenges: evaluateChallenges(user.challengesProgress, stats),
  };
}

/** The student's own payments, newest first. */
export async function paymentHistory(db: Db, userId: string): Promise<PaymentHistory> {
  return { payments: await listPaymentHistory(db, userId, PAYMENT_HISTORY_LIMIT) };
}
