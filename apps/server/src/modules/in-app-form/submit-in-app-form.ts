import {
  IN_APP_FORM_SERVER_MESSAGES,
  IN_APP_FREE_TRIAL_DAYS,
  validateInAppForm,
} from '@pasado/core';
import { appendAudit } from '../auth/session-logs.repository.ts';
import { createFreeTrial } from '../subscriptions/repository.ts';
import { setCurrentSubscription } from '../users/repository.ts';
import type { PublicServerFunction } from './context.ts';
import { deletePendingUser, IN_APP_FORM_KNOW_FROM, insertPendingUser } from './repository.ts';
import { trialEmail } from './trial-email.ts';

/**
 * submitInAppForm (SPEC §2 "In-app free-trial form", §5, §7, §8), callable without a session.
 * Refusals are answers, not errors: `{ isSuccess: false, message }`, which the form shows.
 *
 * 1. One transaction: the pending account (email, "First Last", knowFrom 'in-app-form'), its
 *    3-day free trial made current, an audit row. A taken email → ACCOUNT_EXISTS.
 * 2. The email with the link to the app, after the commit: a transaction is never held open over
 *    SMTP (on PGlite it would stall every other request of the process).
 * 3. If the email cannot be sent, a compensating transaction removes the account again (it has
 *    not signed in yet) so the person can simply retry; the answer is MAIL_FAILED.
 * docs/decisions/005-in-app-free-trial.md explains the choice.
 */
export const submitInAppForm: PublicServerFunction<'submitInAppForm'> = async (ctx, input) => {
  const checked = validateInAppForm(input);
  if (!checked.ok) return { isSuccess: false, message: checked.message };
  const { firstName, lastName, email } = checked.data;

  const created = await ctx.db.db.transaction(async (tx) => {
    const user = await insertPendingUser(tx, { email, displayName: `${firstName} ${lastName}` });
    if (!user) return null;
    const trial = await createFreeTrial(tx, user.id, ctx.now, IN_APP_FREE_TRIAL_DAYS);
    await setCurrentSubscription(tx, user.id, trial.id);
    await appendAudit(tx, {
      actorUserId: null,
      actorEmail: email,
      action: 'submitInAppForm',
      targetType: 'user',
      targetId: user.id,
      details: { subscriptionId: trial.id, knowFrom: IN_APP_FORM_KNOW_FROM },
    });
    return { userId: user.id, trialEndsAt: trial.expiryDate };
  });
  if (!created) return { isSuccess: false, message: IN_APP_FORM_SERVER_MESSAGES.ACCOUNT_EXISTS };

  try {
    await ctx.mailer.send(
      trialEmail({
        to: email,
        firstName,
        appUrl: ctx.appDownloadUrl,
        trialEndsAt: created.trialEndsAt,
      }),
    );
  } catch (error) {
    ctx.log.warn({ err: error, userId: created.userId }, 'in-app form: the trial email failed');
    await ctx.db.db.transaction(async (tx) => {
      const removed = await deletePendingUser(tx, created.userId);
      await appendAudit(tx, {
        actorUserId: null,
        actorEmail: email,
        action: 'submitInAppForm.mailFailed',
        targetType: 'user',
        targetId: created.userId,
        details: { accountRemoved: removed },
      });
    });
    return { isSuccess: false, message: IN_APP_FORM_SERVER_MESSAGES.MAIL_FAILED };
  }
  return { isSuccess: true, message: IN_APP_FORM_SERVER_MESSAGES.SUCCESS };
};
