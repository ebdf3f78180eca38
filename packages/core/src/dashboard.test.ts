import { describe, expect, it } from 'vitest';
import { manilaWeekNumber, manilaWeekStart, percentOf, recentManilaWeeks } from './dashboard.ts';
import { manilaWeekRange } from './time.ts';

describe('Manila weeks for the dashboard', () => {
  it.each([
    ['a Sunday just after midnight in Manila', '2026-11-21T16:00:00.000Z'],
    ['a Saturday just before midnight in Manila', '2026-11-28T15:59:59.999Z'],
    ['a Wednesday noon', '2026-11-25T04:00:00.000Z'],
    ['a leap day', '2028-02-29T10:00:00.000Z'],
    ['the first week', '1970-01-04T00:00:00.000Z'],
  ])('%s: the number starts the same week as manilaWeekRange', (_, iso) => {
    const at = new Date(iso);
    expect(manilaWeekStart(manilaWeekNumber(at)).toISOString()).toBe(
      manilaWeekRange(at).start.toISOString(),
    );
  });

  it('Sunday 00:00 Manila opens a new week; Saturday 23:59:59.999 closes the last', () => {
    const sunday = new Date('2026-11-21T16:00:00.000Z');
    expect(manilaWeekNumber(sunday) - manilaWeekNumber(new Date(sunday.getTime() - 1))).toBe(1);
  });

  it('lists the last weeks, oldest first, ending with the current one', () => {
    const now = new Date('2026-11-26T09:00:00Z');
    const weeks = recentManilaWeeks(now, 3);
    expect(weeks).toHaveLength(3);
    expect(weeks.at(-1)).toBe(manilaWeekNumber(now));
    expect(weeks[1]).toBe(manilaWeekNumber(now) - 1);
  });

  it.each([
    [1, 3, 33.3],
    [0, 5, 0],
    [2, 0, null],
    [7, 7, 100],
  ])('percentOf(%i, %i) = %s', (part, whole, expected) => {
    expect(percentOf(part, whole)).toBe(expected);
  });
});
