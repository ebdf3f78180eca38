import { describe, expect, it } from 'vitest';
import { CUE_RULES, choiceCues, cueProblems } from './choice-cues.ts';

const item = (choices: string[], answerIndex: number) => ({ choices, answerIndex });

describe('choiceCues', () => {
  it('counts a key that is the one longest choice, and clearly so past 1.2 × the next', () => {
    const figures = choiceCues([
      item(['a', 'bb', 'ccc', 'dddddddddd'], 3), // longest and clearly (10 > 1.2 × 3)
      item(['aaaaa', 'bbbbbb', 'c', 'd'], 1), // longest (6 > 5) but not clearly (6 ≤ 6)
      item(['aaaa', 'bbbb', 'c', 'd'], 0), // tied longest: not "the one longest"
      item(['aaaa', 'b', 'c', 'd'], 1), // not longest
    ]);
    expect(figures.items).toBe(4);
    expect(figures.longestKey).toBe(2 / 4);
    expect(figures.clearlyLongestKey).toBe(1 / 4);
    // Picking the longest: right on items 1 and 2, half the time on item 3 (two tied), wrong on 4.
    expect(figures.alwaysLongest).toBe(2.5 / 4);
    expect(figures.alwaysLetter).toEqual([1 / 4, 2 / 4, 0, 1 / 4]);
  });

  it('reads lengths as a reader sees them: trimmed, by character', () => {
    const figures = choiceCues([item(['  ñña  ', 'abcd', 'ab', 'a'], 1)]);
    expect(figures.longestKey).toBe(1);
    expect(figures.clearlyLongestKey).toBe(1); // 4 > 1.2 × 3
  });

  it('gives zeros for no items, and letters for items of fewer choices', () => {
    expect(choiceCues([])).toEqual({
      items: 0,
      longestKey: 0,
      clearlyLongestKey: 0,
      alwaysLongest: 0,
      alwaysLetter: [],
    });
    expect(choiceCues([item(['a', 'b'], 0), item(['a', 'b', 'c'], 2)]).alwaysLetter).toEqual([
      0.5, 0, 0.5,
    ]);
  });
});

describe('cueProblems', () => {
  const clean = {
    items: 100,
    longestKey: CUE_RULES.longestKey,
    clearlyLongestKey: CUE_RULES.clearlyLongestKey,
    alwaysLongest: 0.34,
    alwaysLetter: [0.25, 0.25, 0.25, 0.25],
  };

  it('passes a part at the limits', () => {
    expect(cueProblems(clean)).toEqual([]);
  });

  it('names each rule a part breaks', () => {
    expect(
      cueProblems({
        ...clean,
        longestKey: 0.36,
        clearlyLongestKey: 0.11,
        alwaysLongest: 0.35,
        alwaysLetter: [0.2, 0.4, 0.2, 0.2],
      }),
    ).toEqual([
      'The key is the longest choice in 36 % of items; at most 35 %.',
      'The key is clearly the longest (over 1.2 × the next) in 11 % of items; at most 10 %.',
      '"Always pick the longest" scores 35 %; it must stay under 35 %.',
      '"Always pick B" scores 40 %; it must stay under 35 %.',
    ]);
  });
});
