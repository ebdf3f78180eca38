import { describe, expect, it } from 'vitest';
import { roundToTotal } from './percent-rounding.ts';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('roundToTotal (largest remainder; issue 13 item 2)', () => {
  it.each<[string, number[], number[]]>([
    // CSE Professional: 50 of 170 items, then 40 of 170 three times. One by one: 29/24/24/24 = 101.
    ['CSE Professional weights', [0.294118, 0.235294, 0.235294, 0.235294], [29, 24, 24, 23]],
    ['LET: 40 / 60', [0.4, 0.6], [40, 60]],
    ['NLE: five equal parts', [0.2, 0.2, 0.2, 0.2, 0.2], [20, 20, 20, 20, 20]],
    ['thirds: the first tie wins', [1, 1, 1], [34, 33, 33]],
    ['a tie goes to the larger share first', [21, 41, 138], [10, 21, 69]],
    ['an equal tie goes to the earlier part', [0.335, 0.33, 0.335], [34, 33, 33]],
    ['one part', [0.7], [100]],
    ['shares that do not add up to 1 are normalised', [50, 40, 40, 40], [29, 24, 24, 23]],
    ['a zero share stays 0', [0, 0.5, 0.5], [0, 50, 50]],
    ['floats that are whole numbers are not split', [0.7, 0.2, 0.1], [70, 20, 10]],
    ['halves: one by one they would make 101', [0.125, 0.125, 0.75], [13, 12, 75]],
    ['many small parts', [1, 1, 1, 1, 1, 1, 1], [15, 15, 14, 14, 14, 14, 14]],
  ])('%s', (_label, shares, expected) => {
    const rounded = roundToTotal(shares);
    expect(rounded).toEqual(expected);
    expect(sum(rounded)).toBe(100);
  });

  it('adds up to the total asked for', () => {
    expect(roundToTotal([1, 1, 1], 10)).toEqual([4, 3, 3]);
    expect(roundToTotal([2, 1], 0)).toEqual([0, 0]);
  });

  it('adds up to 100 for any shares (a sweep of awkward splits)', () => {
    for (let parts = 1; parts <= 9; parts += 1) {
      for (let seed = 1; seed <= 40; seed += 1) {
        const shares = Array.from({ length: parts }, (_, i) => ((seed * (i + 3) * 7919) % 97) + 1);
        const rounded = roundToTotal(shares);
        expect(sum(rounded)).toBe(100);
        // Never more than one unit away from the exact share.
        const whole = sum(shares);
        rounded.forEach((value, i) => {
          expect(Math.abs(value - ((shares[i] ?? 0) / whole) * 100)).toBeLessThan(1);
        });
      }
    }
  });

  it('keeps nothing to share as zeros, and an empty list empty', () => {
    expect(roundToTotal([])).toEqual([]);
    expect(roundToTotal([0, 0])).toEqual([0, 0]);
  });

  it('refuses negative or non-finite shares and a fractional total', () => {
    expect(() => roundToTotal([1, -1])).toThrow(RangeError);
    expect(() => roundToTotal([Number.NaN])).toThrow(RangeError);
    expect(() => roundToTotal([Number.POSITIVE_INFINITY, 1])).toThrow(RangeError);
    expect(() => roundToTotal([1], 99.5)).toThrow(RangeError);
  });
});
