import { escapeHtml } from '../../platform/html.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

export const TRIAL_EMAIL_SUBJECT = 'Your 3-day Pasado free trial is ready';

/** Students are in the Philippines (docs/product.md#overview): dates in their time zone. */
const formatTrialEnd = (date: Date) =>
  new Intl.DateTimeFormat('en-PH', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Manila',
  }).format(date);

/**
 * The email the in-app free-trial form sends (docs/product.md#in-app-form step 2: "We've sent you a link to our
 * app"): the link to the app and the trial's end, as plain text and simple HTML.
 */
export function trialEmail(input: {
  to: string;
  firstName: string;
  appUrl: string;
  trialEndsAt: Date;
}): MailMessage {
  const ends = formatTrialEnd(input.trialEndsAt);
  const text = [
    `Hi ${input.firstName},`,
    '',
    'Your 3-day Pasado free trial is ready.',
    '',
    `Open Pasado: ${input.appUrl}`,
    '',
    `Sign in with this email address (${input.to}) to start reviewing. Your free trial ends ${ends}.`,
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
<p>Sign in with this email address (${escapeHtml(input.to)}) to start reviewing. Your free trial ends ${escapeHtml(ends)}.</p>
<p>Good luck with your exam!<br>The Pasado team</p>
<p>If the button does not work, copy this link: ${href}</p>
</body></html>`;
  return { to: input.to, subject: TRIAL_EMAIL_SUBJECT, text, html };
}
