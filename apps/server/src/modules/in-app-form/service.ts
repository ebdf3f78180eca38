import {
  type FunctionResult,
  IN_APP_FORM_SERVER_MESSAGES,
  IN_APP_FREE_TRIAL_DAYS,
  manilaDayKey,
  validateInAppForm,
} from '@pasado/core';
import type { FastifyBaseLogger } from 'fastify';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { CallableInput } from '../../platform/callables/envelope.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { createFreeTrial } from '../subscriptions/subscriptions.repository.ts';
import {
  deletePendingUser,
  insertPendingUser,
  setCurrentSubscription,
} from '../users/repository.ts';
import { incrementVisits } from './repository.ts';
import { trialEmail } from './trial-email.ts';

/** The value of users.know_from for accounts made by the in-app form. */
export const IN_APP_FORM_KNOW_FROM = 'in-app-form';

/**
 * submitInAppForm (docs/product.md#in-app-form, #validation, #server-functions, #errors), callable without a session.
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
export async function submitInAppForm(
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; appDownloadUrl: string },
  input: CallableInput<'submitInAppForm'>,
  now: Date,
): Promise<FunctionResult<'submitInAppForm'>> {
  const checked = validateInAppForm(input);
  if (!checked.ok) return { isSuccess: false, message: checked.message };
  const { firstName, lastName, email } = checked.data;

  const created = await deps.db.transaction(async (tx) => {
    const user = await insertPendingUser(tx, {
      email,
      displayName: `${firstName} ${lastName}`,
      knowFrom: IN_APP_FORM_KNOW_FROM,
    });
    if (!user) return null;
    const trial = await createFreeTrial(tx, user.id, now, IN_APP_FREE_TRIAL_DAYS);
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
    await deps.mailer.send(
      trialEmail({
        to: email,
        firstName,
        appUrl: deps.appDownloadUrl,
        trialEndsAt: created.trialEndsAt,
      }),
    );
  } catch (error) {
    deps.log.warn({ err: error, userId: created.userId }, 'in-app form: the trial email failed');
    await deps.db.transaction(async (tx) => {
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
}

/**
 * incrementInAppFormVisit (docs/product.md#server-functions): counts one visit of the form on today's Manila date
 * (docs/product.md#time: days are Asia/Manila).
 */
export async function countFormVisit(db: Db, now: Date): Promise<void> {
  await incrementVisits(db, manilaDayKey(now));
}
