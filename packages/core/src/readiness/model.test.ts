import { describe, expect, it } from 'vitest';
import {
  ageBelief,
  answersPerDayAt,
  DAILY_DRIFT_VARIANCE,
  emptyStudentModel,
  MAX_SURPRISE_SHIFT,
  observationStep,
  type PartModel,
  PRIOR_PART_MEAN,
  PRIOR_PART_VARIANCE,
  PRIOR_TOPIC_VARIANCE,
  partModelFor,
  recordAnswer,
  recordFullMock,
  type StudentModel,
  SURPRISE_KEEP,
  SURPRISE_PRIOR_SLOPE,
  seedDifficulty,
  successChance,
  surpriseShift,
  TREND_SMOOTHING,
  topicBelief,
  updateDifficulty,
} from './model.ts';

const at = (iso: string) => new Date(iso);
const medium = { difficulty: seedDifficulty(2), guess: 0.25 };
const answer = (correct: boolean, when = '2026-11-20T02:00:00Z', topicId = 't1') => ({
  partId: 'p1',
  topicId,
  correct,
  at: at(when),
});

describe('successChance', () => {
  it.each([
    { theta: 0, b: 0, c: 0.25, p: 0.625 },
    { theta: 0, b: 0, c: 0, p: 0.5 },
    { theta: 50, b: 0, c: 0.25, p: 1 },
    { theta: -50, b: 0, c: 0.25, p: 0.25 },
  ])('θ $theta b $b c $c → $p', ({ theta, b, c, p }) => {
    expect(successChance(theta, b, c)).toBeCloseTo(p, 9);
  });
});

describe('seedDifficulty', () => {
  it.each([
    { label: 1, mean: -1 },
    { label: 2, mean: 0 },
    { label: 3, mean: 1 },
    { label: null, mean: 0 },
    { label: 7, mean: 0 },
  ])('label $label → $mean', ({ label, mean }) => {
    expect(seedDifficulty(label).mean).toBe(mean);
  });
});

describe('observationStep', () => {
  it('matches the derivative of the log-likelihood', () => {
    for (const [eta, c, y] of [
      [0.3, 0.25, true],
      [-1.2, 0.25, false],
      [2, 0, true],
    ] as const) {
      const ll = (e: number) => Math.log(y ? successChance(e, 0, c) : 1 - successChance(e, 0, c));
      const numeric = (ll(eta + 1e-6) - ll(eta - 1e-6)) / 2e-6;
      expect(observationStep(eta, c, y).score).toBeCloseTo(numeric, 5);
      expect(observationStep(eta, c, y).information).toBeGreaterThan(0);
    }
  });
});

describe('recordAnswer', () => {
  it('a correct answer raises the part and the topic, a wrong one lowers them', () => {
    const up = recordAnswer(emptyStudentModel(), answer(true), medium).model;
    const down = recordAnswer(emptyStudentModel(), answer(false), medium).model;
    expect(up.parts.p1?.ability.mean).toBeGreaterThan(PRIOR_PART_MEAN);
    expect(up.parts.p1?.topics.t1?.mean).toBeGreaterThan(PRIOR_PART_MEAN);
    expect(down.parts.p1?.ability.mean).toBeLessThan(PRIOR_PART_MEAN);
    expect(down.parts.p1?.topics.t1?.mean).toBeLessThan(PRIOR_PART_MEAN);
  });

  it('each answer shrinks the uncertainty and counts once; the input is not changed', () => {
    const start = emptyStudentModel();
    const once = recordAnswer(start, answer(true), medium).model;
    const twice = recordAnswer(once, answer(false), medium).model;
    expect(start.parts).toEqual({});
    expect(once.parts.p1?.ability.variance).toBeLessThan(PRIOR_PART_VARIANCE);
    expect(twice.parts.p1?.ability.variance).toBeLessThan(once.parts.p1?.ability.variance ?? 0);
    expect(twice.parts.p1?.ability.answers).toBe(2);
    expect(twice.parts.p1?.topics.t1?.answers).toBe(2);
  });

  it('the steps shrink as evidence grows (Elo with a shrinking K)', () => {
    let model = emptyStudentModel();
    const steps: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const before = model.parts.p1?.ability.mean ?? PRIOR_PART_MEAN;
      model = recordAnswer(model, answer(i % 2 === 0), medium).model;
      steps.push(Math.abs((model.parts.p1?.ability.mean ?? 0) - before));
    }
    // Compare like with like: answer 39 is correct, as answer 1 was.
    expect(steps[38]).toBeLessThan((steps[0] ?? 0) / 3);
  });

  it('recovers a known ability from many answers (the update is consistent)', () => {
    // A student of ability 1.4 on medium items answers correctly with chance 0.25 + 0.75 σ(1.4).
    const p = successChance(1.4, 0, 0.25);
    let model = emptyStudentModel();
    let hits = 0;
    for (let i = 0; i < 2000; i += 1) {
      // A deterministic sequence with the exact share p of correct answers.
      const correct = Math.floor((i + 1) * p) > hits;
      if (correct) hits += 1;
      model = recordAnswer(
        model,
        answer(correct, '2026-11-20T02:00:00Z', `t${i % 4}`),
        medium,
      ).model;
    }
    const belief = topicBelief(model, { partId: 'p1' }, 't1', at('2026-11-20T02:00:00Z').getTime());
    expect(belief.mean).toBeGreaterThan(1.2);
    expect(belief.mean).toBeLessThan(1.6);
  });

  it('part and topic are separate trackers: the uncertainty of a much-answered topic gets small', () => {
    let model = emptyStudentModel();
    for (let i = 0; i < 1500; i += 1) {
      model = recordAnswer(
        model,
        answer(i % 5 !== 0, '2026-11-20T02:00:00Z', `t${i % 2}`),
        medium,
      ).model;
    }
    // The drift per answer keeps a floor under it (about √(drift / information), 0.12 here), far
    // below the prior.
    expect(model.parts.p1?.ability.variance).toBeLessThan(0.2);
    expect(model.parts.p1?.topics.t0?.variance).toBeLessThan(0.2);
  });

  it('a topic never answered is predicted from its part, with the topic prior on top', () => {
    let model = emptyStudentModel();
    for (let i = 0; i < 30; i += 1) model = recordAnswer(model, answer(true), medium).model;
    const now = at('2026-11-20T02:00:00Z').getTime();
    const fresh = topicBelief(model, { partId: 'p1' }, 'never', now);
    expect(fresh.mean).toBeCloseTo(model.parts.p1?.ability.mean ?? 0, 9);
    expect(fresh.variance).toBeCloseTo(
      (model.parts.p1?.ability.variance ?? 0) + PRIOR_TOPIC_VARIANCE,
      9,
    );
    expect(topicBelief(emptyStudentModel(), { partId: 'p9' }, 't', now)).toMatchObject({
      mean: PRIOR_PART_MEAN,
      variance: PRIOR_PART_VARIANCE + PRIOR_TOPIC_VARIANCE,
      trend: 0,
      answers: 0,
      at: null,
    });
  });

  it('pace: answers a day, smoothed over Manila days (a day off counts as none)', () => {
    let model = emptyStudentModel();
    const day = (iso: string, n: number) => {
      for (let i = 0; i < n; i += 1) model = recordAnswer(model, answer(true, iso), medium).model;
    };
    day('2026-11-20T01:00:00Z', 10);
    expect(model.parts.p1?.pace.answersPerDay).toBe(0);
    day('2026-11-21T01:00:00Z', 10); // day 1's 10 answers are smoothed in: 0.2 × 10
    expect(model.parts.p1?.pace.answersPerDay).toBeCloseTo(2, 9);
    // Day 2's 10 answers (0.8 × 2 + 0.2 × 10 = 3.6), then a day off, a day with none (× 0.8).
    day('2026-11-23T01:00:00Z', 1);
    expect(model.parts.p1?.pace.answersPerDay).toBeCloseTo(2.88, 9);
    expect(model.parts.p1?.pace.dayKey).toBe('2026-11-23');
  });

  it('pace as read: brought to today, each day since the last practice counting as none', () => {
    let model = emptyStudentModel();
    for (const iso of ['2026-11-20T01:00:00Z', '2026-11-21T01:00:00Z']) {
      for (let i = 0; i < 10; i += 1) model = recordAnswer(model, answer(true, iso), medium).model;
    }
    const part = model.parts.p1 as PartModel;
    const read = (iso: string) => answersPerDayAt(part, at(iso).getTime());
    // The day under way is not counted yet; the next day, its 10 answers are (0.8 × 2 + 0.2 × 10).
    expect(read('2026-11-21T10:00:00Z')).toBeCloseTo(2, 9);
    expect(read('2026-11-22T10:00:00Z')).toBeCloseTo(3.6, 9);
    expect(read('2026-11-23T10:00:00Z')).toBeCloseTo(3.6 * 0.8, 9);
    expect(read('2026-12-21T10:00:00Z')).toBeCloseTo(3.6 * 0.8 ** 29, 9);
    // Read or learnt from, the same: an answer that day stores what was read before it.
    const next = recordAnswer(model, answer(true, '2026-12-21T10:00:00Z'), medium).model;
    expect(next.parts.p1?.pace.answersPerDay).toBeCloseTo(read('2026-12-21T10:00:00Z'), 12);
  });

  it('a major part is kept per major: another major’s answer starts it afresh', () => {
    const asMajor = (model: StudentModel, major: string | undefined) =>
      recordAnswer(model, { ...answer(true), ...(major ? { major } : {}) }, medium).model;
    let model = emptyStudentModel();
    for (let i = 0; i < 5; i += 1) model = asMajor(model, 'eng');
    expect(model.parts.p1).toMatchObject({ major: 'eng', ability: { answers: 5 } });
    expect(partModelFor(model, { partId: 'p1', major: 'eng' })).toBe(model.parts.p1);
    expect(partModelFor(model, { partId: 'p1', major: 'math' })).toBeUndefined();
    const math = asMajor(model, 'math');
    expect(math.parts.p1).toMatchObject({ major: 'math', ability: { answers: 1 } });
    expect(Object.keys(math.parts.p1?.topics ?? {})).toEqual(['t1']);
    // A part stored before the major was kept is taken as the current major's.
    const { major: _, ...unmarked } = model.parts.p1 as PartModel;
    const old = { ...model, parts: { p1: unmarked } };
    expect(partModelFor(old, { partId: 'p1', major: 'math' })).toBe(unmarked);
    expect(asMajor(old, 'math').parts.p1).toMatchObject({ major: 'math', ability: { answers: 6 } });
    // A new major's topic starts from the prior, not from the old major's part (For-you's rank).
    const now = Date.parse('2026-11-20T02:01:00Z');
    expect(topicBelief(model, { partId: 'p1', major: 'math' }, 'm1', now)).toEqual(
      topicBelief(emptyStudentModel(), { partId: 'p1', major: 'math' }, 'm1', now),
    );
    expect(topicBelief(model, { partId: 'p1', major: 'eng' }, 'e1', now).mean).toBeGreaterThan(
      PRIOR_PART_MEAN,
    );
  });

  it('the pace follows the level: a share `TREND_SMOOTHING` of each answer’s step', () => {
    const model = recordAnswer(emptyStudentModel(), answer(true), medium).model;
    const ability = model.parts.p1?.ability;
    expect(ability?.trend).toBeCloseTo(
      ((ability?.mean ?? 0) - PRIOR_PART_MEAN) * TREND_SMOOTHING,
      12,
    );
  });

  it('the pace never moves the level (ADR 028 "The level alone")', () => {
    const start = recordAnswer(emptyStudentModel(), answer(true), medium).model;
    const part = start.parts.p1 as NonNullable<(typeof start.parts)['p1']>;
    const fast = {
      ...start,
      parts: { p1: { ...part, ability: { ...part.ability, trend: 0.05 } } },
    };
    const later = '2026-11-20T02:01:00Z';
    expect(recordAnswer(fast, answer(false, later), medium).model.parts.p1?.ability.mean).toBe(
      recordAnswer(start, answer(false, later), medium).model.parts.p1?.ability.mean,
    );
  });

  it('a model stored by the level-and-trend filter it replaced is read and learns on', () => {
    const stored = {
      mean: 1.1,
      variance: 0.08,
      trend: 0.004,
      trendVariance: 3e-5,
      covariance: 0.001,
      answers: 400,
      at: at('2026-11-19T02:00:00Z').getTime(),
    };
    const old = {
      ...emptyStudentModel(),
      parts: {
        p1: {
          ability: stored,
          pace: { answersPerDay: 20, dayKey: '2026-11-19', dayStartAnswers: 380 },
          topics: { t1: { ...stored, anchor: 1.1 } },
        },
      },
    };
    const next = recordAnswer(old, answer(true), medium).model.parts.p1;
    expect(next?.ability.mean).toBeGreaterThan(1.1);
    expect(next?.ability.answers).toBe(401);
    // The old filter's own numbers are not carried on.
    expect(next?.ability).not.toHaveProperty('covariance');
    expect(next?.topics.t1).not.toHaveProperty('trendVariance');
  });

  it('learning: a student who keeps beating the predictions gets a positive pace', () => {
    let model = emptyStudentModel();
    // Right answers get more frequent: 40 % → 95 % over 600 answers.
    let hits = 0;
    for (let i = 0; i < 600; i += 1) {
      const share = 0.4 + (0.55 * i) / 600;
      const correct = Math.floor((i + 1) * share) > hits;
      if (correct) hits += 1;
      model = recordAnswer(model, answer(correct), medium).model;
    }
    expect(model.parts.p1?.ability.trend).toBeGreaterThan(0.001);
    let flat = emptyStudentModel();
    for (let i = 0; i < 600; i += 1) flat = recordAnswer(flat, answer(i % 3 !== 0), medium).model;
    expect(Math.abs(flat.parts.p1?.ability.trend ?? 1)).toBeLessThan(0.001);
  });
});

describe('forgetting (ageBelief)', () => {
  const belief = {
    mean: 2,
    variance: 0.05,
    trend: 0.01,
    answers: 50,
    at: at('2026-11-01T00:00:00Z').getTime(),
  };
  it.each([
    { days: 0, variance: 0.05 },
    { days: 10, variance: 0.05 + 10 * DAILY_DRIFT_VARIANCE },
    { days: 10_000, variance: PRIOR_PART_VARIANCE },
  ])('after $days days the variance is $variance', ({ days, variance }) => {
    const aged = ageBelief(
      belief,
      (belief.at ?? 0) + days * 86_400_000,
      PRIOR_PART_MEAN,
      PRIOR_PART_VARIANCE,
    );
    expect(aged.variance).toBeCloseTo(variance, 9);
    expect(aged.mean).toBeLessThanOrEqual(2);
    expect(aged.mean).toBeGreaterThan(PRIOR_PART_MEAN - 1e-9);
  });
  it('time in the past changes nothing', () => {
    expect(ageBelief(belief, (belief.at ?? 0) - 1000, 0, 1)).toBe(belief);
  });
  it.each([
    { name: 'a NaN mean', change: { mean: Number.NaN } },
    { name: 'a negative variance', change: { variance: -0.2 } },
    { name: 'an infinite variance', change: { variance: Number.POSITIVE_INFINITY } },
    { name: 'a NaN pace', change: { trend: Number.NaN } },
  ])('a stored belief with $name starts again from the prior, its answers kept', ({ change }) => {
    const broken = { ...belief, ...change };
    const now = (belief.at ?? 0) + 60_000;
    const aged = ageBelief(broken, now, PRIOR_PART_MEAN, PRIOR_PART_VARIANCE);
    expect(aged).toMatchObject({
      mean: PRIOR_PART_MEAN,
      variance: PRIOR_PART_VARIANCE,
      trend: 0,
      answers: 50,
      at: now,
    });
    // And the model's next answer is a number again.
    const model = {
      ...emptyStudentModel(),
      parts: {
        p1: {
          ability: broken,
          pace: { answersPerDay: 0, dayKey: null, dayStartAnswers: 0 },
          topics: { t1: broken },
        },
      },
    };
    const next = recordAnswer(model, answer(true, new Date(now).toISOString()), medium).model;
    expect(Number.isFinite(next.parts.p1?.ability.mean)).toBe(true);
    expect(Number.isFinite(next.parts.p1?.topics.t1?.mean)).toBe(true);
  });
});

describe('updateDifficulty', () => {
  it('a correct answer makes the item look easier, a wrong one harder; never fully certain', () => {
    const seed = seedDifficulty(2);
    expect(updateDifficulty(seed, 0, 0.25, true).mean).toBeLessThan(0);
    expect(updateDifficulty(seed, 0, 0.25, false).mean).toBeGreaterThan(0);
    let d = seed;
    for (let i = 0; i < 100_000; i += 1) d = updateDifficulty(d, 0, 0.25, i % 3 !== 0);
    expect(d.variance).toBeGreaterThanOrEqual(0.02 ** 2);
    expect(d.answers).toBe(100_000);
  });
  it('recordAnswer returns the item after the same answer', () => {
    const { difficulty } = recordAnswer(emptyStudentModel(), answer(true), medium);
    expect(difficulty.answers).toBe(1);
    expect(difficulty.mean).toBeLessThan(0);
  });
});

it('recordFullMock counts full mocks', () => {
  expect(recordFullMock(recordFullMock(emptyStudentModel())).fullMocks).toBe(2);
});

describe('the surprise (the model checking its own predictions)', () => {
  it('adds each answer against the chance the forecast gave it, before the answer is applied', () => {
    const first = recordAnswer(emptyStudentModel(), answer(true), medium).model;
    const topic = first.parts.p1?.topics.t1;
    // A new topic: the part's prior mean with the topic prior's extra variance, probit-averaged.
    const variance = PRIOR_PART_VARIANCE + PRIOR_TOPIC_VARIANCE;
    const scale = 1 / Math.sqrt(1 + (Math.PI * variance) / 8);
    const s = 1 / (1 + Math.exp(-PRIOR_PART_MEAN * scale));
    const chance = 0.25 + 0.75 * s;
    expect(topic?.surprise?.residual).toBeCloseTo(1 - chance, 9);
    expect(topic?.surprise?.slope).toBeCloseTo(0.75 * s * (1 - s) * scale, 9);
    const second = recordAnswer(first, answer(false, '2026-11-20T02:01:00Z'), medium).model;
    const before = topicBelief(first, { partId: 'p1' }, 't1', Date.parse('2026-11-20T02:01:00Z'));
    const scale2 = 1 / Math.sqrt(1 + (Math.PI * before.variance) / 8);
    const chance2 = 0.25 + 0.75 / (1 + Math.exp(-before.mean * scale2));
    expect(second.parts.p1?.topics.t1?.surprise?.residual).toBeCloseTo(
      (1 - chance) * SURPRISE_KEEP - chance2,
      9,
    );
  });

  it('leaves out answers to items the model chose (a For-you set)', () => {
    const first = recordAnswer(emptyStudentModel(), answer(true), medium).model;
    const chosen = recordAnswer(
      first,
      { ...answer(true, '2026-11-20T02:01:00Z'), chosen: true },
      medium,
    ).model;
    expect(chosen.parts.p1?.topics.t1?.surprise).toEqual(first.parts.p1?.topics.t1?.surprise);
    // The ability itself still learns from them.
    expect(chosen.parts.p1?.topics.t1?.answers).toBe(2);
  });

  it('is no shift without answers, shrunk while they are few, and bounded', () => {
    expect(surpriseShift(undefined)).toBe(0);
    expect(
      surpriseShift(topicBelief(emptyStudentModel(), { partId: 'p1' }, 't1', Date.now())),
    ).toBe(0);
    const belief = topicBelief(emptyStudentModel(), { partId: 'p1' }, 't1', Date.now());
    const few = { ...belief, surprise: { residual: 0.5, slope: 0.4 } };
    const many = { ...belief, surprise: { residual: 2, slope: 4 } };
    expect(surpriseShift(few)).toBeCloseTo(0.5 / (0.4 + SURPRISE_PRIOR_SLOPE), 9);
    expect(surpriseShift(many)).toBeCloseTo(2 / (4 + SURPRISE_PRIOR_SLOPE), 9);
    expect(surpriseShift(few)).toBeLessThan(surpriseShift(many));
    const wild = { ...belief, surprise: { residual: -40, slope: 10 } };
    expect(surpriseShift(wild)).toBe(-MAX_SURPRISE_SHIFT);
  });

  it('turns positive for a student who keeps beating the predictions', () => {
    let model = emptyStudentModel();
    const start = Date.parse('2026-11-20T02:00:00Z');
    for (let i = 0; i < 60; i += 1) {
      const when = new Date(start + i * 60_000).toISOString();
      model = recordAnswer(model, answer(i % 10 !== 0, when), medium).model;
    }
    expect(surpriseShift(model.parts.p1?.topics.t1)).toBeGreaterThan(0);
  });
});
