import { describe, expect, it } from 'vitest';
import {
  assertCollectionPath,
  clampMessage,
  EMAIL_PATTERN,
  isValidRefCode,
  normalizeEmail,
  normalizeRefCode,
  remainingMessageChars,
  requireUploadFile,
  stripHtml,
  validateAttachment,
  validateInAppForm,
  validatePaymentProof,
  validatePlanSelection,
} from './validation.ts';

const MB = 1024 * 1024;
const REQUIRED = 'All fields are required.';
const BAD_EMAIL = 'Please enter a valid email address.';

describe('EMAIL_PATTERN (docs/product.md#validation)', () => {
  it.each([
    ['juan@example.com', true],
    ['a@b.c', true],
    ['juan.dela.cruz+ph@mail.example.com.ph', true],
    ['juan@example', false],
    ['juanexample.com', false],
    ['juan@.com', false], // needs text between the at sign and the dot
    ['@example.com', false],
    ['juan@example.', false],
    ['ju an@example.com', false],
    ['juan@exa mple.com', false],
    ['juan@@example.com', false],
    ['', false],
  ])('%j → %s', (email, ok) => {
    expect(EMAIL_PATTERN.test(email)).toBe(ok);
  });
});

describe('normalizeEmail (docs/product.md#validation)', () => {
  it.each([
    ['  Juan@Example.COM ', 'juan@example.com'],
    ['juan@example.com', 'juan@example.com'],
    ['\tMARIA@x.PH\n', 'maria@x.ph'],
  ])('%j → %j', (raw, normal) => {
    expect(normalizeEmail(raw)).toBe(normal);
  });
});

describe('validateInAppForm (docs/product.md#validation, #errors)', () => {
  const ok = { firstName: 'Juan', lastName: 'Dela Cruz', email: 'juan@example.com' };
  it.each<[string, Record<string, string>, ReturnType<typeof validateInAppForm>]>([
    ['valid', ok, { ok: true, data: ok }],
    [
      'trims and lower-cases',
      { firstName: ' Juan ', lastName: ' Dela Cruz\t', email: '  JUAN@Example.com ' },
      { ok: true, data: ok },
    ],
    ['empty first name', { ...ok, firstName: '' }, { ok: false, message: REQUIRED }],
    ['blank last name', { ...ok, lastName: '   ' }, { ok: false, message: REQUIRED }],
    ['empty email', { ...ok, email: '' }, { ok: false, message: REQUIRED }],
    ['blank email', { ...ok, email: '  ' }, { ok: false, message: REQUIRED }],
    ['bad email', { ...ok, email: 'juan@example' }, { ok: false, message: BAD_EMAIL }],
    [
      'email with a space',
      { ...ok, email: 'ju an@example.com' },
      { ok: false, message: BAD_EMAIL },
    ],
    [
      'required wins over a bad email',
      { firstName: '', lastName: 'Cruz', email: 'nope' },
      { ok: false, message: REQUIRED },
    ],
    ['all empty', { firstName: '', lastName: '', email: '' }, { ok: false, message: REQUIRED }],
  ])('%s', (_label, form, expected) => {
    expect(validateInAppForm(form as Parameters<typeof validateInAppForm>[0])).toEqual(expected);
  });

  it('a missing field (untyped caller) reads as required', () => {
    const form = { firstName: 'Juan', email: 'juan@example.com' } as unknown as Parameters<
      typeof validateInAppForm
    >[0];
    expect(validateInAppForm(form)).toEqual({ ok: false, message: REQUIRED });
  });
});

describe('reference codes (docs/product.md#validation: exactly 13 digits)', () => {
  it.each([
    [' 1234 5678 90123 ', '1234567890123'],
    ['1234567890123', '1234567890123'],
    ['12\t34\n5', '12345'],
    ['', ''],
  ])('normalizeRefCode(%j) → %j', (raw, normal) => {
    expect(normalizeRefCode(raw)).toBe(normal);
  });

  it.each([
    ['1234567890123', true],
    ['1234 567 890123', true],
    [' 1234567890123 ', true],
    ['123456789012', false],
    ['12345678901234', false],
    ['123456789012a', false],
    ['1234-567890123', false],
    ['١٢٣٤٥٦٧٨٩٠١٢٣', false], // non-ASCII digits
    ['', false],
  ])('isValidRefCode(%j) → %s', (code, ok) => {
    expect(isValidRefCode(code)).toBe(ok);
  });
});

describe('validatePlanSelection (docs/product.md#validation: a plan must be selected)', () => {
  it.each([
    ['1-month', null],
    ['3-months', null],
    [null, 'Please select a plan.'],
    [undefined, 'Please select a plan.'],
    ['', 'Please select a plan.'],
    ['12-months', 'Please select a plan.'],
  ])('%j → %j', (id, message) => {
    expect(validatePlanSelection(id)).toBe(message);
  });
});

describe('validatePaymentProof (docs/product.md#validation)', () => {
  const png = { type: 'image/png', size: 200_000 };
  it.each<[string, Parameters<typeof validatePaymentProof>[0], string | null]>([
    ['valid ref code', { method: 'refCode', refCode: '1234567890123' }, null],
    ['ref code with spaces', { method: 'refCode', refCode: '1234 5678 90123' }, null],
    [
      'short ref code',
      { method: 'refCode', refCode: '12345' },
      'Enter the 13-digit reference code from your receipt.',
    ],
    [
      'missing ref code',
      { method: 'refCode' },
      'Enter the 13-digit reference code from your receipt.',
    ],
    [
      'ref code method ignores a screenshot',
      { method: 'refCode', screenshot: png },
      'Enter the 13-digit reference code from your receipt.',
    ],
    ['screenshot present', { method: 'screenshot', screenshot: png }, null],
    [
      'screenshot method ignores the ref code',
      { method: 'screenshot', refCode: 'x', screenshot: png },
      null,
    ],
    [
      'screenshot null',
      { method: 'screenshot', screenshot: null },
      'Attach a screenshot of your payment.',
    ],
    ['screenshot missing', { method: 'screenshot' }, 'Attach a screenshot of your payment.'],
    [
      'screenshot not an image',
      { method: 'screenshot', screenshot: { type: 'application/pdf', size: 10 } },
      'Only image files can be attached.',
    ],
    [
      'screenshot too large',
      { method: 'screenshot', screenshot: { type: 'image/jpeg', size: 5 * MB + 1 } },
      'File too large. Maximum size is 5 MB.',
    ],
  ])('%s', (_label, proof, message) => {
    expect(validatePaymentProof(proof)).toBe(message);
  });
});

describe('clampMessage and remainingMessageChars (docs/product.md#validation: 500 characters)', () => {
  const emoji = '😀'; // two UTF-16 code units
  it.each([
    ['empty', '', 0],
    ['short', 'Salamat po!', 11],
    ['499', 'a'.repeat(499), 499],
    ['exactly 500', 'a'.repeat(500), 500],
    ['501', 'a'.repeat(501), 500],
    ['far over', 'b'.repeat(10_000), 500],
    ['emoji straddling the limit', `${'a'.repeat(499)}${emoji}`, 499],
    ['emoji ending at the limit', `${'a'.repeat(498)}${emoji}x`, 500],
  ])('%s', (_label, text, length) => {
    const clamped = clampMessage(text);
    expect(clamped.length).toBe(length);
    expect(text.startsWith(clamped)).toBe(true);
    expect(remainingMessageChars(text)).toBe(500 - length);
  });
});

describe('validateAttachment (docs/product.md#validation: images only, 5 MB)', () => {
  it.each([
    ['image/png', 1, null],
    ['image/jpeg', 5 * MB, null],
    ['IMAGE/WEBP', 100, null],
    ['image/jpeg', 5 * MB + 1, 'File too large. Maximum size is 5 MB.'],
    ['application/pdf', 100, 'Only image files can be attached.'],
    ['application/pdf', 50 * MB, 'Only image files can be attached.'],
    ['', 100, 'Only image files can be attached.'],
    ['text/html; image/png', 100, 'Only image files can be attached.'],
  ])('%j of %i bytes → %j', (type, size, message) => {
    expect(validateAttachment({ type, size })).toBe(message);
  });
});

describe('requireUploadFile (docs/product.md#validation, #errors)', () => {
  it.each([null, undefined])('%s throws Missing file for upload.', (file) => {
    expect(() => requireUploadFile(file)).toThrow(new Error('Missing file for upload.'));
  });
  it.each([{ name: 'receipt.png' }, '', 0])('%j is returned as is', (file) => {
    expect(requireUploadFile(file)).toBe(file);
  });
});

describe('assertCollectionPath (docs/product.md#validation)', () => {
  it.each(['users/u1', '/users/u1', 'users/u1/', 'users//u1'])('%j throws', (path) => {
    expect(() => assertCollectionPath(path)).toThrow(new Error('Incorrect collection path'));
  });
  it.each(['users', 'users/u1/sessions', 'a/b/c/d', '', '/'])('%j passes', (path) => {
    expect(() => assertCollectionPath(path)).not.toThrow();
  });
});

describe('stripHtml (docs/product.md#validation)', () => {
  it.each([
    ['<p>Hello <b>po</b></p>', 'Hello po'],
    ['no tags', 'no tags'],
    ['<br/>line<br />', 'line'],
    ['a < b and c > d', 'a  d'],
    ['5 < 6', '5 < 6'],
    ['&lt;b&gt; stays encoded', '&lt;b&gt; stays encoded'],
    ['<a href="x">link</a>', 'link'],
    ['', ''],
  ])('%j → %j', (html, text) => {
    expect(stripHtml(html)).toBe(text);
  });
  it.each([null, undefined, 42, {}, ['<b>']])('%j throws a TypeError', (value) => {
    expect(() => stripHtml(value)).toThrow(TypeError);
  });
});
