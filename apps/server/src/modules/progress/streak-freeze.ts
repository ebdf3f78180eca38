import {
  type BuyStreakFreezeResult,
  buyStreakFreeze,
  manilaDayKey,
  settleStreak,
  spendableGems,
  totalGems,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { announce, topics } from '../../platform/live/topics.ts';
import {
  findFreezePurchase,
  findProgress,
  findStreak,
  insertFreezePurchase,
  saveStreak,
  updateProgress,
} from './repository.ts';
import { requireTasksAccess } from './tasks-access.ts';

/**
 * Buys one streak freeze with gems (issue 23 item 5; docs/product.md#streak-freeze; core
 * `buyStreakFreeze`), decided here under the user row's lock: a student the guard keeps from Tasks
 * is refused (403, `requireTasksAccess`), too few gems or two already held is refused (409), and
 * neither changes anything. The freezes held first cover any day already missed, so a
 * freeze bought today never reaches back over a day the streak was lost on. A retried purchase
 * (the same `purchaseId`) answers `alreadyBought` and buys nothing more.
 */
export async function buyFreeze(
  db: Db,
  userId: string,
  purchaseId: string,
  now: Date,
): Promise<BuyStreakFreezeResult> {
  return db.transaction(async (tx) => {
    const user = await findProgress(tx, userId, { lock: true });
    if (!user) throw new AppError('NOT_FOUND', 'Your account no longer exists.');
    await requireTasksAccess(tx, userId, now);
    const row = await findStreak(tx, userId, { lock: true });
    const today = manilaDayKey(now);
    const settled = settleStreak(
      { current: row?.current ?? 0, lastDay: row?.lastDay ?? null, freezes: row?.freezes ?? 0 },
      today,
    );
    const gemsToSpend = spendableGems(totalGems(user.gemsCollection), user.gemsSpent);
    if (await findFreezePurchase(tx, userId, purchaseId)) {
      return { freezes: settled.freezes, gemsToSpend, alreadyBought: true };
    }
    const purchase = buyStreakFreeze({ gemsToSpend, held: settled.freezes });
    if (!purchase.ok) throw new AppError('FAILED_PRECONDITION', purchase.message);
    await insertFreezePurchase(tx, { userId, purchaseId, gems: purchase.spent, boughtAt: now });
    await updateProgress(tx, userId, {
      gemsSpent: user.gemsSpent + purchase.spent,
      updatedAt: now,
    });
    await saveStreak(
      tx,
      userId,
      {
        current: settled.current,
        longest: row?.longest ?? 0,
        lastDay: settled.lastDay,
        freezes: purchase.freezes,
        lastFrozenDay: settled.frozenDays.at(-1) ?? row?.lastFrozenDay ?? null,
      },
      now,
    );
    await announce(tx, topics.user(userId));
    return {
      freezes: purchase.freezes,
      gemsToSpend: gemsToSpend - purchase.spent,
      alreadyBought: false,
    };
  });
}
