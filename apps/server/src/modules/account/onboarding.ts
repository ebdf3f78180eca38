import { validateDisplayName } from '@pasado/core';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { CallableInput } from '../../platform/callables/envelope.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { setStudentSitting } from '../content/exam-sittings.repository.ts';
import { checkSittingPick } from '../content/exam-sittings.ts';
import { checkOffer, MESSAGES_OFFER } from '../content/offers.ts';
import {
  findReviewer,
  grantReviewerAccess,
  replaceReviewerAccess,
} from '../content/reviewers.repository.ts';
import {
  countSubscriptionsOf,
  createFreeTrial,
} from '../subscriptions/subscriptions.repository.ts';
import {
  completeOnboarding,
  lockUser,
  setCurrentSubscription,
  setDisplayName,
  touchUser,
} from '../users/repository.ts';

/**
 * Onboarding (docs/product.md#server-functions applyRevAccess; docs/product.md#onboarding): grants the chosen reviewer, marks
 * the user onboarded and starts the 3-day free trial for a user who never had a subscription — all
 * in one transaction, with the user row locked so two devices onboarding at once start one trial.
 * Called again once onboarded, it is a track switch (issue 21 finding 1): the chosen reviewer
 * replaces every one held before, audited as `switchTrack`, so a student holds one track at a time
 * and never collects others' content.
 */
export async function applyRevAccess(
  db: Db,
  userId: string,
  input: CallableInput<'applyRevAccess'>,
  now: Date,
): Promise<{ success: true; freeTrialStarted: boolean }> {
  const reviewer = await findReviewer(db, input.reviewer);
  if (!reviewer) throw new AppError('INVALID_ARGUMENT', MESSAGES_OFFER.notOffered);
  const { major } = await checkOffer(db, reviewer.shorthand, input.major);
  // The public name, when the student chose one (issue 21 finding 6): checked before anything is
  // written, so a refused name changes nothing.
  const name = input.displayName?.trim() ? validateDisplayName(input.displayName) : null;
  if (name && !name.ok) throw new AppError('INVALID_ARGUMENT', name.message);
  // The exam date, when picked (issue 23 item 1: skippable): one of this track's upcoming sittings.
  const sitting = input.sitting ?? null;
  if (sitting !== null) await checkSittingPick(db, reviewer.shorthand, sitting, now);

  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('NOT_FOUND', 'Your account no longer exists.');
    if (user.isOnboarded) {
      const before = await replaceReviewerAccess(tx, user.id, reviewer.shorthand, major);
      if (sitting !== null) await setStudentSitting(tx, user.id, reviewer.shorthand, sitting);
      await touchUser(tx, user.id);
      await appendAudit(tx, {
        actorUserId: user.id,
        actorEmail: user.email,
        action: 'switchTrack',
        targetType: 'user',
        targetId: user.id,
        details: {
          from: before,
          to: reviewer.shorthand,
          ...(major ? { major } : {}),
          ...(sitting ? { sitting } : {}),
        },
      });
      return { success: true as const, freeTrialStarted: false };
    }
    await grantReviewerAccess(tx, user.id, reviewer.shorthand, major);
    if (sitting !== null) await setStudentSitting(tx, user.id, reviewer.shorthand, sitting);
    let freeTrialStarted = false;
    if ((await countSubscriptionsOf(tx, user.id)) === 0) {
      const trial = await createFreeTrial(tx, user.id, now);
      await setCurrentSubscription(tx, user.id, trial.id);
      freeTrialStarted = true;
    }
    if (name?.ok) await setDisplayName(tx, user.id, name.value);
    // A later reviewer keeps the first answer to "how did you hear about us".
    await completeOnboarding(tx, user.id, user.knowFrom ?? input.knowFrom);
    await appendAudit(tx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'applyRevAccess',
      targetType: 'user',
      targetId: user.id,
      details: {
        reviewer: reviewer.shorthand,
        ...(major ? { major } : {}),
        ...(sitting ? { sitting } : {}),
        knowFrom: input.knowFrom,
        freeTrialStarted,
      },
    });
    return { success: true as const, freeTrialStarted };
  });
}
