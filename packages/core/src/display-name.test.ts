import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MESSAGES, validateDisplayName } from './display-name.ts';

describe('validateDisplayName', () => {
  it.each([
    ['Maria Clara', 'Maria Clara'],
    ['  Juan   Dela  Cruz ', 'Juan Dela Cruz'],
    ['<b>Ana</b> Santos', 'Ana Santos'],
    ['Niño', 'Niño'],
    ['Jo', 'Jo'],
  ])('accepts %j as %j', (input, value) => {
    expect(validateDisplayName(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['A', DISPLAY_NAME_MESSAGES.TOO_SHORT],
    ['<i></i>', DISPLAY_NAME_MESSAGES.TOO_SHORT],
    ['x'.repeat(41), DISPLAY_NAME_MESSAGES.TOO_LONG],
    ['maria@example.com', DISPLAY_NAME_MESSAGES.NO_EMAIL],
    ['call me at ana @ gmail', DISPLAY_NAME_MESSAGES.NO_EMAIL],
    ['https://spam.example', DISPLAY_NAME_MESSAGES.NO_LINK],
    ['visit www.reviewer', DISPLAY_NAME_MESSAGES.NO_LINK],
    ['buy at cheapreview.com', DISPLAY_NAME_MESSAGES.NO_LINK],
  ])('refuses %j', (input, message) => {
    expect(validateDisplayName(input)).toEqual({ ok: false, message });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateDisplayName('😀'.repeat(40)).ok).toBe(true);
  });
});
