import { describe, expect, it } from 'vitest';
import { type DifficultyEvidence, refineDifficulty } from './difficulty.ts';
import {
  type ItemDifficulty,
  LABEL_DIFFICULTY_VARIANCE,
  MIN_DIFFICULTY_VARIANCE,
  seedDifficulty,
  successChance,
  updateDifficulty,
} from './model.ts';

const GUESS = 0.25;

/** The posterior's mode by brute force: its log density on a 1e-4 grid over ±6 logits. */
function bruteForceMode(prior: ItemDifficulty, evidence: DifficultyEvidence[]): number {
  let best = -Infinity;
  let mode = 0;
  for (let b = -6; b <= 6; b += 1e-4) {
    let log = -((b - prior.mean) ** 2) / (2 * prior.variance);
    for (const e of evidence) {
      const p = successChance(e.theta, b, GUESS);
      log += e.count * Math.log(e.correct ? p : 1 - p);
    }
    if (log > best) {
      best = log;
      mode = b;
    }
  }
  return mode;
}

/** The answers a cohort of abilities `thetas`, `per` each, would give to an item of difficulty b. */
function expectedAnswers(b: number, thetas: number[], per: number): DifficultyEvidence[] {
  return thetas.flatMap((theta) => {
    const right = Math.round(per * successChance(theta, b, GUESS));
    return [
      { theta, correct: true, count: right },
      { theta, correct: false, count: per - right },
    ];
  });
}

describe('refineDifficulty', () => {
  it.each([
    {
      name: 'one right answer from a strong student',
      prior: seedDifficulty(2),
      evidence: [{ theta: 1.5, correct: true, count: 1 }],
    },
    {
      name: 'a hard label, mostly missed',
      prior: seedDifficulty(3),
      evidence: [
        { theta: 0, correct: false, count: 40 },
        { theta: 0, correct: true, count: 12 },
        { theta: 1, correct: true, count: 9 },
      ],
    },
    {
      name: 'an easy label everybody gets right',
      prior: seedDifficulty(1),
      evidence: [
        { theta: -0.5, correct: true, count: 30 },
        { theta: 0.7, correct: true, count: 25 },
      ],
    },
    {
      name: 'a refined item with a narrow prior',
      prior: { mean: 0.4, variance: 0.01, answers: 800 },
      evidence: [
        { theta: 0.2, correct: false, count: 20 },
        { theta: 0.9, correct: true, count: 5 },
      ],
    },
  ])('its mean is the posterior mode (brute force to 1e-3): $name', ({ prior, evidence }) => {
    const refined = refineDifficulty(prior, evidence, GUESS);
    expect(refined.mean).toBeCloseTo(bruteForceMode(prior, evidence), 3);
    expect(refined.answers).toBe(prior.answers + evidence.reduce((n, e) => n + e.count, 0));
  });

  it('from the same prior, one answer moves it the way updateDifficulty does, a little further', () => {
    const prior = seedDifficulty(2);
    for (const correct of [true, false]) {
      const one = updateDifficulty(prior, 0.8, GUESS, correct);
      const refined = refineDifficulty(prior, [{ theta: 0.8, correct, count: 1 }], GUESS);
      expect(Math.sign(refined.mean - prior.mean)).toBe(Math.sign(one.mean - prior.mean));
      expect(refined.mean).toBeCloseTo(one.mean, 2);
      expect(refined.variance).toBeCloseTo(one.variance, 3);
    }
  });

  it.each([
    { answers: 3, within: 0.25 },
    { answers: 10, within: 1 },
  ])(
    'with $answers answers, all right from weak students, a medium label moves less than $within',
    ({ answers, within }) => {
      // Every answer right from weak students: the strongest evidence of an easy item there is.
      const refined = refineDifficulty(
        seedDifficulty(2),
        [{ theta: -1, correct: true, count: answers }],
        GUESS,
      );
      expect(refined.mean).toBeLessThan(0);
      expect(Math.abs(refined.mean)).toBeLessThan(within);
    },
  );

  it.each([
    { label: 1, truth: 0.6 },
    { label: 2, truth: -1.2 },
    { label: 3, truth: 0.1 },
  ])(
    'thousands of answers find the true difficulty ($truth) whatever the label ($label)',
    ({ label, truth }) => {
      const thetas = [-1.5, -0.5, 0, 0.5, 1, 2];
      const refined = refineDifficulty(
        seedDifficulty(label),
        expectedAnswers(truth, thetas, 500),
        GUESS,
      );
      expect(Math.abs(refined.mean - truth)).toBeLessThan(0.05);
    },
  );

  it('the variance shrinks as answers grow, never below the floor', () => {
    const thetas = [-1, 0, 1];
    let previous = LABEL_DIFFICULTY_VARIANCE;
    for (const per of [1, 10, 100, 1000]) {
      const refined = refineDifficulty(seedDifficulty(2), expectedAnswers(0, thetas, per), GUESS);
      expect(refined.variance).toBeLessThan(previous);
      previous = refined.variance;
    }
    const huge = refineDifficulty(seedDifficulty(2), expectedAnswers(0, thetas, 1e6), GUESS);
    expect(huge.variance).toBe(MIN_DIFFICULTY_VARIANCE);
  });

  it('runs chain: two batches land where one batch of both lands', () => {
    const first = expectedAnswers(0.5, [-1, 0, 1], 30);
    const second = expectedAnswers(0.5, [0, 2], 30);
    const chained = refineDifficulty(
      refineDifficulty(seedDifficulty(2), first, GUESS),
      second,
      GUESS,
    );
    const once = refineDifficulty(seedDifficulty(2), [...first, ...second], GUESS);
    // The Laplace approximation between runs costs little.
    expect(chained.mean).toBeCloseTo(once.mean, 2);
    expect(chained.answers).toBe(once.answers);
  });

  it('no answers (or only zero counts) leave the item as it was', () => {
    const prior = { mean: 0.3, variance: 0.1, answers: 12 };
    expect(refineDifficulty(prior, [], GUESS)).toBe(prior);
    expect(refineDifficulty(prior, [{ theta: 1, correct: true, count: 0 }], GUESS)).toBe(prior);
  });

  it.each([
    { theta: 0, count: -1 },
    { theta: 0, count: 1.5 },
    { theta: Number.NaN, count: 1 },
    { theta: Number.POSITIVE_INFINITY, count: 1 },
  ])('refuses impossible evidence (θ $theta, count $count)', ({ theta, count }) => {
    expect(() =>
      refineDifficulty(seedDifficulty(2), [{ theta, correct: true, count }], GUESS),
    ).toThrow(RangeError);
  });
});
