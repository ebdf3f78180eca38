import { describe, expect, it } from 'vitest';
import type { BlueprintSpec } from '../blueprint.ts';
import {
  forecastReadiness,
  MIN_PART_ANSWERS,
  type ProfiledItem,
  predictPart,
  surenessOf,
  type TrackProfile,
  trackProfile,
} from './forecast.ts';
import {
  type AbilityBelief,
  emptyStudentModel,
  type PartModel,
  type PartPace,
  recordAnswer,
  type StudentModel,
  seedDifficulty,
  successChance,
} from './model.ts';

const spec: BlueprintSpec = {
  passingAverage: 75,
  sittings: 1,
  parts: [
    {
      id: 'gen',
      name: 'General',
      subjectIds: ['s1'],
      items: 20,
      minutes: 20,
      weight: 0.4,
      floor: 50,
      strands: [
        { id: 'a', name: 'A', share: 0.25, topicIds: ['t1'] },
        { id: 'b', name: 'B', share: 0.75, topicIds: ['t2', 't3'] },
      ],
    },
    {
      id: 'num',
      name: 'Numerical',
      subjectIds: ['s2'],
      items: 20,
      minutes: 20,
      weight: 0.6,
      floor: 50,
    },
  ],
};

const items = (subjectId: string, topicId: string, n: number): ProfiledItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${topicId}.q${i}`,
    subjectId,
    topicId,
    held: false,
    difficulty: 0,
    choices: 4,
  }));
const bank = [
  ...items('s1', 't1', 10),
  ...items('s1', 't2', 10),
  ...items('s1', 't3', 30),
  ...items('s2', 'n1', 30),
  ...items('s2', 'n2', 10),
];
const profile: TrackProfile = trackProfile(spec, bank);

const T0 = new Date('2026-11-20T02:00:00Z');
const medium = { difficulty: seedDifficulty(2), guess: 0.25 };

/**
 * The model with each part's ability and pace changed. The changes are an argument's object
 * literal, so a field the model has not is a type error (a callback's returned literal is not
 * checked for unknown fields: the old `pace: { perDay }` passed).
 */
const withParts = (
  model: StudentModel,
  change: { ability?: Partial<AbilityBelief>; pace?: Partial<PartPace> },
): StudentModel => ({
  ...model,
  parts: Object.fromEntries(
    Object.entries(model.parts).map(([id, part]): [string, PartModel] => [
      id,
      {
        ...part,
        ability: { ...part.ability, ...change.ability },
        pace: { ...part.pace, ...change.pace },
      },
    ]),
  ),
});

/** A model fed `n` answers per part, the share `p` of them correct (spread evenly). */
function practised(
  perPart: Record<string, { n: number; p: number; topics: string[] }>,
  at = T0,
): StudentModel {
  let model = emptyStudentModel();
  for (const [partId, { n, p, topics }] of Object.entries(perPart)) {
    let hits = 0;
    for (let i = 0; i < n; i += 1) {
      const correct = Math.floor((i + 1) * p) > hits;
      if (correct) hits += 1;
      model = recordAnswer(
        model,
        { partId, topicId: topics[i % topics.length] as string, correct, at },
        medium,
      ).model;
    }
  }
  return model;
}

describe('trackProfile', () => {
  it('gives each topic its strand share split by pool size, or its share of the pool', () => {
    const gen = profile.parts[0];
    const share = Object.fromEntries(gen?.topics.map((t) => [t.topicId, t.share]) ?? []);
    expect(share.t1).toBeCloseTo(0.25, 9);
    expect(share.t2).toBeCloseTo(0.75 * (10 / 40), 9);
    expect(share.t3).toBeCloseTo(0.75 * (30 / 40), 9);
    const num = Object.fromEntries(profile.parts[1]?.topics.map((t) => [t.topicId, t.share]) ?? []);
    expect(num).toEqual({ n1: 0.75, n2: 0.25 });
    expect(profile.parts[1]?.topics[0]?.guess).toBe(0.25);
  });
});

describe('forecastReadiness: too little data', () => {
  it('a new student: no number, take a full mock', () => {
    const f = forecastReadiness(emptyStudentModel(), profile, T0);
    expect(f.whole).toBeNull();
    expect(f.passChance).toBeNull();
    expect(f.action).toEqual({ kind: 'mock', text: 'Take a full mock' });
    expect(f.parts.map((p) => p.needed)).toEqual([MIN_PART_ANSWERS, MIN_PART_ANSWERS]);
  });

  it('one part short: answer the rest of it', () => {
    const model = practised({
      gen: { n: 40, p: 0.8, topics: ['t1', 't2', 't3'] },
      num: { n: 10, p: 0.8, topics: ['n1'] },
    });
    const f = forecastReadiness(model, profile, T0);
    expect(f.action).toEqual({
      kind: 'answer',
      partId: 'num',
      count: 20,
      text: 'Answer 20 more Numerical items',
    });
    expect(f.parts[0]?.predicted).not.toBeNull();
    expect(f.parts[1]?.predicted).toBeNull();
    expect(f.whole).toBeNull();
  });

  it('one answer short says "item"', () => {
    const model = practised({
      gen: { n: 40, p: 0.8, topics: ['t1'] },
      num: { n: MIN_PART_ANSWERS - 1, p: 0.8, topics: ['n1'] },
    });
    expect(forecastReadiness(model, profile, T0).action?.text).toBe('Answer 1 more Numerical item');
  });
});

describe('forecastReadiness: with data', () => {
  const strong = practised({
    gen: { n: 300, p: 0.92, topics: ['t1', 't2', 't3'] },
    num: { n: 300, p: 0.92, topics: ['n1', 'n2'] },
  });
  const weak = practised({
    gen: { n: 300, p: 0.55, topics: ['t1', 't2', 't3'] },
    num: { n: 300, p: 0.55, topics: ['n1', 'n2'] },
  });
  // Strong on average, but General sits near its floor of 50: the floor holds this student back.
  const lopsided = practised({
    gen: { n: 300, p: 0.5, topics: ['t1', 't2', 't3'] },
    num: { n: 300, p: 0.97, topics: ['n1', 'n2'] },
  });

  it('predicts about the share correct, inside its 80 % interval', () => {
    const f = forecastReadiness(strong, profile, T0);
    expect(f.whole?.rating).toBeGreaterThan(88);
    expect(f.whole?.rating).toBeLessThan(95);
    for (const x of [f.whole, ...f.parts.map((p) => p.predicted)]) {
      expect(x?.low).toBeLessThan(x?.rating ?? 0);
      expect(x?.high).toBeGreaterThan(x?.rating ?? 0);
    }
    expect(f.action).toBeNull();
  });

  it('pass chance: high for the strong, low for the weak, lowered by a floor', () => {
    expect(forecastReadiness(strong, profile, T0).passChance?.today).toBeGreaterThan(0.95);
    expect(forecastReadiness(weak, profile, T0).passChance?.today).toBeLessThan(0.05);
    const f = forecastReadiness(lopsided, profile, T0);
    expect(f.whole?.rating).toBeGreaterThan(75);
    expect(f.passChance?.today).toBeLessThan(0.7);
    expect(f.holdingBack?.partId).toBe('gen');
  });

  it('exam day: a rising pace raises the projected chance, no pace keeps it', () => {
    // Learning 0.002 logit an answer at 20 answers a day: 0.04 logit a day, until exam day.
    const rising = withParts(weak, { ability: { trend: 0.002 }, pace: { answersPerDay: 20 } });
    const exam = new Date(T0.getTime() + 60 * 86_400_000);
    const f = forecastReadiness(rising, profile, T0, exam);
    expect(f.daysLeft).toBe(60);
    expect(f.passChance?.today).toBeCloseTo(
      forecastReadiness(weak, profile, T0).passChance?.today ?? 1,
      9,
    );
    expect(f.passChance?.examDay).toBeGreaterThan((f.passChance?.today ?? 1) + 0.1);
    const still = forecastReadiness(
      withParts(weak, { pace: { answersPerDay: 0 } }),
      profile,
      T0,
      exam,
    );
    expect(still.passChance?.examDay).toBeCloseTo(still.passChance?.today ?? 0, 1);
  });

  it('exam day: a student who has stopped is not projected at their old pace', () => {
    const rising = withParts(weak, { ability: { trend: 0.002 }, pace: { answersPerDay: 20 } });
    const stopped = withParts(rising, { pace: { answersPerDay: 0, dayStartAnswers: 300 } });
    const exam = new Date(T0.getTime() + 60 * 86_400_000);
    const examDay = (model: StudentModel, idleDays: number) =>
      forecastReadiness(model, profile, new Date(T0.getTime() + idleDays * 86_400_000), exam)
        .passChance?.examDay ?? Number.NaN;
    // 30 days without an answer: each counts as a day with none (PartPace), so what is projected
    // is about what no practice at all would give.
    expect(examDay(rising, 30)).toBeLessThanOrEqual(examDay(rising, 0));
    expect(examDay(rising, 30)).toBeCloseTo(examDay(stopped, 30), 2);
    expect(examDay(rising, 0) - examDay(stopped, 0)).toBeGreaterThan(0.1);
  });

  it('exam day: the day itself is forecast as today; a day already past forecasts nothing', () => {
    const onTheDay = forecastReadiness(weak, profile, T0, new Date(T0.getTime() - 60_000));
    expect(onTheDay.daysLeft).toBe(0);
    expect(onTheDay.passChance?.examDay).toBeCloseTo(onTheDay.passChance?.today ?? 1, 6);
    const past = forecastReadiness(weak, profile, T0, new Date(T0.getTime() - 2 * 86_400_000));
    expect(past.daysLeft).toBeNull();
    expect(past.passChance?.examDay).toBeNull();
    expect(past.passChance?.today).toBe(onTheDay.passChance?.today);
  });

  it('sureness grows with answers', () => {
    const few = practised({
      gen: { n: 30, p: 0.8, topics: ['t1', 't2', 't3'] },
      num: { n: 30, p: 0.8, topics: ['n1', 'n2'] },
    });
    const many = practised({
      gen: { n: 1500, p: 0.8, topics: ['t1', 't2', 't3'] },
      num: { n: 1500, p: 0.8, topics: ['n1', 'n2'] },
    });
    expect(forecastReadiness(few, profile, T0).sureness).not.toBe('high');
    expect(forecastReadiness(many, profile, T0).sureness).toBe('high');
  });

  it('a prediction from answers at a known ability matches the ability (consistency)', () => {
    const p = successChance(1.2, 0, 0.25);
    const model = practised({ num: { n: 3000, p, topics: ['n1', 'n2'] } });
    const prediction = predictPart(
      model,
      profile.parts[1] as TrackProfile['parts'][number],
      T0.getTime(),
    );
    expect(prediction.mean).toBeCloseTo(p, 1);
  });
});

describe('surenessOf', () => {
  it.each([
    { sd: 1, s: 'high' },
    { sd: 3, s: 'high' },
    { sd: 4, s: 'medium' },
    { sd: 6, s: 'medium' },
    { sd: 9, s: 'low' },
  ])('$sd points → $s', ({ sd, s }) => {
    expect(surenessOf(sd)).toBe(s);
  });
});

describe('predictPart: the self-check (a topic’s recent surprise)', () => {
  const part = profile.parts[1] as (typeof profile.parts)[number];
  const at = (i: number) => new Date(T0.getTime() + i * 60_000);
  /** 200 answers in Numerical, 50 % correct at first rising to 95 % (a student learning fast). */
  function learning(chosen: boolean): StudentModel {
    let model = emptyStudentModel();
    for (let i = 0; i < 200; i += 1) {
      const share = 0.5 + (0.45 * i) / 199;
      const correct = Math.floor((i + 1) * share) > Math.floor(i * share);
      model = recordAnswer(
        model,
        { partId: 'num', topicId: i % 2 ? 'n1' : 'n2', correct, at: at(i), chosen },
        medium,
      ).model;
    }
    return model;
  }

  it('raises the prediction of a student whose answers beat it, toward what they now show', () => {
    const now = at(200).getTime();
    const checked = predictPart(learning(false), part, now).mean;
    const unchecked = predictPart(learning(true), part, now).mean;
    expect(checked).toBeGreaterThan(unchecked + 0.005);
    // The recent answers run at 85–95 %: the check moves towards them, not past them.
    expect(checked).toBeLessThan(0.95);
  });
});

describe('a major part (LET Secondary’s Specialization)', () => {
  const majors: BlueprintSpec = {
    passingAverage: 75,
    sittings: 2,
    parts: [
      {
        id: 'gen',
        name: 'General',
        subjectIds: ['s1'],
        items: 20,
        minutes: 20,
        weight: 0.6,
        floor: 50,
      },
      {
        id: 'spec',
        name: 'Specialization',
        subjectIds: ['eng', 'math'],
        major: true,
        items: 20,
        minutes: 20,
        weight: 0.4,
        floor: 50,
      },
    ],
  };
  const majorsBank = [
    ...items('s1', 't1', 30),
    ...items('eng', 'eng.grammar', 30),
    ...items('math', 'math.algebra', 30),
  ];
  /** 80 answers a part, 90 % right, as an English major. */
  let english = emptyStudentModel();
  for (let i = 0; i < 160; i += 1) {
    const spec = i % 2 === 1;
    english = recordAnswer(
      english,
      {
        partId: spec ? 'spec' : 'gen',
        topicId: spec ? 'eng.grammar' : 't1',
        correct: i % 10 < 9,
        at: T0,
        ...(spec ? { major: 'eng' } : {}),
      },
      medium,
    ).model;
  }

  it('read for the major it learnt: predicted', () => {
    const f = forecastReadiness(english, trackProfile(majors, majorsBank, 'eng'), T0);
    expect(f.parts.map((p) => [p.partId, p.answers])).toEqual([
      ['gen', 80],
      ['spec', 80],
    ]);
    expect(f.passChance?.today).toBeGreaterThan(0.5);
  });

  it('read for another major: no prediction from the old major’s answers, 30 items asked', () => {
    const f = forecastReadiness(english, trackProfile(majors, majorsBank, 'math'), T0);
    expect(f.parts[1]).toMatchObject({ partId: 'spec', answers: 0, predicted: null, needed: 30 });
    expect(f.passChance).toBeNull();
    expect(f.sureness).toBeNull();
    expect(f.action?.text).toBe('Answer 30 more Specialization items');
  });

  it('no major picked: the part with no items is left out, the other weighs it all', () => {
    const profile = trackProfile(majors, majorsBank, null);
    expect(profile.parts.map((p) => [p.partId, p.weight])).toEqual([['gen', 1]]);
    const f = forecastReadiness(english, profile, T0);
    expect(f.parts.map((p) => p.partId)).toEqual(['gen']);
    // General's own chance, not 0 from a Specialization rated 0.
    expect(f.whole?.rating).toBeGreaterThan(75);
    expect(f.passChance?.today).toBeGreaterThan(0.5);
  });
});
