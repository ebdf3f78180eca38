import { describe, expect, it } from 'vitest';
import type { BlueprintSpec, MockPlan } from './blueprint.ts';
import { attemptTopicActivity } from './quiz-attempt.ts';
import {
  decideFinishSitting,
  decideStartSitting,
  itemWasShown,
  planSittings,
  type Sitting,
  sittingAnswerRule,
  sittingPhase,
  sittingsElapsedMs,
  visiblePartIds,
} from './sittings.ts';

const T0 = new Date('2026-11-22T01:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();

const part = (id: string, items: number, minutes: number) => ({
  id,
  name: id,
  subjectIds: [id],
  items,
  minutes,
  weight: 0.5,
  floor: 50,
});
const spec = (sittings: number): BlueprintSpec => ({
  passingAverage: 75,
  sittings,
  parts: [part('gened', 150, 150), part('profed', 150, 180)],
});
const plan = (counts: [number, number], minutes: [number, number]): MockPlan => ({
  parts: ['gened', 'profed'].map((partId, i) => ({
    partId,
    name: partId,
    requested: 150,
    questionIds: Array.from({ length: counts[i] ?? 0 }, (_, n) => `${partId}-${n}`),
    minutes: minutes[i] ?? 0,
  })),
  items: [],
  totalItems: counts[0] + counts[1],
  totalMinutes: minutes[0] + minutes[1],
});

/** LET Elementary: General Education 150 min, Professional Education 180 min. */
const fresh = (): Sitting[] => [
  { partIds: ['gened'], minutes: 150, startedAt: iso(0), deadlineAt: iso(150), submittedAt: null },
  { partIds: ['profed'], minutes: 180, startedAt: null, deadlineAt: null, submittedAt: null },
];
const onBreak = (): Sitting[] => [
  { ...fresh()[0], submittedAt: iso(100) } as Sitting,
  fresh()[1] as Sitting,
];
const inPart2 = (): Sitting[] => [
  onBreak()[0] as Sitting,
  {
    partIds: ['profed'],
    minutes: 180,
    startedAt: iso(130),
    deadlineAt: iso(310),
    submittedAt: null,
  },
];

describe('planSittings (one sitting per part, in order, the first running)', () => {
  it('LET Elementary: two sittings of 150 and 180 minutes, the first from now', () => {
    expect(planSittings(spec(2), plan([150, 150], [150, 180]), T0)).toEqual(fresh());
  });
  it('a one-sitting blueprint has none', () => {
    expect(planSittings(spec(1), plan([150, 150], [150, 180]), T0)).toBeNull();
  });
  it('a part that drew no item is no sitting; one part left is one sitting', () => {
    expect(planSittings(spec(2), plan([81, 0], [81, 0]), T0)).toBeNull();
  });
  it('a short bank keeps the scaled minutes of each part', () => {
    expect(planSittings(spec(2), plan([81, 92], [81, 110]), T0)?.map((s) => s.minutes)).toEqual([
      81, 110,
    ]);
  });
});

describe('sittingPhase', () => {
  it.each<[string, () => Sitting[], ReturnType<typeof sittingPhase>]>([
    ['part 1 running', fresh, { kind: 'running', index: 0 }],
    ['between parts', onBreak, { kind: 'break', next: 1 }],
    ['part 2 running', inPart2, { kind: 'running', index: 1 }],
    [
      'all done',
      () => inPart2().map((s) => ({ ...s, submittedAt: s.submittedAt ?? iso(200) })),
      { kind: 'done' },
    ],
  ])('%s', (_label, sittings, phase) => {
    expect(sittingPhase(sittings())).toEqual(phase);
  });
});

describe('sittingAnswerRule (only items of the running sitting)', () => {
  it.each<[string, Sitting[] | null, string | null, string]>([
    ['no sittings: any item', null, 'profed', 'open'],
    ['part 1 item in part 1', fresh(), 'gened', 'open'],
    ['part 2 item in part 1', fresh(), 'profed', 'notStarted'],
    ['part 1 item in the break', onBreak(), 'gened', 'ended'],
    ['part 2 item in the break', onBreak(), 'profed', 'notStarted'],
    ['part 1 item in part 2', inPart2(), 'gened', 'ended'],
    ['part 2 item in part 2', inPart2(), 'profed', 'open'],
    ['an item of no part', inPart2(), null, 'notStarted'],
  ])('%s → %s', (_label, sittings, partId, rule) => {
    expect(sittingAnswerRule(sittings, partId)).toBe(rule);
  });
});

describe('itemWasShown (what a student may report)', () => {
  it.each<[string, Sitting[] | null, boolean, string | null, boolean]>([
    ['no sittings', null, false, 'profed', true],
    ['part 1 running: its item', fresh(), false, 'gened', true],
    ['part 1 running: an unstarted part 2 item', fresh(), false, 'profed', false],
    ['the break: part 1 item', onBreak(), false, 'gened', true],
    ['the break: part 2 item', onBreak(), false, 'profed', false],
    ['part 2 running: its item', inPart2(), false, 'profed', true],
    ['submitted before part 2 began: its review shows it', fresh(), true, 'profed', true],
    ['an item of no part', inPart2(), false, null, false],
  ])('%s → %s', (_label, sittings, submitted, partId, shown) => {
    expect(itemWasShown(sittings, submitted, partId)).toBe(shown);
  });
});

describe('visiblePartIds (what a resume shows)', () => {
  const show = (s: Sitting[] | null, submitted: boolean) => {
    const parts = visiblePartIds(s, submitted);
    return parts === null ? null : [...parts];
  };
  it.each<[string, Sitting[] | null, boolean, string[] | null]>([
    ['no sittings: everything', null, false, null],
    ['part 1 running: part 1 only', fresh(), false, ['gened']],
    ['the break: nothing', onBreak(), false, []],
    ['part 2 running: part 2 only', inPart2(), false, ['profed']],
    ['submitted: everything', inPart2(), true, null],
  ])('%s', (_label, sittings, submitted, parts) => {
    expect(show(sittings, submitted)).toEqual(parts);
  });
});

describe('decideFinishSitting', () => {
  it('finishing part 1 early ends it now; the mock goes on', () => {
    expect(decideFinishSitting(fresh(), 0, at(100))).toEqual({
      kind: 'finish',
      sittings: onBreak(),
      last: false,
      autoSubmitted: false,
    });
  });
  it('time up ends it at its deadline, however late it is noticed', () => {
    const d = decideFinishSitting(fresh(), 0, at(400));
    expect(d).toMatchObject({ kind: 'finish', last: false, autoSubmitted: true });
    expect(d.kind === 'finish' && d.sittings[0]?.submittedAt).toBe(iso(150));
    expect(d.kind === 'finish' && d.sittings[1]?.startedAt).toBeNull();
  });
  it('at the deadline itself counts as time up', () => {
    expect(decideFinishSitting(fresh(), 0, at(150))).toMatchObject({ autoSubmitted: true });
  });
  it('the last sitting is last', () => {
    expect(decideFinishSitting(inPart2(), 1, at(200))).toMatchObject({
      kind: 'finish',
      last: true,
      autoSubmitted: false,
    });
  });
  it('again (a retry, another device): keep', () => {
    expect(decideFinishSitting(onBreak(), 0, at(120))).toEqual({ kind: 'keep' });
  });
  it('one not started, or no such sitting: refused', () => {
    expect(decideFinishSitting(fresh(), 1, at(10))).toEqual({
      kind: 'refuse',
      reason: 'notStarted',
    });
    expect(decideFinishSitting(fresh(), 5, at(10))).toEqual({
      kind: 'refuse',
      reason: 'notStarted',
    });
  });
});

describe('decideStartSitting (in order, only after the previous ended)', () => {
  it('after the break, part 2 starts with its own minutes from now', () => {
    expect(decideStartSitting(onBreak(), 1, at(130))).toEqual({
      kind: 'start',
      sittings: inPart2(),
      deadlineAt: at(310),
    });
  });
  it('while part 1 runs, part 2 is refused', () => {
    expect(decideStartSitting(fresh(), 1, at(10))).toEqual({ kind: 'refuse', reason: 'running' });
  });
  it('again (a retry, another device): keep', () => {
    expect(decideStartSitting(inPart2(), 1, at(140))).toEqual({ kind: 'keep' });
    expect(decideStartSitting(fresh(), 0, at(10))).toEqual({ kind: 'keep' });
  });
  it('skipping a sitting, or no such sitting: refused', () => {
    const three: Sitting[] = [...onBreak(), { ...(fresh()[1] as Sitting), partIds: ['spec'] }];
    expect(decideStartSitting(three, 2, at(130))).toEqual({ kind: 'refuse', reason: 'outOfOrder' });
    expect(decideStartSitting(onBreak(), 7, at(130))).toEqual({
      kind: 'refuse',
      reason: 'outOfOrder',
    });
  });
});

describe('sittingsElapsedMs (breaks do not count)', () => {
  it.each<[string, () => Sitting[], number, number]>([
    ['part 1 running', fresh, 40, 40],
    ['part 1 past its deadline', fresh, 400, 150],
    ['the break', onBreak, 125, 100],
    ['part 2 running', inPart2, 200, 170],
  ])('%s at minute %i → %i minutes', (_label, sittings, now, minutes) => {
    expect(sittingsElapsedMs(sittings(), at(now))).toBe(minutes * 60_000);
  });

  it('the topic stats share the time sat, not the break', () => {
    const activity = attemptTopicActivity({
      items: [{ questionId: 'q1' }, { questionId: 'q2' }],
      answers: new Map([
        ['q1', { choiceIndex: 1, isCorrect: true }],
        ['q2', { choiceIndex: 0, isCorrect: false }],
      ]),
      topics: new Map([
        ['q1', { topicId: 't' }],
        ['q2', { topicId: 't' }],
      ]),
      startedAt: at(0),
      deadlineAt: at(310),
      now: at(200),
      elapsedMs: sittingsElapsedMs(inPart2(), at(200)),
    });
    expect(activity).toEqual([{ topicId: 't', answered: 2, correct: 1, seconds: 170 * 60 }]);
  });
});
