import type { ServerFunction } from '../../platform/callables/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { appendAudit } from '../auth/session-logs.repository.ts';
import { findReviewer, grantReviewerAccess } from '../content/reviewers.repository.ts';
import { countSubscriptionsOf, createFreeTrial } from '../subscriptions/repository.ts';
import { completeOnboarding, lockUser, setCurrentSubscription } from './repository.ts';

/**
 * Onboarding (DESIGN.md "Onboarding"): grants the chosen reviewer, marks the user onboarded and
 * starts the 3-day free trial for a user who never had a subscription — all in one transaction,
 * with the user row locked so two devices onboarding at once start one trial.
 */
export const applyRevAccess: ServerFunction<'applyRevAccess'> = async (ctx, input) => {
  const reviewer = await findReviewer(ctx.db.db, input.reviewer);
  if (!reviewer) throw new AppError('INVALID_ARGUMENT', 'Choose one of the listed reviewers.');

  return ctx.db.db.transaction(async (tx) => {
    const user = await lockUser(tx, ctx.session.userId);
    if (!user) throw new AppError('NOT_FOUND', 'Your account no longer exists.');
    await grantReviewerAccess(tx, user.id, reviewer.shorthand);
    let freeTrialStarted = false;
    if ((await countSubscriptionsOf(tx, user.id)) === 0) {
      const trial = await createFreeTrial(tx, user.id, ctx.now);
      await setCurrentSubscription(tx, user.id, trial.id);
      freeTrialStarted = true;
    }
    // A later reviewer keeps the first answer to "how did you hear about us".
    await completeOnboarding(tx, user.id, user.knowFrom ?? input.knowFrom);
    await appendAudit(tx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'applyRevAccess',
      targetType: 'user',
      targetId: user.id,
      details: { reviewer: reviewer.shorthand, knowFrom: input.knowFrom, freeTrialStarted },
    });
    return { success: true as const, freeTrialStarted };
  });
};
