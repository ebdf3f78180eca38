import { type BlueprintSpec, emptyStudentModel, seedDifficulty } from '@pasado/core';
import { describe, expect, it } from 'vitest';
import { learnFromAnswers, type ReadinessItem } from '../../src/modules/progress/readiness.ts';

// What a finish's answers teach the student model: only items of the student's own exam
// (docs/product.md#readiness). Pure: no database.
const spec: BlueprintSpec = {
  passingAverage: 75,
  sittings: 1,
  parts: [
    // CSE Analytical Ability: its subject holds practice-only topics beside the official ones.
    {
      id: 'analytical',
      name: 'Analytical Ability',
      subjectIds: ['s.analytical'],
      topicIds: ['s.analytical.logic'],
      items: 40,
      minutes: 45,
      weight: 0.5,
      floor: 0,
    },
    // LET General Education: only its strands' topics are drawn.
    {
      id: 'gened',
      name: 'General Education',
      subjectIds: ['s.gened'],
      strands: [{ id: 'english', name: 'English', share: 1, topicIds: ['s.gened.english'] }],
      items: 40,
      minutes: 45,
      weight: 0.5,
      floor: 50,
    },
  ],
};

const item = (subjectId: string, topicId: string, n: number): ReadinessItem => ({
  id: `${topicId}.q${n}`,
  subjectId,
  topicId,
  held: false,
  choices: 4,
  difficulty: seedDifficulty(2),
  history: undefined,
});

const now = new Date('2027-01-10T02:00:00Z');
const learn = (model: ReturnType<typeof emptyStudentModel> | null, items: ReadinessItem[]) =>
  learnFromAnswers({
    model,
    spec,
    major: null,
    items: new Map(items.map((i) => [i.id, i])),
    answers: items.map((i) => ({ questionId: i.id, correct: true })),
    fullMock: false,
    now,
  });

describe('learnFromAnswers', () => {
  const official = [
    ...[0, 1, 2, 3].map((n) => item('s.analytical', 's.analytical.logic', n)),
    ...[0, 1, 2, 3].map((n) => item('s.gened', 's.gened.english', n)),
  ];
  const before = learn(null, official).model;

  it('learns from the official topics of each part', () => {
    expect(before.parts.analytical?.ability.answers).toBe(4);
    expect(before.parts.gened?.ability.answers).toBe(4);
  });

  it('a practice-only topic of a part’s subject (not named, or in no strand) teaches nothing', () => {
    const practiceOnly = [
      ...[0, 1, 2].map((n) => item('s.analytical', 's.analytical.data-sufficiency', n)),
      ...[0, 1, 2].map((n) => item('s.gened', 's.gened.ict', n)),
    ];
    const after = learn(before, practiceOnly);
    expect(after.model).toEqual(before);
    expect(after.histories.size).toBe(0);
    // Nor does it start a part for a new student (it would count toward the 30-answer gate).
    expect(learn(null, practiceOnly).model).toEqual(emptyStudentModel());
  });
});
