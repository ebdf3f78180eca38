import { describe, expect, it } from 'vitest';
import type { BlueprintSpec } from './blueprint.ts';
import {
  formatClock,
  gemsForQuiz,
  manilaDayOfMonth,
  percentage,
  remainingMs,
  type ScoredItem,
  scoreLite,
  scoreMock,
} from './quiz-scoring.ts';

// LET-like: weighted average ≥ 75 and no part below 50 (docs/product.md#quiz).
const let2: BlueprintSpec = {
  passingAverage: 75,
  sittings: 1,
  parts: [
    {
      id: 'gen',
      name: 'General Education',
      subjectIds: ['g'],
      items: 10,
      minutes: 60,
      weight: 0.4,
      floor: 50,
    },
    {
      id: 'prof',
      name: 'Professional Education',
      subjectIds: ['p'],
      items: 10,
      minutes: 60,
      weight: 0.6,
      floor: 50,
    },
  ],
};

/** `correct` right answers, then wrong ones, then unanswered, for one part. */
function part(partId: string, correct: number, wrong: number, blank = 0): ScoredItem[] {
  return [
    ...Array.from({ length: correct }, () => ({ partId, isCorrect: true })),
    ...Array.from({ length: wrong }, () => ({ partId, isCorrect: false })),
    ...Array.from({ length: blank }, () => ({ partId, isCorrect: null })),
  ];
}

describe('scoreMock (weighted rating, floors, official rule)', () => {
  it.each<[string, ScoredItem[], number, boolean]>([
    ['both parts 80%', [...part('gen', 8, 2), ...part('prof', 8, 2)], 80, true],
    ['exactly the average', [...part('gen', 75, 25), ...part('prof', 75, 25)], 75, true],
    [
      'weights matter: 60% gen, 90% prof → 78',
      [...part('gen', 6, 4), ...part('prof', 9, 1)],
      78,
      true,
    ],
    [
      'weights matter: 90% gen, 60% prof → 72',
      [...part('gen', 9, 1), ...part('prof', 6, 4)],
      72,
      false,
    ],
    [
      'high average but one part below its floor',
      [...part('gen', 4, 6), ...part('prof', 10, 0)],
      76,
      false,
    ],
    [
      'unanswered items count as wrong',
      [...part('gen', 8, 0, 2), ...part('prof', 8, 0, 2)],
      80,
      true,
    ],
    ['nothing answered', [...part('gen', 0, 0, 10), ...part('prof', 0, 0, 10)], 0, false],
  ])('%s', (_name, items, rating, passed) => {
    const result = scoreMock(let2, items);
    expect(result.weightedRating).toBe(rating);
    expect(result.passed).toBe(passed);
    expect(result.total).toBe(items.length);
  });

  it('flags the part below its floor and reports per part', () => {
    const result = scoreMock(let2, [...part('gen', 4, 6), ...part('prof', 10, 0)]);
    expect(result.parts).toEqual([
      {
        partId: 'gen',
        name: 'General Education',
        items: 10,
        correct: 4,
        percentage: 40,
        weight: 0.4,
        floor: 50,
        belowFloor: true,
      },
      {
        partId: 'prof',
        name: 'Professional Education',
        items: 10,
        correct: 10,
        percentage: 100,
        weight: 0.6,
        floor: 50,
        belowFloor: false,
      },
    ]);
  });

  it('a part missing from the sitting is left out and the weights renormalised', () => {
    const result = scoreMock(let2, part('prof', 4, 1));
    expect(result.parts.map((p) => p.partId)).toEqual(['prof']);
    expect(result.weightedRating).toBe(80);
    expect(result.passed).toBe(true);
  });

  it('CSE-like single part, 80% to pass', () => {
    const cse: BlueprintSpec = {
      passingAverage: 80,
      sittings: 1,
      parts: [
        { id: 'all', name: 'All', subjectIds: ['x'], items: 5, minutes: 5, weight: 1, floor: 0 },
      ],
    };
    expect(scoreMock(cse, part('all', 4, 1)).passed).toBe(true);
    expect(scoreMock(cse, part('all', 3, 2)).passed).toBe(false);
  });
});

describe('scoreLite and percentage', () => {
  it.each([
    [part('x', 7, 2, 1), 7, 10, 70],
    [part('x', 0, 0, 0), 0, 0, 0],
    [part('x', 1, 2), 1, 3, 33.33],
  ])('%#', (items, correct, total, pct) => {
    expect(scoreLite(items)).toEqual({ correct, total, percentage: pct });
  });
  it('percentage', () => {
    expect(percentage(2, 3)).toBe(66.67);
    expect(percentage(1, 0)).toBe(0);
  });
});

describe('gemsForQuiz (lite 1 per correct, mock 2)', () => {
  it.each([
    ['lite', 7, 7],
    ['mock', 7, 14],
    ['lite', 0, 0],
    ['mock', -3, 0],
  ] as const)('%s, %i correct → %i gems', (kind, correct, gems) => {
    expect(gemsForQuiz(kind, correct)).toBe(gems);
  });
});

describe('clock helpers', () => {
  it('remainingMs never goes below zero', () => {
    const deadline = new Date('2026-11-22T10:00:00Z');
    expect(remainingMs(deadline, new Date('2026-11-22T09:59:00Z'))).toBe(60_000);
    expect(remainingMs(deadline, new Date('2026-11-22T10:01:00Z'))).toBe(0);
  });
  it.each([
    [0, '0:00'],
    [999, '0:01'],
    [61_000, '1:01'],
    [3_600_000, '1:00:00'],
    [11_400_000, '3:10:00'],
  ])('formatClock(%i) = %s', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
  it('manilaDayOfMonth', () => {
    expect(manilaDayOfMonth('2026-11-05')).toBe(5);
    expect(manilaDayOfMonth('2026-12-31')).toBe(31);
  });
});
