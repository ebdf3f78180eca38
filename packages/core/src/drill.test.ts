import { describe, expect, it } from 'vitest';
import {
  DRILL_GRACE_SECONDS,
  DRILL_ITEM_SECONDS,
  drillDeadline,
  drillItemPoints,
  drillMaxPoints,
  gradeDrill,
} from './drill.ts';

describe('drillItemPoints (10 per correct answer + up to 5 for speed, inside 20 s)', () => {
  it.each<[string, boolean, number, number]>([
    ['wrong, instantly', false, 0, 0],
    ['wrong, slowly', false, 15_000, 0],
    ['correct at 0 s: full bonus', true, 0, 15],
    ['correct at 3.9 s', true, 3_900, 15],
    ['correct at 4 s', true, 4_000, 14],
    ['correct at 10 s: half the bonus', true, 10_000, 13],
    ['correct at 19.9 s: at least 1 bonus point', true, 19_900, 11],
    ['correct exactly at the limit', true, 20_000, 10],
    ['correct after the limit', true, 20_001, 0],
    ['a clock skew (negative time) counts as instant', true, -500, 15],
  ])('%s', (_name, correct, elapsedMs, points) => {
    expect(drillItemPoints({ correct, elapsedMs })).toBe(points);
  });
});

describe('drillDeadline', () => {
  it.each([
    [5, 5 * DRILL_ITEM_SECONDS + DRILL_GRACE_SECONDS],
    [10, 10 * DRILL_ITEM_SECONDS + DRILL_GRACE_SECONDS],
    [20, 20 * DRILL_ITEM_SECONDS + DRILL_GRACE_SECONDS],
  ])('%i items → start + %i s', (items, seconds) => {
    const start = new Date('2026-11-22T00:00:00.000Z');
    expect(drillDeadline(start, items).getTime() - start.getTime()).toBe(seconds * 1000);
  });
});

describe('drillMaxPoints', () => {
  it.each([
    [0, 0],
    [10, 150],
  ])('%i items → %i', (items, max) => expect(drillMaxPoints(items)).toBe(max));
});

describe('gradeDrill (time per item runs from the previous answer)', () => {
  const start = new Date('2026-11-22T00:00:00.000Z');
  const at = (s: number) => new Date(start.getTime() + s * 1000);

  it.each<[string, Parameters<typeof gradeDrill>[1], ReturnType<typeof gradeDrill>]>([
    ['no answers', [], { answered: 0, correct: 0, points: 0, itemPoints: [], itemMs: [] }],
    [
      'three quick correct answers',
      [
        { correct: true, answeredAt: at(2) },
        { correct: true, answeredAt: at(4) },
        { correct: true, answeredAt: at(6) },
      ],
      {
        answered: 3,
        correct: 3,
        points: 45,
        itemPoints: [15, 15, 15],
        itemMs: [2000, 2000, 2000],
      },
    ],
    [
      'the second item is measured from the first answer, not from the start',
      [
        { correct: true, answeredAt: at(19) },
        { correct: true, answeredAt: at(29) },
      ],
      { answered: 2, correct: 2, points: 24, itemPoints: [11, 13], itemMs: [19_000, 10_000] },
    ],
    [
      'wrong and too-slow answers earn nothing',
      [
        { correct: false, answeredAt: at(1) },
        { correct: true, answeredAt: at(30) },
      ],
      { answered: 2, correct: 1, points: 0, itemPoints: [0, 0], itemMs: [1000, 29_000] },
    ],
    [
      'a timed-out item (answered null) moves the clock on; unanswered items score 0',
      [
        { correct: null, answeredAt: at(20) },
        { correct: true, answeredAt: at(22) },
        { correct: null, answeredAt: null },
      ],
      {
        answered: 1,
        correct: 1,
        points: 15,
        itemPoints: [0, 15, 0],
        itemMs: [20_000, 2000, 0],
      },
    ],
  ])('%s', (_name, answers, grade) => {
    expect(gradeDrill(start, answers)).toEqual(grade);
  });
});
