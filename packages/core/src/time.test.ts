import { describe, expect, it } from 'vitest';
import {
  dayKeyNumber,
  dayKeyOfNumber,
  formatManilaDate,
  formatManilaDateTime,
  formatManilaShortDate,
  formatManilaTime,
  formatMMDDYY,
  MANILA_OFFSET_MS,
  manilaDayKey,
  manilaDayStart,
  manilaDaysBetween,
  manilaIsoString,
  manilaMonthYear,
  manilaWeekRange,
} from './time.ts';

const d = (iso: string) => new Date(iso);

describe('Manila time (docs/product.md#time: UTC+8, no DST)', () => {
  it('offset is 8 h', () => {
    expect(MANILA_OFFSET_MS).toBe(28_800_000);
  });

  it.each([
    ['2026-11-24T15:59:59.999Z', '2026-11-24'], // 23:59:59.999 Manila
    ['2026-11-24T16:00:00.000Z', '2026-11-25'], // Manila midnight
    ['2026-12-31T16:00:00.000Z', '2027-01-01'],
    ['2024-02-28T16:00:00.000Z', '2024-02-29'],
    ['2026-07-01T00:00:00+08:00', '2026-07-01'],
  ])('manilaDayKey(%s) → %s', (iso, key) => {
    expect(manilaDayKey(d(iso))).toBe(key);
  });

  it.each([
    ['2026-01-31T15:59:59.999Z', { month: 1, year: 2026 }],
    ['2026-01-31T16:00:00.000Z', { month: 2, year: 2026 }],
    ['2026-12-31T16:00:00.000Z', { month: 1, year: 2027 }],
    ['2026-12-31T15:59:59.999Z', { month: 12, year: 2026 }],
  ])('manilaMonthYear(%s) → %j', (iso, expected) => {
    expect(manilaMonthYear(d(iso))).toEqual(expected);
  });

  // Week of Sun 2026-11-22 .. Sat 2026-11-28 (Manila) = 2026-11-21T16:00Z .. 2026-11-28T15:59:59.999Z.
  const week = { start: '2026-11-21T16:00:00.000Z', end: '2026-11-28T15:59:59.999Z' };
  it.each([
    ['Sunday Manila midnight', '2026-11-21T16:00:00.000Z', week],
    ['Wednesday noon', '2026-11-25T04:00:00.000Z', week],
    ['Saturday 23:59:59.999', '2026-11-28T15:59:59.999Z', week],
    [
      'Saturday 23:59:59.999 + 1 ms is next week',
      '2026-11-28T16:00:00.000Z',
      { start: '2026-11-28T16:00:00.000Z', end: '2026-12-05T15:59:59.999Z' },
    ],
    [
      'Saturday UTC that is already Sunday in Manila',
      '2026-11-28T20:00:00.000Z',
      { start: '2026-11-28T16:00:00.000Z', end: '2026-12-05T15:59:59.999Z' },
    ],
    ['Sunday UTC morning that is still Sunday in Manila', '2026-11-22T01:00:00.000Z', week],
    [
      'across a year end',
      '2027-01-01T04:00:00.000Z',
      { start: '2026-12-26T16:00:00.000Z', end: '2027-01-02T15:59:59.999Z' },
    ],
  ])('manilaWeekRange: %s', (_label, iso, expected) => {
    const range = manilaWeekRange(d(iso));
    expect({ start: range.start.toISOString(), end: range.end.toISOString() }).toEqual(expected);
  });

  it.each([
    ['2026-11-21T16:00:00.000Z', '112226'],
    ['2026-11-28T15:59:59.999Z', '112826'],
    ['2009-01-04T16:00:00.000Z', '010509'],
    ['2000-12-31T15:59:59.999Z', '123100'],
  ])('formatMMDDYY(%s) → %s', (iso, text) => {
    expect(formatMMDDYY(d(iso))).toBe(text);
  });

  it.each([
    ['2026-11-24T15:59:59.999Z', '2026-11-24T16:00:00.000Z', 1],
    ['2026-11-24T16:00:00.000Z', '2026-11-25T15:59:59.999Z', 0],
    ['2026-11-25T16:00:00.000Z', '2026-11-24T16:00:00.000Z', -1],
    ['2026-11-24T00:00:00.000Z', '2026-11-24T23:00:00.000Z', 1], // same UTC day, two Manila days
    ['2026-12-31T04:00:00.000Z', '2027-01-03T04:00:00.000Z', 3],
    ['2024-02-28T04:00:00.000Z', '2024-03-01T04:00:00.000Z', 2],
  ])('manilaDaysBetween(%s, %s) → %i', (a, b, days) => {
    expect(manilaDaysBetween(d(a), d(b))).toBe(days);
  });

  it.each([
    ['2026-11-25T04:00:00.000Z', 'Nov 25, 2026'],
    ['2026-11-24T16:00:00.000Z', 'Nov 25, 2026'],
    ['2026-11-24T15:59:59.999Z', 'Nov 24, 2026'],
    ['2026-01-04T16:00:00.000Z', 'Jan 5, 2026'],
    ['2026-12-31T16:00:00.000Z', 'Jan 1, 2027'],
    ['2026-05-09T00:00:00.000Z', 'May 9, 2026'],
  ])('formatManilaDate(%s) → %s', (iso, text) => {
    expect(formatManilaDate(d(iso))).toBe(text);
  });

  // What Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila' }) writes (checked in Chromium),
  // whatever zone the machine running the test is in.
  it.each([
    ['2026-11-22T05:05:00.000Z', 'Nov 22', '1:05 PM', 'Nov 22, 2026, 1:05 PM'],
    ['2026-11-21T16:00:00.000Z', 'Nov 22', '12:00 AM', 'Nov 22, 2026, 12:00 AM'],
    ['2026-11-21T16:05:00.000Z', 'Nov 22', '12:05 AM', 'Nov 22, 2026, 12:05 AM'],
    ['2026-11-22T04:00:00.000Z', 'Nov 22', '12:00 PM', 'Nov 22, 2026, 12:00 PM'],
    ['2026-11-25T13:30:59.999Z', 'Nov 25', '9:30 PM', 'Nov 25, 2026, 9:30 PM'],
    ['2026-12-31T15:59:00.000Z', 'Dec 31', '11:59 PM', 'Dec 31, 2026, 11:59 PM'],
    ['2026-12-31T16:00:00.000Z', 'Jan 1', '12:00 AM', 'Jan 1, 2027, 12:00 AM'],
    ['2026-03-01T01:09:00.000Z', 'Mar 1', '9:09 AM', 'Mar 1, 2026, 9:09 AM'],
  ])('%s in Manila: %s · %s · %s', (iso, shortDate, time, dateTime) => {
    expect(formatManilaShortDate(d(iso))).toBe(shortDate);
    expect(formatManilaTime(d(iso))).toBe(time);
    expect(formatManilaDateTime(d(iso))).toBe(dateTime);
  });

  it.each([
    ['manilaDayKey', () => manilaDayKey(new Date(Number.NaN))],
    ['manilaMonthYear', () => manilaMonthYear(new Date(Number.NaN))],
    ['manilaWeekRange', () => manilaWeekRange(new Date(Number.NaN))],
    ['formatMMDDYY', () => formatMMDDYY(new Date(Number.NaN))],
    ['formatManilaDate', () => formatManilaDate(new Date(Number.NaN))],
    ['formatManilaShortDate', () => formatManilaShortDate(new Date(Number.NaN))],
    ['formatManilaTime', () => formatManilaTime(new Date(Number.NaN))],
    ['formatManilaDateTime', () => formatManilaDateTime(new Date(Number.NaN))],
    ['manilaDaysBetween', () => manilaDaysBetween(new Date(0), new Date(Number.NaN))],
  ])('%s throws a RangeError for an invalid date', (_name, call) => {
    expect(call).toThrow(RangeError);
  });
});

describe('manilaDayStart', () => {
  it('is midnight Manila time (16:00 UTC the day before)', () => {
    expect(manilaDayStart(new Date('2026-11-26T15:59:59.999Z')).toISOString()).toBe(
      '2026-11-25T16:00:00.000Z',
    );
    expect(manilaDayStart(new Date('2026-11-26T16:00:00.000Z')).toISOString()).toBe(
      '2026-11-26T16:00:00.000Z',
    );
    expect(manilaDayStart(new Date('2026-11-26T00:00:00.000Z')).toISOString()).toBe(
      '2026-11-25T16:00:00.000Z',
    );
  });
});

describe('manilaIsoString', () => {
  it('writes the instant in Manila time with its offset, the same instant', () => {
    const midnight = new Date('2026-12-24T16:00:00.000Z');
    expect(manilaIsoString(midnight)).toBe('2026-12-25T00:00:00.000+08:00');
    expect(Date.parse(manilaIsoString(midnight))).toBe(midnight.getTime());
  });
});

describe('dayKeyNumber and dayKeyOfNumber (day keys as numbers of days)', () => {
  it('numbers days from 1970-01-01 and back, across a month and a leap day', () => {
    expect(dayKeyNumber('1970-01-02')).toBe(1);
    expect(dayKeyNumber('2028-03-01') - dayKeyNumber('2028-02-28')).toBe(2);
    expect(dayKeyOfNumber(dayKeyNumber('2026-11-30') + 1)).toBe('2026-12-01');
  });

  it('refuses a key that is not a real date', () => {
    for (const key of ['2026-02-30', '2026-13-01', '26-11-29', '']) {
      expect(() => dayKeyNumber(key)).toThrow(RangeError);
    }
  });
});
