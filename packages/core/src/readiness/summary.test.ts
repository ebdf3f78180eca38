import { describe, expect, it } from 'vitest';
import type { BlueprintSpec } from '../blueprint.ts';
import { type ProfiledItem, trackProfile } from './forecast.ts';
import { emptyStudentModel, recordAnswer, type StudentModel, seedDifficulty } from './model.ts';
import { DAILY_ITEMS_MIN, LAST_MOCK_DAYS_BEFORE, RETENTION_FAR, sittingExamDay } from './plan.ts';
import { readinessSummary } from './summary.ts';

const spec: BlueprintSpec = {
  passingAverage: 75,
  sittings: 1,
  parts: [
    {
      id: 'gen',
      name: 'General',
      subjectIds: ['s1'],
      items: 20,
      minutes: 30,
      weight: 0.4,
      floor: 50,
    },
    {
      id: 'num',
      name: 'Numerical',
      subjectIds: ['s2'],
      items: 20,
      minutes: 30,
      weight: 0.6,
      floor: 50,
    },
  ],
};
const bank: ProfiledItem[] = ['s1', 's2'].flatMap((subjectId) =>
  Array.from({ length: 30 }, (_, i) => ({
    id: `${subjectId}.q${i}`,
    subjectId,
    topicId: `${subjectId}.t`,
    held: false,
    difficulty: 0,
    choices: 4,
  })),
);
const profile = trackProfile(spec, bank);
const now = new Date('2026-11-26T10:00:00+08:00');

/** A student who answered `n` items of each part, right with the chance `rate`, over past days. */
function practised(n: number, rate: number): StudentModel {
  let model = emptyStudentModel();
  for (let i = 0; i < n; i += 1) {
    for (const partId of ['gen', 'num']) {
      const at = new Date(now.getTime() - (n - i) * 3_600_000);
      const correct = (i * 7919) % 100 < rate * 100;
      model = recordAnswer(
        model,
        { partId, topicId: partId === 'gen' ? 's1.t' : 's2.t', correct, at },
        { difficulty: seedDifficulty(2), guess: 0.25 },
      ).model;
    }
  }
  return model;
}

describe('readinessSummary', () => {
  it('a new student gets what to do instead of a number, and no plan without an exam date', () => {
    const r = readinessSummary({ model: emptyStudentModel(), profile, spec, now, examDay: null });
    expect(r.passChance).toBeNull();
    expect(r.whole).toBeNull();
    expect(r.action).toEqual({ kind: 'mock', text: 'Take a full mock' });
    expect(r.plan).toBeNull();
    expect(r.parts.map((p) => [p.partId, p.floor, p.weight, p.needed])).toEqual([
      ['gen', 50, 0.4, 30],
      ['num', 50, 0.6, 30],
    ]);
  });

  it('with an exam date, a new student still gets a plan: the daily minimum and four mocks', () => {
    const r = readinessSummary({
      model: emptyStudentModel(),
      profile,
      spec,
      now,
      examDay: '2027-03-21',
    });
    expect(r.daysLeft).toBe(115);
    expect(r.plan?.dailyItems).toBe(DAILY_ITEMS_MIN);
    // 30 minutes a part for 20 items: 1.5 minutes an item.
    expect(r.plan?.dailyMinutes).toBe(30);
    expect(r.plan?.mockDays).toHaveLength(4);
    expect(r.plan?.mockDays.at(-1)).toBe(`2027-03-${21 - LAST_MOCK_DAYS_BEFORE}`);
    expect(r.plan?.retention).toBe(RETENTION_FAR);
  });

  it('the next full mock: the owed one today until it is taken, then the next plan day', () => {
    const at = (lastFullMockAt: Date | null) =>
      readinessSummary({
        model: emptyStudentModel(),
        profile,
        spec,
        now,
        examDay: '2027-01-10',
        lastFullMockAt,
      }).plan?.nextMockDay;
    // The plan day of 13 November has passed with no mock: owed today; taken today, the next
    // plan day.
    expect(at(null)).toBe('2026-11-26');
    expect(at(new Date('2026-11-26T09:00:00+08:00'))).toBe('2026-12-08');
  });

  it('a strong student has a high pass chance and a minimum plan; a weak one a low chance and more a day', () => {
    const strong = readinessSummary({
      model: practised(80, 0.95),
      profile,
      spec,
      now,
      examDay: '2027-01-10',
    });
    const weak = readinessSummary({
      model: practised(80, 0.45),
      profile,
      spec,
      now,
      examDay: '2027-01-10',
    });
    expect(strong.action).toBeNull();
    expect(strong.passChance?.today).toBeGreaterThan(0.8);
    expect(weak.passChance?.today).toBeLessThan(0.2);
    expect(weak.whole?.rating).toBeLessThan(strong.whole?.rating ?? 0);
    expect(strong.plan?.dailyItems).toBe(DAILY_ITEMS_MIN);
    expect(weak.plan?.dailyItems).toBeGreaterThan(DAILY_ITEMS_MIN);
    expect(weak.holdingBack).not.toBeNull();
  });

  it('after the exam day it is over: no days left, no exam-day chance, no plan', () => {
    const r = readinessSummary({
      model: practised(40, 0.8),
      profile,
      spec,
      now,
      examDay: '2026-11-20',
    });
    expect(r.passChance?.today).toBeGreaterThan(0);
    expect(r.passChance?.examDay).toBeNull();
    expect(r.daysLeft).toBeNull();
    expect(r.plan).toBeNull();
  });

  it('on or after the exam day there is nothing left to plan', () => {
    const r = readinessSummary({
      model: practised(40, 0.8),
      profile,
      spec,
      now,
      examDay: '2026-11-26',
    });
    expect(r.plan).toBeNull();
    expect(r.daysLeft).toBe(0);
  });

  it('every day of a two-day sitting is exam day: the second too, and then it is over', () => {
    // A sitting over 26 and 27 November, as the NLE's two days.
    const sitting = { startsOn: '2026-11-26', endsOn: '2026-11-27' };
    const on = (manila: string) => {
      const at = new Date(`${manila}T10:00:00+08:00`);
      return readinessSummary({
        model: practised(40, 0.8),
        profile,
        spec,
        now: at,
        examDay: sittingExamDay(sitting, manila),
      });
    };
    const dayBefore = on('2026-11-25');
    expect(dayBefore.daysLeft).toBe(1);
    expect(dayBefore.plan).not.toBeNull();
    for (const day of ['2026-11-26', '2026-11-27']) {
      const r = on(day);
      expect(r.daysLeft).toBe(0);
      expect(r.passChance?.examDay).toBe(r.passChance?.today);
      expect(r.plan).toBeNull();
    }
    const after = on('2026-11-28');
    expect(after.daysLeft).toBeNull();
    expect(after.passChance?.examDay).toBeNull();
    expect(sittingExamDay(null, '2026-11-26')).toBeNull();
  });
});
