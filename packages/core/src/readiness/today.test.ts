import { describe, expect, it } from 'vitest';
import { planMockDays } from './plan.ts';
import { nextPlanMock, type TodayFacts, todayList } from './today.ts';

// Manila is UTC+8: 16:00Z is Manila midnight.
const at = (manila: string) => new Date(`${manila}+08:00`);

const EXAM = '2027-03-21';
// exam − 84, − 58, − 33, − 7.
const MOCKS = planMockDays(EXAM);

const facts = (over: Partial<TodayFacts> = {}): TodayFacts => ({
  now: at('2027-02-20T10:00:00'),
  plan: { dailyItems: 40, mockDays: MOCKS },
  answeredToday: 0,
  cardsDue: 0,
  cardsReviewedToday: 0,
  lastFullMockAt: at('2027-02-17T09:00:00'),
  ...over,
});

describe('planMockDays', () => {
  it('four days fixed by the exam day: 12 weeks out to a week before', () => {
    expect(MOCKS).toEqual(['2026-12-27', '2027-01-22', '2027-02-16', '2027-03-14']);
  });
});

describe('todayList', () => {
  it('no plan (no exam date, or exam day: no daily items): no list', () => {
    expect(todayList(facts({ plan: null }))).toBeNull();
    expect(todayList(facts({ plan: { dailyItems: 0, mockDays: MOCKS } }))).toBeNull();
  });

  it.each([
    { answered: 0, done: false },
    { answered: 39, done: false },
    { answered: 40, done: true },
    { answered: 75, done: true },
  ])('items: $answered of 40 → done $done', ({ answered, done }) => {
    const list = todayList(facts({ answeredToday: answered }));
    expect(list?.items).toEqual({ answered, target: 40, done });
  });

  it.each([
    { due: 0, reviewed: 0, done: true, why: 'none was due' },
    { due: 0, reviewed: 12, done: true, why: 'all reviewed' },
    { due: 3, reviewed: 12, done: false, why: 'some still due' },
  ])('cards: $why', ({ due, reviewed, done }) => {
    const list = todayList(facts({ cardsDue: due, cardsReviewedToday: reviewed }));
    expect(list?.cards).toEqual({ due, reviewed, done });
  });

  it.each([
    {
      why: 'before the first plan day: no mock',
      now: '2026-12-26T23:59:00',
      last: null,
      mock: null,
    },
    {
      why: 'the first plan day, at 00:00 Manila, none taken: owed',
      now: '2026-12-27T00:00:00',
      last: null,
      mock: { planDay: '2026-12-27', done: false },
    },
    {
      why: 'owed for days after the plan day until one is taken',
      now: '2027-01-05T08:00:00',
      last: '2026-12-20T10:00:00',
      mock: { planDay: '2026-12-27', done: false },
    },
    {
      why: 'taken today: done',
      now: '2027-01-22T21:00:00',
      last: '2027-01-22T20:00:00',
      mock: { planDay: '2027-01-22', done: true },
    },
    {
      why: 'taken at 23:59 Manila, seen at 00:01 the next day: settled, no row',
      now: '2027-01-23T00:01:00',
      last: '2027-01-22T23:59:00',
      mock: null,
    },
    {
      why: 'taken at 23:59 the day before the plan day does not count for it',
      now: '2027-02-16T00:01:00',
      last: '2027-02-15T23:59:00',
      mock: { planDay: '2027-02-16', done: false },
    },
    {
      why: 'a late starter owes the latest passed plan day, not the earlier ones',
      now: '2027-03-01T12:00:00',
      last: null,
      mock: { planDay: '2027-02-16', done: false },
    },
  ])('mock: $why', ({ now, last, mock }) => {
    const list = todayList(facts({ now: at(now), lastFullMockAt: last ? at(last) : null }));
    expect(list?.mock).toEqual(mock);
  });

  it('the day is the Manila day of now: 23:59 and 00:01 are different lists', () => {
    expect(todayList(facts({ now: at('2027-02-20T23:59:59') }))?.day).toBe('2027-02-20');
    // 16:01Z on the 20th is 00:01 on the 21st in Manila.
    expect(todayList(facts({ now: new Date('2027-02-20T16:01:00Z') }))?.day).toBe('2027-02-21');
  });

  it.each([
    { answered: 40, due: 0, last: '2027-02-17T09:00:00', complete: true, why: 'every row done' },
    { answered: 39, due: 0, last: '2027-02-17T09:00:00', complete: false, why: 'items short' },
    { answered: 40, due: 1, last: '2027-02-17T09:00:00', complete: false, why: 'a card due' },
    { answered: 40, due: 0, last: '2027-02-10T09:00:00', complete: false, why: 'mock owed' },
    { answered: 40, due: 0, last: '2027-02-20T09:00:00', complete: true, why: 'mock done today' },
  ])('complete: $why → $complete', ({ answered, due, last, complete }) => {
    const list = todayList(
      facts({ answeredToday: answered, cardsDue: due, lastFullMockAt: at(last) }),
    );
    expect(list?.complete).toBe(complete);
  });
});

// The readiness card's and page's "Next full mock" (ADR 033): the owed one is today's until it is
// taken; a plan day met is skipped.
describe('nextPlanMock', () => {
  it.each([
    {
      why: 'before the first plan day: the first',
      now: '2026-12-20T10:00:00',
      last: null,
      next: '2026-12-27',
    },
    {
      why: 'a plan day, none taken: today',
      now: '2027-01-22T08:00:00',
      last: null,
      next: '2027-01-22',
    },
    {
      why: 'a plan day whose mock was taken today: the next plan day',
      now: '2027-01-22T21:00:00',
      last: '2027-01-22T20:00:00',
      next: '2027-02-16',
    },
    {
      why: 'owed since a passed plan day: today',
      now: '2027-01-05T08:00:00',
      last: '2026-12-20T10:00:00',
      next: '2027-01-05',
    },
    {
      why: 'the owed one taken today: the next plan day',
      now: '2027-01-05T18:00:00',
      last: '2027-01-05T17:00:00',
      next: '2027-01-22',
    },
    {
      why: 'settled on an earlier day: the next plan day',
      now: '2027-01-23T00:01:00',
      last: '2027-01-22T23:59:00',
      next: '2027-02-16',
    },
    {
      why: 'the last plan day taken: none ahead',
      now: '2027-03-14T19:00:00',
      last: '2027-03-14T18:00:00',
      next: null,
    },
  ])('$why', ({ now, last, next }) => {
    expect(nextPlanMock(MOCKS, at(now), last ? at(last) : null)).toBe(next);
  });
});
