import {
  type FunctionResult,
  IN_APP_FORM_SERVER_MESSAGES,
  manilaDayKey,
  validateInAppForm,
} from '@pasado/core';
import type { FastifyBaseLogger } from 'fastify';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { CallableInput } from '../../platform/callables/envelope.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { deletePendingUser, insertPendingUser } from '../users/repository.ts';
import { incrementVisits } from './repository.ts';
import { trialEmail } from './trial-email.ts';

/** The value of users.know_from for accounts made by the in-app form. */
export const IN_APP_FORM_KNOW_FROM = 'in-app-form';

/**
 * submitInAppForm (docs/product.md#in-app-form, #validation, #server-functions, #errors), callable without a session.
 * Refusals are answers, not errors: `{ isSuccess: false, message }`, which the form shows.
 *
 * 1. One transaction: the pending account (email, "First Last" kept private, knowFrom
 *    'in-app-form'), an audit row. A taken email → ACCOUNT_EXISTS. No trial and no public name yet:
 *    anyone can type anyone's email here, so the trial starts at the owner's onboarding (a full 3
 *    days, one per account) and the name others see is the one the owner chooses there.
 * 2. The email with the link to the app, after the commit: a transaction is never held open over
 *    SMTP (on PGlite it would stall every other request of the process).
 * 3. If the email cannot be sent, a compensating transaction removes the account again (it has
 *    not signed in yet) so the person can simply retry; the answer is MAIL_FAILED.
 * docs/decisions/005-in-app-free-trial.md explains the choice.
 */
export async function submitInAppForm(
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; appDownloadUrl: string },
  input: CallableInput<'submitInAppForm'>,
): Promise<FunctionResult<'submitInAppForm'>> {
  const checked = validateInAppForm(input);
  if (!checked.ok) return { isSuccess: false, message: checked.message };
  const { firstName, lastName, email } = checked.data;

  const created = await deps.db.transaction(async (tx) => {
    const user = await insertPendingUser(tx, {
      email,
      formName: `${firstName} ${lastName}`,
      knowFrom: IN_APP_FORM_KNOW_FROM,
    });
    if (!user) return null;
    await appendAudit(tx, {
      actorUserId: null,
      actorEmail: email,
      action: 'submitInAppForm',
      targetType: 'user',
      targetId: user.id,
      details: { knowFrom: IN_APP_FORM_KNOW_FROM },
    });
    return { userId: user.id };
  });
  if (!created) return { isSuccess: false, message: IN_APP_FORM_SERVER_MESSAGES.ACCOUNT_EXISTS };

  try {
    await deps.mailer.send(trialEmail({ to: email, firstName, appUrl: deps.appDownloadUrl }));
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
