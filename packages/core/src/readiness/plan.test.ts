import { describe, expect, it } from 'vitest';
import { manilaDayKey } from '../time.ts';
import {
  addDays,
  DAILY_ITEMS_MAX,
  DAILY_ITEMS_MIN,
  dailyTarget,
  daysUntil,
  desiredRetention,
  gapPoints,
  keptSittingDays,
  mockDays,
  RETENTION_FAR,
  RETENTION_NEAR,
  retentionOn,
} from './plan.ts';

describe('Manila-day arithmetic', () => {
  it.each([
    { a: '2026-11-26', b: '2026-11-27', d: 1 },
    { a: '2026-12-31', b: '2027-01-01', d: 1 },
    { a: '2028-02-28', b: '2028-03-01', d: 2 },
    { a: '2027-03-20', b: '2027-03-20', d: 0 },
    { a: '2027-03-20', b: '2027-03-01', d: -19 },
  ])('$a → $b is $d days', ({ a, b, d }) => {
    expect(daysUntil(a, b)).toBe(d);
    expect(addDays(a, d)).toBe(b);
  });
  it('the day keys are Manila days: 23:59 and 00:01 Manila are one day apart', () => {
    const lateEvening = manilaDayKey(new Date('2026-11-26T15:59:00Z')); // 23:59 Manila
    const justAfter = manilaDayKey(new Date('2026-11-26T16:01:00Z')); // 00:01 Manila, next day
    expect(daysUntil(lateEvening, justAfter)).toBe(1);
  });
  it('rejects a malformed key', () => {
    expect(() => daysUntil('2026-02-30', '2026-03-01')).toThrow(RangeError);
  });
});

describe('gapPoints', () => {
  it.each([
    { whole: 70, parts: [], gap: 8, why: 'below the average' },
    { whole: 85, parts: [], gap: 0, why: 'clear of it' },
    { whole: 80, parts: [{ rating: 45, floor: 50 }], gap: 8, why: 'a part below its floor' },
    {
      whole: 76,
      parts: [{ rating: 70, floor: 0 }],
      gap: 2,
      why: 'a part without floor counts only in the average',
    },
  ])('$why → $gap', ({ whole, parts, gap }) => {
    expect(gapPoints({ whole, passingAverage: 75, parts })).toBe(gap);
  });
});

describe('dailyTarget', () => {
  it.each([
    { daysLeft: 84, gap: 10, items: 20, why: 'a small gap far out: the minimum' },
    { daysLeft: 10, gap: 10, items: 40, why: 'the same gap ten days out' },
    { daysLeft: 30, gap: 15, items: 20, why: '600 items over 30 days' },
    { daysLeft: 2, gap: 20, items: DAILY_ITEMS_MAX, why: 'capped' },
    { daysLeft: 40, gap: 0, items: DAILY_ITEMS_MIN, why: 'nothing to gain still practises' },
    { daysLeft: 0, gap: 10, items: 0, why: 'exam day is rest' },
  ])('$why', ({ daysLeft, gap, items }) => {
    const t = dailyTarget({ daysLeft, gapPoints: gap, minutesPerItem: 1.2 });
    expect(t.items).toBe(items);
    expect(t.minutes).toBe(Math.ceil(items * 1.2));
  });
});

describe('mockDays', () => {
  it('four mocks over twelve weeks, the last a week before', () => {
    const days = mockDays('2026-12-01', '2027-02-23');
    expect(days).toHaveLength(4);
    expect(days[0]).toBe('2026-12-01');
    expect(days[3]).toBe('2027-02-16');
    const gaps = days.slice(1).map((d, i) => daysUntil(days[i] as string, d));
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });
  it.each([
    { left: 20, n: 3 },
    { left: 12, n: 2 },
    { left: 9, n: 1 },
    { left: 3, n: 1 },
    { left: 0, n: 0 },
    { left: -5, n: 0 },
  ])('$left days left → $n mocks, none on or after the exam', ({ left, n }) => {
    const exam = addDays('2027-01-10', left);
    const days = mockDays('2027-01-10', exam);
    expect(days).toHaveLength(n);
    for (const d of days) {
      expect(daysUntil('2027-01-10', d)).toBeGreaterThanOrEqual(0);
      expect(daysUntil(d, exam)).toBeGreaterThan(0);
    }
  });
});

describe('desiredRetention', () => {
  it.each([
    { days: null, r: 0.9 },
    { days: 200, r: 0.9 },
    { days: 60, r: 0.9 },
    { days: 33.5, r: 0.925 },
    { days: 7, r: 0.95 },
    { days: 0, r: 0.95 },
  ])('$days days → $r', ({ days, r }) => {
    expect(desiredRetention(days)).toBeCloseTo(r, 3);
  });
});

describe('keptSittingDays (the sitting as the phone keeps it)', () => {
  it('reads both days, a missing last day as a one-day sitting, and no first day as none', () => {
    expect(keptSittingDays({ examDay: '2027-05-08', examLastDay: '2027-05-09' })).toEqual({
      startsOn: '2027-05-08',
      endsOn: '2027-05-09',
    });
    expect(keptSittingDays({ examDay: '2027-03-21' })).toEqual({
      startsOn: '2027-03-21',
      endsOn: '2027-03-21',
    });
    expect(keptSittingDays({ examDay: null, examLastDay: null })).toBeNull();
    expect(keptSittingDays({})).toBeNull();
  });
});

describe('retentionOn (the retention a rating at a moment aims at)', () => {
  it.each([
    { exam: null, at: '2027-03-01T10:00:00+08:00', r: RETENTION_FAR, why: 'no exam date' },
    { exam: '2027-06-30', at: '2027-03-01T10:00:00+08:00', r: RETENTION_FAR, why: 'far out' },
    { exam: '2027-03-21', at: '2027-03-14T10:00:00+08:00', r: RETENTION_NEAR, why: 'a week out' },
    { exam: '2027-03-21', at: '2027-03-21T08:00:00+08:00', r: RETENTION_NEAR, why: 'exam day' },
    { exam: '2027-03-21', at: '2027-03-22T08:00:00+08:00', r: RETENTION_FAR, why: 'after it' },
    // 40 days before at 23:59 Manila, 39 days at 00:01: the rating's Manila day decides.
    { exam: '2027-03-21', at: '2027-02-09T23:59:00+08:00', r: 0.919, why: '23:59, 40 days' },
    { exam: '2027-03-21', at: '2027-02-10T00:01:00+08:00', r: 0.92, why: '00:01, 39 days' },
  ])('$why → $r', ({ exam, at, r }) => {
    const sitting = exam === null ? null : { startsOn: exam, endsOn: exam };
    expect(retentionOn(sitting, new Date(at))).toBe(r);
  });

  // The NLE sits two days: the evening of the first is the eve of the second, not after the exam.
  it.each([
    { at: '2027-03-20T20:00:00+08:00', r: RETENTION_NEAR, why: 'its first day' },
    { at: '2027-03-21T20:00:00+08:00', r: RETENTION_NEAR, why: 'its second day' },
    { at: '2027-03-22T08:00:00+08:00', r: RETENTION_FAR, why: 'the day after its last' },
  ])('a two-day sitting, $why → $r', ({ at, r }) => {
    expect(retentionOn({ startsOn: '2027-03-20', endsOn: '2027-03-21' }, new Date(at))).toBe(r);
  });
});
