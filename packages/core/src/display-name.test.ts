import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_MESSAGES as M,
  suggestedDisplayName,
  validateDisplayName,
} from './display-name.ts';

describe('validateDisplayName', () => {
  it.each([
    ['Maria Clara', 'Maria Clara'],
    ['  Juan   Dela  Cruz ', 'Juan Dela Cruz'],
    ['<b>Ana</b> Santos', 'Ana Santos'],
    ['Niño', 'Niño'],
    ['Jo', 'Jo'],
    ['Ma. Clara Reyes', 'Ma. Clara Reyes'],
    ['Juan 3rd', 'Juan 3rd'],
    ['Katrina Dotimas', 'Katrina Dotimas'],
    ['Ｊｏｓｅ', 'Jose'],
    ['Ana 😀', 'Ana 😀'],
  ])('accepts %j as %j', (input, value) => {
    expect(validateDisplayName(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['A', M.TOO_SHORT],
    ['<i></i>', M.TOO_SHORT],
    ['😀😀', M.TOO_SHORT],
    ['· ·', M.TOO_SHORT],
    ['x'.repeat(41), M.TOO_LONG],
    ['maria@example.com', M.NO_EMAIL],
    ['call me at ana @ gmail', M.NO_EMAIL],
    // Issue 21 finding 6: the spellings the probe got through.
    ['juan＠example．com', M.NO_EMAIL],
    ['juan at example dot com', M.NO_EMAIL],
    ['juan (at) gmail', M.NO_EMAIL],
    ['https://spam.example', M.NO_LINK],
    ['visit www.reviewer', M.NO_LINK],
    ['buy at cheapreview.com', M.NO_LINK],
    ['visit cheap-reviewers.shop', M.NO_LINK],
    ['reviewers dot shop', M.NO_LINK],
    ['reviewers (dot) ph', M.NO_LINK],
    ['Text 0917 123 4567', M.NO_PHONE],
    ['call +63-917-123-4567', M.NO_PHONE],
    ['Ana\u202Enimda', M.NO_HIDDEN],
    ['Ana\u2066Santos', M.NO_HIDDEN],
    ['\u200B\u200B\u200B', M.NO_HIDDEN],
    ['\u3164\u3164', M.NO_HIDDEN],
    ['Ana\u00ADSantos', M.NO_HIDDEN],
    ['\u2800\u2800', M.NO_HIDDEN],
    ['Pasado Admin', M.NO_STAFF],
    ['Official Support', M.NO_STAFF],
    ['Staff Maria', M.NO_STAFF],
  ])('refuses %j', (input, message) => {
    expect(validateDisplayName(input)).toEqual({ ok: false, message });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateDisplayName(`Ana ${'😀'.repeat(36)}`).ok).toBe(true);
    expect(validateDisplayName(`Ana ${'😀'.repeat(37)}`)).toEqual({
      ok: false,
      message: M.TOO_LONG,
    });
  });
});

describe('suggestedDisplayName', () => {
  it.each([
    ['Maria Clara Reyes', 'Maria'],
    ['  Jose  ', 'Jose'],
    ['student1-123', 'student1-123'],
    ['juan@example.com', null],
    // The in-app form's "First Last", typed by anyone: a phone number is not offered.
    ['Call09171234567 Admin', null],
    ['', null],
    [null, null],
  ])('%j → %j', (provider, suggestion) => {
    expect(suggestedDisplayName(provider)).toBe(suggestion);
  });
});
