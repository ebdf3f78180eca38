import { describe, expect, it } from 'vitest';
import {
  checkExamSitting,
  isUpcomingSitting,
  EXAM_SITTING_MESSAGES as M,
  sittingCountdown,
  sittingCountdownText,
  sittingDatesText,
  sittingDays,
  sittingStartsOn,
} from './exam-sittings.ts';

const LET_SEC = ['gen-ed', 'prof-ed', 'major'];
const TODAY = '2026-11-26';

describe('checkExamSitting (docs/product.md#exam-sittings)', () => {
  it.each<[string, { date: string; partIds: string[] }[], string | null]>([
    ['one day, every part', [{ date: '2027-03-21', partIds: LET_SEC }], null],
    [
      'two days',
      [
        { date: '2027-03-22', partIds: ['major'] },
        { date: '2027-03-21', partIds: ['prof-ed', 'gen-ed'] },
      ],
      null,
    ],
    ['tomorrow is the future', [{ date: '2026-11-27', partIds: LET_SEC }], null],
    ['no day', [], M.noDays],
    ['today is not the future', [{ date: TODAY, partIds: LET_SEC }], M.notFuture],
    ['yesterday', [{ date: '2026-11-25', partIds: LET_SEC }], M.notFuture],
    ['not a date', [{ date: '21/03/2027', partIds: LET_SEC }], M.badDate],
    ['no such day', [{ date: '2027-02-30', partIds: LET_SEC }], M.badDate],
    [
      'the same day twice',
      [
        { date: '2027-03-21', partIds: ['gen-ed'] },
        { date: '2027-03-21', partIds: ['prof-ed', 'major'] },
      ],
      M.sameDay,
    ],
    [
      'a day without parts',
      [
        { date: '2027-03-21', partIds: LET_SEC },
        { date: '2027-03-22', partIds: [] },
      ],
      M.noParts,
    ],
    [
      'a part of another track',
      [{ date: '2027-03-21', partIds: [...LET_SEC, 'np1'] }],
      M.unknownPart,
    ],
    [
      'a part on two days',
      [
        { date: '2027-03-21', partIds: LET_SEC },
        { date: '2027-03-22', partIds: ['major'] },
      ],
      M.partTwice,
    ],
    ['a part missing', [{ date: '2027-03-21', partIds: ['gen-ed', 'prof-ed'] }], M.missingPart],
  ])('%s', (_label, days, message) => {
    const result = checkExamSitting(days, LET_SEC, TODAY);
    if (message === null) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, message });
  });

  it('sorts the days by date and each day’s parts in blueprint order', () => {
    expect(
      checkExamSitting(
        [
          { date: '2027-03-22', partIds: ['major'] },
          { date: '2027-03-21', partIds: ['prof-ed', 'gen-ed'] },
        ],
        LET_SEC,
        TODAY,
      ),
    ).toEqual({
      ok: true,
      days: [
        { date: '2027-03-21', partIds: ['gen-ed', 'prof-ed'] },
        { date: '2027-03-22', partIds: ['major'] },
      ],
    });
  });

  it('throws on a bad today', () => {
    expect(() =>
      checkExamSitting([{ date: '2027-03-21', partIds: LET_SEC }], LET_SEC, 'x'),
    ).toThrow(RangeError);
  });
});

describe('sittingCountdown (Manila days to the first day)', () => {
  const nle = [
    { date: '2027-05-09', partIds: ['np4', 'np5'] },
    { date: '2027-05-08', partIds: ['np1', 'np2', 'np3'] },
  ];
  it.each<[string, string, string | null]>([
    ['2026-11-26', 'ahead 163', '163 days left'],
    ['2027-05-07', 'ahead 1', '1 day left'],
    ['2027-05-08', 'today', 'Exam day'],
    ['2027-05-09', 'today', 'Exam day'],
    ['2027-05-10', 'past', null],
    ['2026-12-31', 'ahead 128', '128 days left'],
  ])('on %s: %s', (today, expected, text) => {
    const countdown = sittingCountdown(nle, today);
    const label = countdown.kind === 'ahead' ? `ahead ${countdown.daysLeft}` : countdown.kind;
    expect(label).toBe(expected);
    expect(sittingCountdownText(countdown)).toBe(text);
  });

  it('starts on the first day and is upcoming until the last one is over', () => {
    expect(sittingStartsOn(nle)).toBe('2027-05-08');
    expect(isUpcomingSitting(nle, '2027-05-09')).toBe(true);
    expect(isUpcomingSitting(nle, '2027-05-10')).toBe(false);
  });

  it('gives a stored sitting its first and last days, whatever the order of its list', () => {
    const reversed = [...nle].reverse();
    expect(sittingDays({ startsOn: '2027-05-08', days: reversed })).toEqual({
      startsOn: '2027-05-08',
      endsOn: '2027-05-09',
    });
    expect(sittingDays({ startsOn: '2027-03-21', days: [{ date: '2027-03-21' }] })).toEqual({
      startsOn: '2027-03-21',
      endsOn: '2027-03-21',
    });
  });

  it('counts across a leap day', () => {
    expect(sittingCountdown([{ date: '2028-03-01' }], '2028-02-28')).toEqual({
      kind: 'ahead',
      daysLeft: 2,
    });
  });
});

describe('sittingDatesText', () => {
  it.each<[string[], string]>([
    [['2027-03-21'], 'Mar 21, 2027'],
    [['2027-05-09', '2027-05-08'], 'May 8–9, 2027'],
    [['2027-11-30', '2027-12-01'], 'Nov 30 and Dec 1, 2027'],
    [['2027-06-13', '2027-06-20'], 'Jun 13 and Jun 20, 2027'],
    [['2027-12-31', '2028-01-01'], 'Dec 31, 2027 and Jan 1, 2028'],
    [[], ''],
  ])('%j → %s', (dates, text) => {
    expect(sittingDatesText(dates.map((date) => ({ date })))).toBe(text);
  });
});
