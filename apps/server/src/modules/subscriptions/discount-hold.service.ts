import { discountHoldEnd, isDiscountLive } from '@pasado/core';
import type { DiscountHold } from '@pasado/core/contract';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { lockUser, setDiscountHeldUntil } from '../users/repository.ts';
import { findCurrentSubscription, listQueuedSubscriptions } from './subscriptions.repository.ts';

/**
 * Holds the free-trial discount for the purchase the student starts by picking a plan
 * (docs/product.md#free-trial-discount, ADR 043). Picked while the window is open, the discounted
 * price stays theirs until an hour past it (core `discountHoldEnd`), so a transfer sent as the
 * countdown ran out is not refused at the submit. Taken once, never moved: asking again answers
 * the same hold, and after the window nothing new is held. `heldUntil` is null when no hold
 * applies now (none taken, over, or the discount's other conditions gone).
 */
export async function holdDiscount(db: Db, userId: string, now: Date): Promise<DiscountHold> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('NOT_FOUND', 'Your account no longer exists.');
    const current = await findCurrentSubscription(tx, userId);
    const queued = await listQueuedSubscriptions(tx, userId);
    const discount = {
      subscription: current,
      userCreatedAt: user.createdAt,
      queuedCount: queued.length,
      now,
    };
    let heldUntil = user.discountHeldUntil;
    if (heldUntil === null && isDiscountLive(discount)) {
      heldUntil = discountHoldEnd(user.createdAt);
      await setDiscountHeldUntil(tx, userId, heldUntil);
    }
    if (heldUntil === null || !isDiscountLive({ ...discount, heldUntil }))
      return { heldUntil: null };
    return { heldUntil: heldUntil.toISOString() };
  });
}
