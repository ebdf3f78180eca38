import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/platform/db/client.ts';
import {
  questions,
  quizAnswers,
  quizAttempts,
  subjects,
  topics,
} from '../../src/platform/db/schema.ts';

/**
 * A synthetic class of 30 submitted attempts whose item-analysis figures are known (issue 12
 * item 6), shared by the API and browser tests. The items under test use the answer strings of
 * core's item-analysis.test.ts: one mark per attempt, best first, upper 8 | middle 14 | lower 8,
 * '-' unanswered. Ten filler items fix the ranking: the upper 8 attempts get all ten right, the
 * middle 14 five, the lower 8 none, so every upper attempt outscores every middle one, and every
 * middle one every lower one, whatever they did on the items under test.
 */
export const SYNTHETIC_ITEMS = {
  'ia-sound': { answers: '00000000|00000000001122|0011122-', choices: 4, key: 0 },
  'ia-flat': { answers: '11110000|11111110000000|11110002', choices: 3, key: 1 },
  'ia-distractor': { answers: '33333222|22222223333333|20000000', choices: 4, key: 2 },
} as const;
export const FILLERS = Array.from({ length: 10 }, (_, i) => `ia-filler-${i}`);
/** Answered right by the five best attempts only: too few responses for discrimination. */
export const FEW = 'ia-few';
/** In no submitted mock or lite quiz (only an unfinished mock and a drill): no figures. */
export const UNSUBMITTED = 'ia-unsubmitted';

const groupOf = (rank: number) => (rank < 8 ? 'upper' : rank < 22 ? 'middle' : 'lower');
const FILLERS_RIGHT = { upper: 10, middle: 5, lower: 0 } as const;

/** The subject, topic and questions (cse-pro), with readable stems. */
export async function seedSyntheticItems(db: Db): Promise<void> {
  await db
    .insert(subjects)
    .values({ id: 'ia-subject', reviewerShorthand: 'cse-pro', name: 'Analysis' });
  await db.insert(topics).values({ id: 'ia-topic', subjectId: 'ia-subject', name: 'Synthetic' });
  const question = (id: string, choiceCount: number, answerIndex: number) => ({
    id,
    topicId: 'ia-topic',
    stem: `Synthetic item ${id}: which option did the test data make the key for this question?`,
    choices: Array.from({ length: choiceCount }, (_, i) => `Option ${i + 1}`),
    answerIndex,
    rationale: 'Synthetic.',
  });
  await db
    .insert(questions)
    .values([
      ...Object.entries(SYNTHETIC_ITEMS).map(([id, item]) => question(id, item.choices, item.key)),
      ...FILLERS.map((id) => question(id, 2, 0)),
      question(FEW, 2, 0),
      question(UNSUBMITTED, 2, 0),
    ]);
}

/** One attempt: its items in order and an answer row for each item answered. */
export async function addAttempt(
  db: Db,
  userId: string,
  options: {
    kind?: 'mock' | 'lite' | 'drill';
    status?: 'submitted' | 'in_progress';
    submittedAt: Date;
    answers: [questionId: string, choice: number | null][];
  },
): Promise<void> {
  const id = randomUUID();
  await db.insert(quizAttempts).values({
    id,
    userId,
    reviewerShorthand: 'cse-pro',
    kind: options.kind ?? 'mock',
    status: options.status ?? 'submitted',
    items: options.answers.map(([questionId]) => ({ questionId, partId: null })),
    startedAt: new Date(options.submittedAt.getTime() - 60_000),
    submittedAt: options.status === 'in_progress' ? null : options.submittedAt,
  });
  const answered = options.answers.filter(([, choice]) => choice !== null);
  if (answered.length > 0) {
    await db.insert(quizAnswers).values(
      answered.map(([questionId, choiceIndex]) => ({
        attemptId: id,
        questionId,
        choiceIndex,
        isCorrect: null,
      })),
    );
  }
}

/** The class of 30: mocks and lite quizzes alternately, all submitted at `at` by `userId`. */
export async function addSyntheticClass(db: Db, userId: string, at: Date): Promise<void> {
  for (let rank = 0; rank < 30; rank += 1) {
    const group = groupOf(rank);
    const answers: [string, number | null][] = Object.entries(SYNTHETIC_ITEMS).map(([id, item]) => {
      const mark = item.answers.replaceAll('|', '')[rank];
      return [id, mark === '-' ? null : Number(mark)];
    });
    FILLERS.forEach((id, i) => {
      answers.push([id, i < FILLERS_RIGHT[group] ? 0 : 1]);
    });
    if (rank < 5) answers.push([FEW, 0]);
    await addAttempt(db, userId, {
      kind: rank % 2 === 0 ? 'mock' : 'lite',
      submittedAt: at,
      answers,
    });
  }
}

/** Attempts the analysis must leave out: an unfinished mock and a drill. */
export async function addExcludedAttempts(db: Db, userId: string, at: Date): Promise<void> {
  await addAttempt(db, userId, {
    status: 'in_progress',
    submittedAt: at,
    answers: [
      ['ia-sound', 3],
      [UNSUBMITTED, 0],
    ],
  });
  await addAttempt(db, userId, {
    kind: 'drill',
    submittedAt: at,
    answers: [
      ['ia-sound', 3],
      [UNSUBMITTED, 1],
    ],
  });
}
