import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText } from './safe-text.ts';

describe('isSafeText', () => {
  it.each([
    ['plain', true],
    ['Filipino: ñ, emoji 😀 (a surrogate pair)', true],
    ['', true],
    ['nul \u0000 inside', false],
    ['lone high \uD83D', false],
    ['lone low \uDE00 start', false],
    ['reversed pair \uDE00\uD83D', false],
    ['\uD83D\uDE00 then lone \uD83D', false],
  ])('%j → %s', (text, safe) => {
    expect(isSafeText(text)).toBe(safe);
  });
});

describe('findUnsafeText', () => {
  it('names the first unsafe string by its path, keys included', () => {
    expect(findUnsafeText({ data: { reviewer: 'let-elem', knowFrom: 'x\u0000' } })).toBe(
      'data.knowFrom',
    );
    expect(findUnsafeText({ list: ['ok', 'bad\uD800'] })).toBe('list.1');
    expect(findUnsafeText('bad\u0000')).toBe('');
    expect(findUnsafeText({ 'k\u0000': 1 })).toBe('k?');
  });

  it('passes safe values, numbers, null and binary bodies', () => {
    expect(findUnsafeText({ a: 1, b: null, c: [true, 'ok'], d: { e: 'ñ' } })).toBeNull();
    expect(findUnsafeText(new Uint8Array([0, 0xd8]))).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
  });
});
