import { stripHtml } from './validation.ts';

/** Longest display name a student may set (fits one leaderboard row at 360 px). */
export const DISPLAY_NAME_MAX_LENGTH = 40;

export const DISPLAY_NAME_MESSAGES = {
  TOO_SHORT: 'Enter at least 2 letters.',
  TOO_LONG: `Use at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  NO_EMAIL: 'A display name cannot be an email address.',
  NO_LINK: 'A display name cannot contain a link.',
  NO_PHONE: 'A display name cannot contain a phone number.',
  NO_HIDDEN: 'Use letters you can see: no hidden or direction-changing characters.',
  NO_STAFF: 'A display name cannot look like it belongs to Pasado staff.',
} as const;

/**
 * Characters that change how text around them reads without being seen (issue 21 finding 6):
 * bidirectional embeddings, overrides and isolates, and the marks; zero-width characters and
 * joiners; the soft hyphen and the combining grapheme joiner; the Hangul, Braille and other fillers
 * that look like nothing; and every other format or private-use code point.
 */
const HIDDEN =
  /\u034F|[\u00AD\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFEFF\uFFA0\p{Cf}\p{Co}\p{Cs}]/u;

/** An address or a way to write one: @ (any width, after NFKC), or "at" and "dot" spelled out. */
const EMAIL_LIKE = /@|[([{]\s*at\s*[)\]}]|\bat\b.*\bdot\b/i;

const TLDS =
  'com|net|org|ph|io|me|co|info|xyz|app|dev|shop|store|online|site|link|live|club|biz|gg|tv|ly|to';
/** A link in any spelling: a scheme, www, a dotted domain, "dot com" spelled out, or "(dot)". */
const LINK_LIKE = new RegExp(
  `(https?|www|://)|[a-z0-9]\\.[a-z]{2,}|\\b[a-z0-9-]+\\s*(?:[([{]\\s*dot\\s*[)\\]}]|\\bdot\\b)\\s*[a-z]{2,}|\\bdot\\s*(?:${TLDS})\\b|\\.(?:${TLDS})\\b`,
  'i',
);

/** Seven digits or more, with any spaces, dots, dashes or brackets between them: a phone number. */
const PHONE_LIKE = /(?:\+?\d[\s().-]*){7,}/;

/** Words that would make a student look like the service speaking (or support to scam others). */
const STAFF_WORDS =
  /\b(pasado|admin|administrator|staff|moderator|mod|support|helpdesk|official|customer\s*service|system)\b/i;

/**
 * The name a student shows other students (leaderboard), as they type it on the account page or
 * at onboarding (issue 9 finding 12; issue 21 finding 6): normalised by Unicode NFKC first, so a
 * full-width "＠" or "．" is the "@" or "." it looks like; HTML stripped, spaces collapsed, 2 to 40
 * characters; and no contact details or spam in any spelling (an email, a link, a phone number),
 * no hidden or direction-changing characters, no name that looks empty, none that passes for staff.
 */
export function validateDisplayName(
  input: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const normalised = input.normalize('NFKC');
  if (HIDDEN.test(normalised)) return { ok: false, message: DISPLAY_NAME_MESSAGES.NO_HIDDEN };
  const value = stripHtml(normalised).replace(/\s+/g, ' ').trim();
  const letters = Array.from(value.replace(/[^\p{L}\p{N}]/gu, ''));
  if (letters.length < 2) return { ok: false, message: DISPLAY_NAME_MESSAGES.TOO_SHORT };
  if (Array.from(value).length > DISPLAY_NAME_MAX_LENGTH) {
    return { ok: false, message: DISPLAY_NAME_MESSAGES.TOO_LONG };
  }
  if (EMAIL_LIKE.test(value)) return { ok: false, message: DISPLAY_NAME_MESSAGES.NO_EMAIL };
  if (LINK_LIKE.test(value)) return { ok: false, message: DISPLAY_NAME_MESSAGES.NO_LINK };
  if (PHONE_LIKE.test(value)) return { ok: false, message: DISPLAY_NAME_MESSAGES.NO_PHONE };
  if (STAFF_WORDS.test(value)) return { ok: false, message: DISPLAY_NAME_MESSAGES.NO_STAFF };
  return { ok: true, value };
}

/**
 * What onboarding offers as the student's public name (issue 21 finding 6): the first word of the
 * name their sign-in provider gave (or, when it gave none, the name typed in the in-app form), when
 * it would pass as a display name; else nothing. The student chooses; nothing is public until they
 * do.
 */
export function suggestedDisplayName(providerName: string | null | undefined): string | null {
  const first = (providerName ?? '').normalize('NFKC').trim().split(/\s+/)[0] ?? '';
  const checked = validateDisplayName(first);
  return checked.ok ? checked.value : null;
}
