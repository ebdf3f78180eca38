import type { TransitionActor } from '@pasado/core';
import type { ServerFunction } from '../../platform/callables/context.ts';
import { AppError, permissionDenied } from '../../platform/errors/app-error.ts';
import { changeSubscriptionStatus } from './change-status.ts';

/**
 * SPEC §7 updateSubscriptionStatus: a student may close their own approved banner (→ completed);
 * staff may make the staff moves of core `canTransition` on any subscription, with an optional
 * reason. The result is the change, or null when the subscription already had that status.
 */
export const updateSubscriptionStatus: ServerFunction<'updateSubscriptionStatus'> = async (
  ctx,
  input,
) => {
  const { session } = ctx;
  const isStaff = session.role === 'admin';
  if (!isStaff && (input.userId !== session.userId || input.userEmail !== session.email)) {
    throw permissionDenied('You can only change your own subscription.');
  }
  return ctx.db.db.transaction(async (tx) => {
    const roles: TransitionActor[] = isStaff ? ['staff'] : ['student'];
    return changeSubscriptionStatus(tx, {
      subscriptionId: input.subId,
      to: input.newStat,
      reason: input.reason,
      now: ctx.now,
      actor: {
        roles,
        userId: session.userId,
        email: session.email,
        via: 'function',
      },
      authorize(sub) {
        const own = sub.userId === session.userId;
        if (!isStaff && !own) throw permissionDenied('You can only change your own subscription.');
        if (isStaff && sub.userId !== input.userId) {
          throw new AppError('INVALID_ARGUMENT', 'This subscription belongs to another user.');
        }
        // Staff closing their own approved banner use the student move too.
        return isStaff && own ? ['staff', 'student'] : roles;
      },
    });
  });
};
