import { escapeHtml } from '../../platform/html.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

export const TRIAL_EMAIL_SUBJECT = 'Your 3-day Pasado free trial is ready';

/**
 * When the trial starts. Not at submission: anyone can type anyone's email in the form, so the
 * 3 days start at the owner's onboarding (docs/product.md#in-app-form), right after their first
 * sign-in; there is no end date to tell yet.
 */
const TRIAL_START = 'Your 3 days start when you first sign in and choose your exam.';

/**
 * The email the in-app free-trial form sends (docs/product.md#in-app-form step 2: "We've sent you a link to our
 * app"): the link to the app and when the trial starts, as plain text and simple HTML.
 */
export function trialEmail(input: { to: string; firstName: string; appUrl: string }): MailMessage {
  const text = [
    `Hi ${input.firstName},`,
    '',
    'Your 3-day Pasado free trial is ready.',
    '',
    `Open Pasado: ${input.appUrl}`,
    '',
    `Sign in with this email address (${input.to}) to start reviewing. ${TRIAL_START}`,
    '',
    'Good luck with your exam!',
    'The Pasado team',
  ].join('\n');
  const href = escapeHtml(input.appUrl);
  const html = `<!doctype html>
<html lang="en"><body>
<p>Hi ${escapeHtml(input.firstName)},</p>
<p>Your 3-day Pasado free trial is ready.</p>
<p><a href="${href}">Open Pasado</a></p>
<p>Sign in with this email address (${escapeHtml(input.to)}) to start reviewing. ${TRIAL_START}</p>
<p>Good luck with your exam!<br>The Pasado team</p>
<p>If the button does not work, copy this link: ${href}</p>
</body></html>`;
  return { to: input.to, subject: TRIAL_EMAIL_SUBJECT, text, html };
}
