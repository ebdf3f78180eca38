import { describe, expect, it } from 'vitest';
import { standingStreak } from './challenges.ts';
import { extendStreak } from './streak.ts';
import {
  buyStreakFreeze,
  STREAK_FREEZE,
  STREAK_FREEZE_MESSAGES,
  settleStreak,
  spendableGems,
  streakOn,
} from './streak-freeze.ts';

describe('settleStreak (docs/product.md#streak-freeze: used on a missed Manila day)', () => {
  // [case, current, lastDay, freezes, today] → [current, lastDay, freezes, frozenDays]
  it.each<[string, number, string | null, number, string, number, string | null, number, string[]]>(
    [
      ['no streak yet', 0, null, 2, '2026-11-26', 0, null, 2, []],
      ['a lost streak uses nothing', 0, '2026-11-20', 2, '2026-11-26', 0, '2026-11-20', 2, []],
      ['active today', 5, '2026-11-26', 1, '2026-11-26', 5, '2026-11-26', 1, []],
      [
        'active yesterday: today is not over',
        5,
        '2026-11-25',
        1,
        '2026-11-26',
        5,
        '2026-11-25',
        1,
        [],
      ],
      [
        'one missed day, one freeze',
        5,
        '2026-11-24',
        1,
        '2026-11-26',
        5,
        '2026-11-25',
        0,
        ['2026-11-25'],
      ],
      [
        'one missed day, two freezes',
        5,
        '2026-11-24',
        2,
        '2026-11-26',
        5,
        '2026-11-25',
        1,
        ['2026-11-25'],
      ],
      [
        'two missed days, two freezes',
        5,
        '2026-11-23',
        2,
        '2026-11-26',
        5,
        '2026-11-25',
        0,
        ['2026-11-24', '2026-11-25'],
      ],
      [
        'three missed days, two freezes: spent, and the streak is lost (no day kept it)',
        5,
        '2026-11-22',
        2,
        '2026-11-26',
        0,
        '2026-11-24',
        0,
        [],
      ],
      ['one missed day, no freeze', 5, '2026-11-24', 0, '2026-11-26', 0, '2026-11-24', 0, []],
      ['across a month', 3, '2026-11-29', 1, '2026-12-01', 3, '2026-11-30', 0, ['2026-11-30']],
      ['across a leap day', 3, '2028-02-28', 1, '2028-03-01', 3, '2028-02-29', 0, ['2028-02-29']],
      ['clock went back', 3, '2026-11-27', 1, '2026-11-26', 3, '2026-11-27', 1, []],
    ],
  )('%s', (_label, current, lastDay, freezes, today, c, l, f, days) => {
    expect(settleStreak({ current, lastDay, freezes }, today)).toEqual({
      current: c,
      lastDay: l,
      freezes: f,
      frozenDays: days,
    });
  });

  it('keeps the streak without adding to it: activity after a frozen day adds one', () => {
    const settled = settleStreak({ current: 5, lastDay: '2026-11-24', freezes: 1 }, '2026-11-26');
    expect(standingStreak({ ...settled, today: '2026-11-26' })).toBe(5);
    expect(extendStreak({ ...settled, today: '2026-11-26' }).current).toBe(6);
  });

  it('settling twice uses nothing more', () => {
    const once = settleStreak({ current: 5, lastDay: '2026-11-23', freezes: 2 }, '2026-11-26');
    const twice = settleStreak(once, '2026-11-26');
    expect(twice).toEqual({ ...once, frozenDays: [] });
  });
});

describe('streakOn (the streak shown whether or not anything counted today)', () => {
  it.each<[string, { current: number; lastDay: string | null; freezes: number }, number]>([
    ['never studied', { current: 0, lastDay: null, freezes: 0 }, 0],
    ['last day today', { current: 5, lastDay: '2026-11-26', freezes: 0 }, 5],
    [
      'last day yesterday: today can still keep it',
      { current: 5, lastDay: '2026-11-25', freezes: 0 },
      5,
    ],
    ['a day missed, no freeze: broken', { current: 5, lastDay: '2026-11-24', freezes: 0 }, 0],
    ['a day missed, a freeze held: kept', { current: 5, lastDay: '2026-11-24', freezes: 1 }, 5],
    ['two days missed, one freeze: broken', { current: 5, lastDay: '2026-11-23', freezes: 1 }, 0],
  ])('%s', (_label, state, expected) => {
    expect(streakOn(state, '2026-11-26')).toBe(expected);
  });
});

describe('buyStreakFreeze (price, at most 2 held)', () => {
  const price = STREAK_FREEZE.price;
  it.each<[string, number, number, ReturnType<typeof buyStreakFreeze>]>([
    ['enough gems, none held', price, 0, { ok: true, freezes: 1, spent: price }],
    ['plenty, one held', 1000, 1, { ok: true, freezes: 2, spent: price }],
    ['one gem short', price - 1, 0, { ok: false, message: STREAK_FREEZE_MESSAGES.tooFewGems }],
    ['no gems', 0, 1, { ok: false, message: STREAK_FREEZE_MESSAGES.tooFewGems }],
    ['two held', 1000, 2, { ok: false, message: STREAK_FREEZE_MESSAGES.full }],
    [
      'two held and no gems: the limit speaks first',
      0,
      2,
      { ok: false, message: STREAK_FREEZE_MESSAGES.full },
    ],
  ])('%s', (_label, gemsToSpend, held, expected) => {
    expect(buyStreakFreeze({ gemsToSpend, held })).toEqual(expected);
  });

  it('the constants are those recorded in ADR 030', () => {
    expect(STREAK_FREEZE).toEqual({ price: 50, maxHeld: 2 });
  });
});

describe('spendableGems', () => {
  it.each([
    [120, 0, 120],
    [120, 50, 70],
    [120, 120, 0],
    [40, 50, 0],
  ])('earned %i, spent %i → %i', (earned, spent, expected) => {
    expect(spendableGems(earned, spent)).toBe(expected);
  });
});
