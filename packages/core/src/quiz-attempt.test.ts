import { describe, expect, it } from 'vitest';
import type { BlueprintPart, BlueprintSpec } from './blueprint.ts';
import {
  type AnswerDecision,
  type AttemptKind,
  type AttemptStatus,
  attemptParts,
  attemptTitle,
  attemptTopicActivity,
  decideAnswer,
  finishedAt,
  isCorrectChoice,
  isTimeUp,
  liteResult,
  mockDeadline,
  mockResult,
  retryItemIds,
  revealsAnswer,
} from './quiz-attempt.ts';
import type { ScoredItem } from './quiz-scoring.ts';

const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-22T10:00:00.000Z');

describe('isTimeUp (auto-submit at the deadline)', () => {
  it.each<[string, AttemptStatus, string | null, boolean]>([
    ['lite: no deadline', 'in_progress', null, false],
    ['a millisecond left', 'in_progress', '2026-11-22T10:00:00.001Z', false],
    ['at the deadline', 'in_progress', '2026-11-22T10:00:00.000Z', true],
    ['past the deadline', 'in_progress', '2026-11-22T09:00:00.000Z', true],
    ['already submitted', 'submitted', '2026-11-22T09:00:00.000Z', false],
  ])('%s → %s', (_label, status, deadline, up) => {
    expect(isTimeUp({ status, deadlineAt: deadline === null ? null : at(deadline) }, NOW)).toBe(up);
  });
});

describe('mockDeadline', () => {
  it.each([
    [90, '2026-11-22T11:30:00.000Z'],
    [1, '2026-11-22T10:01:00.000Z'],
    [0, '2026-11-22T10:00:00.000Z'],
  ])('%i minutes → %s', (minutes, deadline) => {
    expect(mockDeadline(NOW, minutes).toISOString()).toBe(deadline);
  });
});

describe('finishedAt (a timed-out attempt finished at its deadline)', () => {
  it.each<[string, string | null, string]>([
    ['lite: no deadline', null, '2026-11-22T10:00:00.000Z'],
    ['before the deadline', '2026-11-22T11:00:00.000Z', '2026-11-22T10:00:00.000Z'],
    ['at the deadline', '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z'],
    // Ran out at 23:34 Manila, noticed at 18:00 Manila the next day: finished the day before.
    ['noticed the next day', '2026-11-21T15:34:00.000Z', '2026-11-21T15:34:00.000Z'],
  ])('%s → %s', (_label, deadline, finished) => {
    const deadlineAt = deadline === null ? null : at(deadline);
    expect(finishedAt({ deadlineAt }, NOW).toISOString()).toBe(finished);
  });
});

describe('isCorrectChoice', () => {
  it.each([
    [2, 2, true],
    [1, 2, false],
    [0, 0, true],
  ])('choice %i, key %i → %s', (choice, key, correct) => {
    expect(isCorrectChoice(choice, key)).toBe(correct);
  });
});

describe('decideAnswer (a lite answer is final; a mock answer may change until the end)', () => {
  // Four choices, the key is choice 2.
  const write = (choiceIndex: number | null, isCorrect: boolean | null): AnswerDecision => ({
    kind: 'write',
    choiceIndex,
    isCorrect,
  });
  const refuse = (reason: 'badChoice' | 'answered'): AnswerDecision => ({ kind: 'refuse', reason });
  it.each<[AttemptKind, number | null, number | null, AnswerDecision]>([
    ['lite', 2, null, write(2, true)],
    ['lite', 1, null, write(1, false)],
    ['lite', 2, 2, { kind: 'keep' }],
    ['lite', 1, 2, refuse('answered')],
    ['lite', 2, 1, refuse('answered')],
    ['lite', null, null, refuse('badChoice')],
    ['lite', null, 2, refuse('answered')],
    ['lite', 4, null, refuse('badChoice')],
    ['lite', 4, 2, refuse('badChoice')],
    ['lite', -1, null, refuse('badChoice')],
    ['lite', 1.5, null, refuse('badChoice')],
    ['mock', 2, null, write(2, true)],
    ['mock', 1, null, write(1, false)],
    ['mock', 1, 2, write(1, false)],
    ['mock', 2, 1, write(2, true)],
    ['mock', 2, 2, write(2, true)],
    ['mock', null, 2, write(null, null)],
    ['mock', null, null, write(null, null)],
    ['mock', 4, 1, refuse('badChoice')],
  ])('%s: send %j over %j → %j', (kind, choiceIndex, current, decision) => {
    expect(decideAnswer({ kind, choiceIndex, current, choiceCount: 4, answerIndex: 2 })).toEqual(
      decision,
    );
  });
});

describe('revealsAnswer', () => {
  it.each<[AttemptKind, boolean, boolean, boolean]>([
    ['lite', false, false, false],
    ['lite', false, true, true],
    ['lite', true, false, true],
    ['lite', true, true, true],
    ['mock', false, false, false],
    ['mock', false, true, false],
    ['mock', true, false, true],
    ['mock', true, true, true],
  ])('%s, submitted %s, answered %s → %s', (kind, submitted, answered, reveal) => {
    expect(revealsAnswer(kind, submitted, answered)).toBe(reveal);
  });
});

/** Ten items, an hour, a floor of 50 unless the case says otherwise. */
const blueprintPart = (
  part: Pick<BlueprintPart, 'id' | 'name' | 'subjectIds' | 'weight'> & Partial<BlueprintPart>,
): BlueprintPart => ({ items: 10, minutes: 60, floor: 50, ...part });

const spec: BlueprintSpec = {
  passingAverage: 75,
  sittings: 1,
  parts: [
    blueprintPart({ id: 'gen', name: 'General', subjectIds: ['g'], weight: 0.4 }),
    blueprintPart({ id: 'prof', name: 'Professional', subjectIds: ['p'], weight: 0.5 }),
    blueprintPart({
      id: 'spec',
      name: 'Specialisation',
      subjectIds: ['s'],
      items: 4,
      minutes: 30,
      weight: 0.1,
      floor: 0,
    }),
  ],
};

const scored = (partId: string | null, ...marks: (boolean | null)[]): ScoredItem[] =>
  marks.map((isCorrect) => ({ partId, isCorrect }));

describe('liteResult', () => {
  it.each<[string, ScoredItem[], boolean, [number, number, number, number, number]]>([
    ['2 of 4, one unanswered', scored(null, true, false, null, true), false, [2, 4, 50, 2, 2]],
    ['2 of 3 rounds to two decimals', scored(null, true, true, false), false, [2, 3, 66.67, 1, 2]],
    ['all right', scored(null, true, true), true, [2, 2, 100, 0, 2]],
    ['no item', [], false, [0, 0, 0, 0, 0]],
  ])('%s', (_label, items, autoSubmitted, [correct, total, pct, missed, gems]) => {
    expect(liteResult(items, autoSubmitted)).toEqual({
      correct,
      total,
      percentage: pct,
      missed,
      gemsEarned: gems,
      autoSubmitted,
      parts: null,
      weightedRating: null,
      passingAverage: null,
      passed: null,
    });
  });
});

describe('mockResult', () => {
  const eightOfTen = scored('gen', ...Array(8).fill(true), false, null);
  const sixOfTen = scored('prof', ...Array(6).fill(true), ...Array(4).fill(false));
  const nineOfTen = scored('prof', ...Array(9).fill(true), false);
  it.each<[string, ScoredItem[], boolean, Record<string, unknown>]>([
    [
      '80% and 60% (no specialisation item: weights renormalised) → 68.89, fails',
      [...eightOfTen, ...sixOfTen],
      false,
      { correct: 14, total: 20, percentage: 70, missed: 6, gemsEarned: 28, weightedRating: 68.89 },
    ],
    [
      '80% and 90% → 85.56, passes',
      [...eightOfTen, ...nineOfTen],
      true,
      { correct: 17, total: 20, percentage: 85, missed: 3, gemsEarned: 34, weightedRating: 85.56 },
    ],
  ])('%s', (_label, items, passed, expected) => {
    const result = mockResult(spec, items, true);
    expect(result).toMatchObject({ ...expected, passed, passingAverage: 75, autoSubmitted: true });
    expect(result.parts?.map((p) => p.partId)).toEqual(['gen', 'prof']);
  });

  it('no item at all: 0%, not passed', () => {
    expect(mockResult(spec, [], false)).toMatchObject({
      correct: 0,
      total: 0,
      percentage: 0,
      missed: 0,
      gemsEarned: 0,
      parts: [],
      passed: false,
    });
  });
});

describe('attemptTopicActivity (time studied shared among the answered items)', () => {
  type Answer = { choiceIndex: number | null; isCorrect: boolean | null };
  const items = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'].map((questionId) => ({ questionId }));
  const topics = new Map([
    ['q1', { topicId: 'a' }],
    ['q2', { topicId: 'a' }],
    ['q3', { topicId: 'b' }],
    ['q4', { topicId: 'b' }],
    ['q6', { topicId: 'b' }],
  ]); // q5's question is gone from the bank
  const answers = new Map<string, Answer>([
    ['q1', { choiceIndex: 0, isCorrect: true }],
    ['q2', { choiceIndex: 1, isCorrect: false }],
    ['q3', { choiceIndex: 2, isCorrect: true }],
    ['q4', { choiceIndex: null, isCorrect: null }], // flagged only, or a cleared mock answer
    ['q5', { choiceIndex: 0, isCorrect: true }],
  ]);
  const start = at('2026-11-22T10:00:00.000Z');

  it.each<[string, string | null, string, { topicId: string; seconds: number }[]]>([
    // Answered: q1, q2, q3, q5 → 600 s / 4 = 150 s each; q5 (gone) drops its share.
    [
      'ten minutes, no deadline',
      null,
      '2026-11-22T10:10:00.000Z',
      [
        { topicId: 'a', seconds: 300 },
        { topicId: 'b', seconds: 150 },
      ],
    ],
    [
      'never past the deadline',
      '2026-11-22T10:05:00.000Z',
      '2026-11-22T10:10:00.000Z',
      [
        { topicId: 'a', seconds: 150 },
        { topicId: 'b', seconds: 75 },
      ],
    ],
    [
      'before the deadline: until now',
      '2026-11-22T11:00:00.000Z',
      '2026-11-22T10:01:40.000Z',
      [
        { topicId: 'a', seconds: 50 },
        { topicId: 'b', seconds: 25 },
      ],
    ],
    [
      'rounded down per item: 10 s / 4',
      null,
      '2026-11-22T10:00:10.000Z',
      [
        { topicId: 'a', seconds: 4 },
        { topicId: 'b', seconds: 2 },
      ],
    ],
    [
      'a clock before the start counts 0 s',
      null,
      '2026-11-22T09:59:00.000Z',
      [
        { topicId: 'a', seconds: 0 },
        { topicId: 'b', seconds: 0 },
      ],
    ],
  ])('%s', (_label, deadline, now, seconds) => {
    const activity = attemptTopicActivity({
      items,
      answers,
      topics,
      startedAt: start,
      deadlineAt: deadline === null ? null : at(deadline),
      now: at(now),
    });
    expect(activity).toEqual([
      { topicId: 'a', answered: 2, correct: 1, seconds: seconds[0]?.seconds },
      { topicId: 'b', answered: 1, correct: 1, seconds: seconds[1]?.seconds },
    ]);
  });

  it('nothing answered: nothing to record', () => {
    const none = new Map<string, Answer>();
    expect(
      attemptTopicActivity({
        items,
        answers: none,
        topics,
        startedAt: start,
        deadlineAt: null,
        now: NOW,
      }),
    ).toEqual([]);
  });
});

describe('retryItemIds ("retry the ones I missed")', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `q${i + 1}`);
  const allIn = { has: () => true };
  it.each<[string, string[], Record<string, boolean | null>, string[], string[]]>([
    [
      'wrong and unanswered, in order',
      ids(4),
      { q1: true, q2: false, q4: null },
      ids(4),
      ['q2', 'q3', 'q4'],
    ],
    ['all right: nothing', ids(2), { q1: true, q2: true }, ids(2), []],
    [
      'gone from the bank: left out',
      ids(3),
      { q1: false, q2: false, q3: false },
      ['q1', 'q3'],
      ['q1', 'q3'],
    ],
    ['at most ten', ids(12), {}, ids(12), ids(10)],
  ])('%s', (_label, shown, marks, bank, expected) => {
    const answers = new Map(Object.entries(marks).map(([id, isCorrect]) => [id, { isCorrect }]));
    const inBank = bank.length === shown.length ? allIn : new Set(bank);
    expect(
      retryItemIds(
        shown.map((questionId) => ({ questionId })),
        answers,
        inBank,
      ),
    ).toEqual(expected);
  });
});

describe('attemptParts', () => {
  const drawn = (partId: string, n: number) => Array.from({ length: n }, () => ({ partId }));
  it.each<
    [string, { partId: string | null }[], { partId: string; items: number; minutes: number }[]]
  >([
    [
      'full parts keep their minutes',
      [...drawn('gen', 10), ...drawn('prof', 10), ...drawn('spec', 4)],
      [
        { partId: 'gen', items: 10, minutes: 60 },
        { partId: 'prof', items: 10, minutes: 60 },
        { partId: 'spec', items: 4, minutes: 30 },
      ],
    ],
    [
      'a short bank scales minutes; an empty part is left out',
      [...drawn('prof', 5), ...drawn('gen', 1)],
      [
        { partId: 'gen', items: 1, minutes: 6 },
        { partId: 'prof', items: 5, minutes: 30 },
      ],
    ],
    ['no item', [], []],
  ])('%s', (_label, items, parts) => {
    expect(attemptParts(spec, items)).toEqual(
      parts.map((p) => ({ ...p, name: spec.parts.find((s) => s.id === p.partId)?.name })),
    );
  });
});

describe('attemptTitle', () => {
  it.each<
    [AttemptKind, { subject?: string | null; blueprint?: string | null; forYou?: boolean }, string]
  >([
    ['mock', { blueprint: 'LET Elementary' }, 'LET Elementary'],
    ['mock', { blueprint: null }, 'Mock exam'],
    ['mock', {}, 'Mock exam'],
    ['lite', { subject: 'Mathematics' }, 'Lite quiz: Mathematics'],
    ['lite', { subject: null }, 'Lite quiz: all subjects'],
    ['lite', { subject: '' }, 'Lite quiz: all subjects'],
    ['lite', { forYou: true }, 'Lite quiz: for you'],
    ['lite', { forYou: false, subject: 'Mathematics' }, 'Lite quiz: Mathematics'],
    ['mock', { forYou: true, blueprint: 'NLE' }, 'NLE'],
  ])('%s %j → %s', (kind, names, title) => {
    expect(attemptTitle(kind, names)).toBe(title);
  });
});
