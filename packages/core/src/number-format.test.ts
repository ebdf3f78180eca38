import { describe, expect, it } from 'vitest';
import { formatPeso, groupThousands } from './number-format.ts';

describe('counts and pesos (what Intl.NumberFormat("en-PH") writes, checked in Chromium)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1,000'],
    [1_234, '1,234'],
    [99_999, '99,999'],
    [100_000, '100,000'],
    [1_234_567, '1,234,567'],
    [1_234_567.125, '1,234,567.125'],
    [1.5, '1.5'],
    [0.0004, '0'],
    [2.0006, '2.001'],
    [-1_234, '-1,234'],
  ])('groupThousands(%d) → %s', (value, text) => {
    expect(groupThousands(value)).toBe(text);
  });

  it('writes what is not a number as itself', () => {
    expect(groupThousands(Number.NaN)).toBe('NaN');
  });

  it.each([
    [99, '₱99'],
    [199, '₱199'],
    [1_299, '₱1,299'],
    [0, '₱0'],
  ])('formatPeso(%d) → %s', (amount, text) => {
    expect(formatPeso(amount)).toBe(text);
  });
});
