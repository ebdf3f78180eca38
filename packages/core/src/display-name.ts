import { stripHtml } from './validation.ts';

/** Longest display name a student may set (fits one leaderboard row at 360 px). */
export const DISPLAY_NAME_MAX_LENGTH = 40;

export const DISPLAY_NAME_MESSAGES = {
  TOO_SHORT: 'Enter at least 2 letters.',
  TOO_LONG: `Use at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  NO_EMAIL: 'A display name cannot be an email address.',
  NO_LINK: 'A display name cannot contain a link.',
} as const;

const EMAIL_LIKE = /@/;
const LINK_LIKE =
  /(https?:|www\.|:\/\/|\b[a-z0-9-]+\.(com|net|org|ph|io|me|co|info|xyz|app|dev)\b)/i;

/**
 * The name a student shows other students (leaderboard), as they type it on the account page
 * (issue 9, finding 12): HTML stripped, spaces collapsed, 2 to 40 characters, and no email
 * address or link — the board must never carry contact details or spam.
 */
export function validateDisplayName(
  input: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const value = stripHtml(input).replace(/\s+/g, ' ').trim();
  if (Array.from(value).length < 2) return { ok: false, message: DISPLAY_NAME_MESSAGES.TOO_SHORT };
  if (Array.from(value).length > DISPLAY_NAME_MAX_LENGTH) {
    return { ok: false, message: DISPLAY_NAME_MESSAGES.TOO_LONG };
  }
  if (EMAIL_LIKE.test(value)) return { ok: false, message: DISPLAY_NAME_MESSAGES.NO_EMAIL };
  if (LINK_LIKE.test(value)) return { ok: false, message: DISPLAY_NAME_MESSAGES.NO_LINK };
  return { ok: true, value };
}
