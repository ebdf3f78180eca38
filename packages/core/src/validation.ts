import { ATTACHMENT_MAX_BYTES, MESSAGE_MAX_LENGTH, REF_CODE_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { getPlan } from './plans.ts';

/** Email pattern: text, an at sign, text, a dot and text, with no spaces (docs/product.md#validation). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email is trimmed and lower-cased before sending (docs/product.md#validation). */
export function normalizeEmail(s: string): string {
  return s.trim().toLowerCase();
}

/** The in-app free-trial form once valid: fields trimmed, the email lower-cased (docs/product.md#validation). */
export type InAppForm = { firstName: string; lastName: string; email: string };

/** A field's trimmed text, or null when it is missing, not text or blank. */
const filled = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * Validates the in-app free-trial form (docs/product.md#validation, #in-app-form) and returns the one
 * message to show (docs/product.md#errors): all three fields are required, and 'All fields are required.' wins
 * over the email message; the email must match EMAIL_PATTERN. The contract's `inAppFormSchema`
 * wraps this function.
 */
export function validateInAppForm(input: {
  firstName: string;
  lastName: string;
  email: string;
}): { ok: true; data: InAppForm } | { ok: false; message: string } {
  const firstName = filled(input.firstName);
  const lastName = filled(input.lastName);
  const email = filled(input.email);
  if (firstName === null || lastName === null || email === null) {
    return { ok: false, message: MESSAGES.ALL_FIELDS_REQUIRED };
  }
  if (!EMAIL_PATTERN.test(email)) return { ok: false, message: MESSAGES.INVALID_EMAIL };
  return { ok: true, data: { firstName, lastName, email: normalizeEmail(email) } };
}

/** Reference codes are compared without whitespace (docs/product.md#validation; docs/product.md#buying). */
export function normalizeRefCode(s: string): string {
  return s.replace(/\s+/g, '');
}

const REF_CODE_PATTERN = new RegExp(`^\\d{${REF_CODE_LENGTH}}$`);

/** A payment reference code is exactly 13 digits once whitespace is removed (docs/product.md#validation, #constants). */
export function isValidRefCode(s: string): boolean {
  return REF_CODE_PATTERN.test(normalizeRefCode(s));
}

/** "A plan must be selected" (docs/product.md#validation): null when the id names a catalogue plan, else the message. */
export function validatePlanSelection(planId: string | null | undefined): string | null {
  return planId != null && getPlan(planId) !== undefined ? null : MESSAGES.SELECT_PLAN;
}

/**
 * Payment proof (docs/product.md#validation): with the reference-code method the code must be 13 digits; with the
 * other method a screenshot must be present, and (our decision) it follows the attachment rule:
 * an image of at most 5 MB. Returns null when valid, else the message to show.
 */
export function validatePaymentProof(input: {
  method: 'refCode' | 'screenshot';
  refCode?: string;
  screenshot?: { type: string; size: number } | null;
}): string | null {
  if (input.method === 'refCode') {
    return isValidRefCode(input.refCode ?? '') ? null : MESSAGES.INVALID_REF_CODE;
  }
  if (input.screenshot == null) return MESSAGES.SCREENSHOT_REQUIRED;
  return validateAttachment(input.screenshot);
}

/**
 * Message text limit (docs/product.md#validation): keeps the first 500 characters and ignores further input. Counts
 * UTF-16 code units like a textarea's maxLength, without splitting an emoji's surrogate pair.
 */
export function clampMessage(text: string): string {
  if (text.length <= MESSAGE_MAX_LENGTH) return text;
  const cut = text.slice(0, MESSAGE_MAX_LENGTH);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** The remaining-characters counter under the message text area (docs/product.md#message-modal). */
export function remainingMessageChars(text: string): number {
  return MESSAGE_MAX_LENGTH - clampMessage(text).length;
}

/**
 * Attachment rule (docs/product.md#validation): image files only, at most 5 MB (exactly 5 MB passes).
 * Returns null when valid, else IMAGES_ONLY or FILE_TOO_LARGE (the type is checked first).
 */
export function validateAttachment(file: { type: string; size: number }): string | null {
  if (!/^image\//i.test(file.type)) return MESSAGES.IMAGES_ONLY;
  if (file.size > ATTACHMENT_MAX_BYTES) return MESSAGES.FILE_TOO_LARGE;
  return null;
}

/** Uploading a payment screenshot requires a file (docs/product.md#validation, #errors 'Missing file for upload.'). */
export function requireUploadFile<T>(file: T | null | undefined): T {
  if (file === null || file === undefined) throw new Error(MESSAGES.MISSING_UPLOAD_FILE);
  return file;
}

/**
 * Document creation rejects a path with exactly two segments, a document path rather than a
 * collection (docs/product.md#validation, #errors 'Incorrect collection path'). Empty segments ('/a//b/') are ignored.
 */
export function assertCollectionPath(path: string): void {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 2) throw new Error(MESSAGES.INCORRECT_COLLECTION_PATH);
}

/**
 * Text helper (docs/product.md#validation): removes HTML tags (`<…>`) and decodes nothing else; throws a TypeError
 * when the input is not a string.
 */
export function stripHtml(input: unknown): string {
  if (typeof input !== 'string') throw new TypeError('stripHtml expects a string');
  return input.replace(/<[^>]*>/g, '');
}
