import { describe, expect, it } from 'vitest';
import {
  forYouPool,
  type ItemHistory,
  nextItemHistory,
  type PoolItem,
  REVIEW_INTERVAL_DAYS,
  reviewDue,
  selectForYou,
  windowFit,
} from './for-you.ts';
import type { TrackProfile } from './forecast.ts';
import { emptyStudentModel, recordAnswer, type StudentModel, seedDifficulty } from './model.ts';

const DAY = 86_400_000;
const T0 = new Date('2026-11-20T02:00:00Z');

describe('spaced review of missed items', () => {
  it.each([
    { h: undefined, days: 100, due: false, why: 'never answered' },
    {
      h: { lastAt: 0, lastCorrect: true, reviewStep: null },
      days: 100,
      due: false,
      why: 'never missed',
    },
    {
      h: { lastAt: 0, lastCorrect: false, reviewStep: 0 },
      days: 0.5,
      due: false,
      why: 'missed today',
    },
    {
      h: { lastAt: 0, lastCorrect: false, reviewStep: 0 },
      days: 1,
      due: true,
      why: 'missed a day ago',
    },
    {
      h: { lastAt: 0, lastCorrect: true, reviewStep: 1 },
      days: 2,
      due: false,
      why: 'one review, 2 of 3 days',
    },
    {
      h: { lastAt: 0, lastCorrect: true, reviewStep: 1 },
      days: 3,
      due: true,
      why: 'one review, 3 days',
    },
    {
      h: { lastAt: 0, lastCorrect: true, reviewStep: REVIEW_INTERVAL_DAYS.length },
      days: 999,
      due: false,
      why: 'retired',
    },
  ] as { h: ItemHistory | undefined; days: number; due: boolean; why: string }[])(
    '$why → $due',
    ({ h, days, due }) => {
      expect(reviewDue(h, days * DAY)).toBe(due);
    },
  );

  it.each([
    { prev: undefined, correct: true, step: null },
    { prev: undefined, correct: false, step: 0 },
    { prev: { lastAt: 0, lastCorrect: false, reviewStep: 0 }, correct: true, step: 1 },
    { prev: { lastAt: 0, lastCorrect: true, reviewStep: 3 }, correct: false, step: 0 },
    { prev: { lastAt: 0, lastCorrect: true, reviewStep: null }, correct: true, step: null },
  ] as { prev: ItemHistory | undefined; correct: boolean; step: number | null }[])(
    'nextItemHistory($prev.reviewStep, $correct) → step $step',
    ({ prev, correct, step }) => {
      expect(nextItemHistory(prev, correct, 5)).toEqual({
        lastAt: 5,
        lastCorrect: correct,
        reviewStep: step,
      });
    },
  );
});

describe('windowFit', () => {
  it.each([
    { p: 0.7, fit: 1 },
    { p: 0.8, fit: 1 },
    { p: 0.85, fit: 1 },
  ])('$p → $fit', ({ p, fit }) => expect(windowFit(p)).toBe(fit));
  it('falls off outside, the further the less', () => {
    expect(windowFit(0.6)).toBeLessThan(windowFit(0.65));
    expect(windowFit(0.97)).toBeLessThan(windowFit(0.9));
    expect(windowFit(0.4)).toBeLessThan(0.001);
  });
});

// Two parts: Numerical (weight 0.5, floor 50) and Verbal (weight 0.5); items of three difficulties.
const difficulties = Array.from({ length: 29 }, (_, i) => -3 + i * 0.25);
const pool: PoolItem[] = ['num|n1', 'num|n2', 'verb|v1'].flatMap((key) => {
  const [partId, topicId] = key.split('|') as [string, string];
  return difficulties.flatMap((difficulty, i) =>
    [0, 1].map((k) => ({ id: `${topicId}.${i}.${k}`, partId, topicId, difficulty, guess: 0.25 })),
  );
});
const profile: TrackProfile = {
  passingAverage: 75,
  parts: [
    {
      partId: 'num',
      name: 'Numerical',
      items: 40,
      weight: 0.5,
      floor: 50,
      topics: [
        { topicId: 'n1', share: 0.5, difficulties, guess: 0.25 },
        { topicId: 'n2', share: 0.5, difficulties, guess: 0.25 },
      ],
    },
    {
      partId: 'verb',
      name: 'Verbal',
      items: 40,
      weight: 0.5,
      floor: 50,
      topics: [{ topicId: 'v1', share: 1, difficulties, guess: 0.25 }],
    },
  ],
};

function trained(num: number, verb: number): StudentModel {
  let model = emptyStudentModel();
  for (const [partId, topics, p] of [
    ['num', ['n1', 'n2'], num],
    ['verb', ['v1'], verb],
  ] as const) {
    let hits = 0;
    for (let i = 0; i < 200; i += 1) {
      const correct = Math.floor((i + 1) * p) > hits;
      if (correct) hits += 1;
      model = recordAnswer(
        model,
        { partId, topicId: topics[i % topics.length] as string, correct, at: T0 },
        { difficulty: seedDifficulty(2), guess: 0.25 },
      ).model;
    }
  }
  return model;
}

const base = {
  pool,
  history: new Map<string, ItemHistory>(),
  now: T0,
  examDate: new Date(T0.getTime() + 30 * DAY),
  count: 10,
  seed: 's',
};

describe('selectForYou', () => {
  it('spends the set where the pass chance moves: the weak part, at 70–85 % success', () => {
    const model = trained(0.6, 0.95);
    const picks = selectForYou({ ...base, model, profile });
    expect(picks).toHaveLength(10);
    const parts = picks.map((p) => pool.find((q) => q.id === p.itemId)?.partId);
    expect(parts.filter((p) => p === 'num').length).toBeGreaterThanOrEqual(7);
    // Both Numerical topics get items (the set spreads), and no item is far outside the window.
    const topics = new Set(picks.map((p) => pool.find((q) => q.id === p.itemId)?.topicId));
    expect(topics.has('n1') && topics.has('n2')).toBe(true);
    expect(new Set(picks.map((p) => p.itemId)).size).toBe(10);
  });

  it('the other way round for the other student', () => {
    const picks = selectForYou({ ...base, model: trained(0.95, 0.6), profile });
    const parts = picks.map((p) => pool.find((q) => q.id === p.itemId)?.partId);
    expect(parts.filter((p) => p === 'verb').length).toBeGreaterThanOrEqual(7);
  });

  it('brings back missed items that are due, at most 3 of 10, and leaves the rest fresh', () => {
    const model = trained(0.6, 0.95);
    const history = new Map<string, ItemHistory>();
    // Five Verbal items missed two days ago (due), one missed an hour ago (not due).
    for (let i = 0; i < 5; i += 1)
      history.set(`v1.${i}.0`, {
        lastAt: T0.getTime() - 2 * DAY,
        lastCorrect: false,
        reviewStep: 0,
      });
    history.set('v1.6.0', { lastAt: T0.getTime() - 3_600_000, lastCorrect: false, reviewStep: 0 });
    const picks = selectForYou({ ...base, model, profile, history });
    const reviews = picks.filter((p) => p.reason === 'review');
    expect(reviews).toHaveLength(3);
    expect(reviews.every((p) => p.itemId.startsWith('v1.') && p.itemId !== 'v1.6.0')).toBe(true);
    expect(picks).toHaveLength(10);
  });

  it('works from a small kept pool, deterministic for a seed', () => {
    const model = trained(0.7, 0.7);
    const small = pool.slice(0, 4);
    const picks = selectForYou({ ...base, model, profile, pool: small });
    expect(picks.map((p) => p.itemId).sort()).toEqual(small.map((q) => q.id).sort());
    expect(selectForYou({ ...base, model, profile })).toEqual(
      selectForYou({ ...base, model, profile }),
    );
  });

  it('prefers items in the success window to easier and harder ones of the same topic', () => {
    const model = trained(0.6, 0.95);
    const picks = selectForYou({ ...base, model, profile, count: 4 });
    for (const p of picks) {
      const item = pool.find((q) => q.id === p.itemId) as PoolItem;
      const mean = model.parts[item.partId]?.topics[item.topicId]?.mean ?? 0;
      const success = 0.25 + 0.75 / (1 + Math.exp(-(mean - item.difficulty)));
      expect(success).toBeGreaterThan(0.6);
      expect(success).toBeLessThan(0.92);
    }
  });
});

describe('a new student (no model yet)', () => {
  it('gets a full set of fresh items, spread over every part and topic, near the window', () => {
    const picks = selectForYou({ ...base, model: emptyStudentModel(), profile, examDate: null });
    expect(picks).toHaveLength(10);
    expect(new Set(picks.map((p) => p.itemId)).size).toBe(10);
    expect(picks.every((p) => p.reason === 'practice')).toBe(true);
    const items = picks.map((p) => pool.find((q) => q.id === p.itemId) as PoolItem);
    expect(new Set(items.map((q) => q.topicId))).toEqual(new Set(['n1', 'n2', 'v1']));
    expect(items.filter((q) => q.partId === 'num').length).toBeGreaterThanOrEqual(3);
    expect(items.filter((q) => q.partId === 'verb').length).toBeGreaterThanOrEqual(3);
    // The prior ability (0.5 logits): items of middling difficulty, none of the hardest or easiest.
    for (const q of items) expect(Math.abs(q.difficulty)).toBeLessThanOrEqual(1.5);
  });

  it('with only missed items due and nothing else, the set is filled with them', () => {
    const history = new Map<string, ItemHistory>(
      pool.map((q) => [
        q.id,
        { lastAt: T0.getTime() - 30 * DAY, lastCorrect: false, reviewStep: 0 },
      ]),
    );
    const picks = selectForYou({ ...base, model: emptyStudentModel(), profile, history });
    expect(picks.filter((p) => p.reason === 'review')).toHaveLength(10);
    expect(new Set(picks.map((p) => p.itemId)).size).toBe(10);
  });
});

describe('forYouPool', () => {
  it('places each candidate in its part by the profile, with its guessing floor', () => {
    expect(
      forYouPool(profile, [
        { id: 'a', topicId: 'n2', difficulty: 0.3, choices: 4 },
        { id: 'b', topicId: 'v1', difficulty: -1, choices: 5 },
        { id: 'c', topicId: 'practice-only', difficulty: 0, choices: 4 },
        { id: 'd', topicId: 'n1', difficulty: 1, choices: 1 },
      ]),
    ).toEqual([
      { id: 'a', partId: 'num', topicId: 'n2', difficulty: 0.3, guess: 0.25 },
      { id: 'b', partId: 'verb', topicId: 'v1', difficulty: -1, guess: 0.2 },
      { id: 'd', partId: 'num', topicId: 'n1', difficulty: 1, guess: 0 },
    ]);
  });
});
