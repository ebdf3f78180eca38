import { describe, expect, it } from 'vitest';
import { RATING_TIME_MAX_AGE_MS } from './flash-schedule.ts';
import { addStreakDay, extendStreak, streakRecordId, studyFinishAt } from './streak.ts';

describe('streakRecordId (docs/product.md#entities, #constants: uid_month_year, month 1-based, Manila)', () => {
  it.each([
    ['u1', '2026-11-25T04:00:00.000Z', 'u1_11_2026'],
    ['u1', '2026-01-15T04:00:00.000Z', 'u1_1_2026'],
    ['u1', '2026-12-31T15:59:59.999Z', 'u1_12_2026'],
    ['u1', '2026-12-31T16:00:00.000Z', 'u1_1_2027'], // Manila midnight, new year
    ['abc_DEF', '2026-05-31T16:00:00.000Z', 'abc_DEF_6_2026'],
  ])('%s at %s → %s', (uid, iso, id) => {
    expect(streakRecordId(uid, new Date(iso))).toBe(id);
  });
});

describe('extendStreak (docs/product.md#progress: consecutive Manila days)', () => {
  // [case, lastDay, current, today] → [current, lastDay]
  it.each<[string, string | null, number, string, number, string]>([
    ['first day ever', null, 0, '2026-11-25', 1, '2026-11-25'],
    ['same day', '2026-11-25', 4, '2026-11-25', 4, '2026-11-25'],
    ['next day', '2026-11-24', 4, '2026-11-25', 5, '2026-11-25'],
    ['next day across a month', '2026-11-30', 2, '2026-12-01', 3, '2026-12-01'],
    ['next day across a year', '2026-12-31', 9, '2027-01-01', 10, '2027-01-01'],
    ['leap day', '2024-02-28', 1, '2024-02-29', 2, '2024-02-29'],
    ['two-day gap', '2026-11-23', 7, '2026-11-25', 1, '2026-11-25'],
    ['long gap', '2025-11-25', 30, '2026-11-25', 1, '2026-11-25'],
    ['clock went back', '2026-11-26', 3, '2026-11-25', 3, '2026-11-26'],
  ])('%s', (_label, lastDay, current, today, nextCurrent, nextLastDay) => {
    expect(extendStreak({ lastDay, current, today })).toEqual({
      current: nextCurrent,
      lastDay: nextLastDay,
    });
  });

  it.each([
    [null, '2026-13-01'],
    [null, '2026-02-30'],
    [null, '26-11-25'],
    ['2026-11-5', '2026-11-25'],
    ['yesterday', '2026-11-25'],
  ])('throws a RangeError for lastDay %j, today %j', (lastDay, today) => {
    expect(() => extendStreak({ lastDay, current: 1, today })).toThrow(RangeError);
  });
});

describe('addStreakDay (docs/product.md#entities mockExamStreakList)', () => {
  it.each<[number[], number, number[] | null]>([
    [[], 5, [5]],
    [[3, 9], 5, [3, 5, 9]],
    [[3, 9], 31, [3, 9, 31]],
    [[3, 5], 5, null],
  ])('%j + %i → %j', (days, day, expected) => {
    expect(addStreakDay(days, day)).toEqual(expected);
  });
});

describe('studyFinishAt (docs/product.md#streaks: a study session counts the day it ended)', () => {
  const now = new Date('2026-11-24T16:10:00.000Z'); // Tuesday 00:10 in Manila
  const monday = new Date('2026-11-24T15:50:00.000Z'); // Monday 23:50 in Manila

  it('takes the time the session ended when it was before now', () => {
    expect(studyFinishAt(monday, now)).toEqual(monday);
  });

  it('never later than now: a phone whose clock runs ahead counts now', () => {
    expect(studyFinishAt(new Date(now.getTime() + 60_000), now)).toBe(now);
  });

  it('counts now when no time is stated, or one that is not a time', () => {
    expect(studyFinishAt(null, now)).toBe(now);
    expect(studyFinishAt(new Date(Number.NaN), now)).toBe(now);
  });

  it("goes back as far as a rating's own time is taken, no further", () => {
    const oldest = new Date(now.getTime() - RATING_TIME_MAX_AGE_MS);
    expect(studyFinishAt(oldest, now)).toEqual(oldest);
    expect(studyFinishAt(new Date(oldest.getTime() - 1), now)).toBe(now);
  });
});
