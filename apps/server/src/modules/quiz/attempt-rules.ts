import {
  type BlueprintSpec,
  gemsForQuiz,
  LITE_QUIZ_SIZE,
  percentage,
  type QuizResult,
  type ScoredItem,
  scaledMinutes,
  scoreLite,
  scoreMock,
} from '@pasado/core';

/**
 * The pure rules of one quiz attempt (issue 4 "Lite quiz", "Mock exam"): when its time is up, when
 * an answer may be written, when the key is shown, what the result says, how the time studied is
 * shared out. They belong in packages/core, where another change adds them as `quiz-attempt.ts`
 * with these very names and signatures; once it lands this file goes and attempts.ts imports them
 * from `@pasado/core` instead.
 */

export type AttemptKind = 'lite' | 'mock';

/** Time-up (auto-submit): an unfinished attempt whose deadline has come, the deadline included. */
export function isTimeUp(
  attempt: { status: 'in_progress' | 'submitted'; deadlineAt: Date | null },
  now: Date,
): boolean {
  return (
    attempt.status === 'in_progress' &&
    attempt.deadlineAt !== null &&
    attempt.deadlineAt.getTime() <= now.getTime()
  );
}

/** A mock's deadline, fixed at the start: the planned minutes from `startedAt`. */
export function mockDeadline(startedAt: Date, totalMinutes: number): Date {
  return new Date(startedAt.getTime() + totalMinutes * 60_000);
}

export type AnswerDecision =
  /** Refused: `badChoice` (no such choice, or clearing a lite answer), `answered` (lite lock). */
  | { kind: 'refuse'; reason: 'badChoice' | 'answered' }
  /** Nothing to write: the lite item already holds this very answer (a retried request). */
  | { kind: 'keep' }
  /** Write this answer (`null` clears a mock answer) and its correctness. */
  | { kind: 'write'; choiceIndex: number | null; isCorrect: boolean | null };

/**
 * Whether an answer may be saved: the choice must exist. A lite answer is final once given (its key
 * is shown at once): the same choice again is a no-op, another is refused, and it cannot be
 * cleared. A mock answer may change or be cleared until the attempt ends.
 */
export function decideAnswer(input: {
  kind: AttemptKind;
  choiceIndex: number | null;
  current: number | null;
  choiceCount: number;
  answerIndex: number;
}): AnswerDecision {
  const { kind, choiceIndex, current } = input;
  if (choiceIndex !== null && choiceIndex >= input.choiceCount) {
    return { kind: 'refuse', reason: 'badChoice' };
  }
  const locked = kind === 'lite' && current !== null;
  if (locked && current !== choiceIndex) return { kind: 'refuse', reason: 'answered' };
  if (kind === 'lite' && choiceIndex === null) return { kind: 'refuse', reason: 'badChoice' };
  if (locked) return { kind: 'keep' };
  return {
    kind: 'write',
    choiceIndex,
    isCorrect: choiceIndex === null ? null : choiceIndex === input.answerIndex,
  };
}

/** Key, rationale and correctness show for a lite item once answered, for every item once submitted. */
export function revealsAnswer(kind: AttemptKind, submitted: boolean, answered: boolean): boolean {
  return submitted || (kind === 'lite' && answered);
}

export function liteResult(items: readonly ScoredItem[], autoSubmitted: boolean): QuizResult {
  const lite = scoreLite(items);
  return {
    ...lite,
    missed: lite.total - lite.correct,
    gemsEarned: gemsForQuiz('lite', lite.correct),
    autoSubmitted,
    parts: null,
    weightedRating: null,
    passingAverage: null,
    passed: null,
  };
}

export function mockResult(
  spec: BlueprintSpec,
  items: readonly ScoredItem[],
  autoSubmitted: boolean,
): QuizResult {
  const mock = scoreMock(spec, items);
  return {
    correct: mock.correct,
    total: mock.total,
    percentage: percentage(mock.correct, mock.total),
    missed: mock.total - mock.correct,
    gemsEarned: gemsForQuiz('mock', mock.correct),
    autoSubmitted,
    parts: mock.parts,
    weightedRating: mock.weightedRating,
    passingAverage: mock.passingAverage,
    passed: mock.passed,
  };
}

export type AttemptTopicActivity = {
  topicId: string;
  answered: number;
  correct: number;
  seconds: number;
};

/**
 * What a finished attempt adds to the topic stats: per topic, the items answered, those correct
 * and the time studied, which runs until the deadline at most and is spread evenly over the items
 * answered.
 */
export function attemptTopicActivity(input: {
  items: readonly { questionId: string }[];
  answers: ReadonlyMap<string, { choiceIndex: number | null; isCorrect: boolean | null }>;
  topics: ReadonlyMap<string, { topicId: string }>;
  startedAt: Date;
  deadlineAt: Date | null;
  now: Date;
}): AttemptTopicActivity[] {
  const { items, answers, topics, startedAt, deadlineAt, now } = input;
  const end = deadlineAt && deadlineAt < now ? deadlineAt : now;
  const elapsedSeconds = Math.max(0, Math.round((end.getTime() - startedAt.getTime()) / 1000));
  const answeredItems = items.filter((i) => answers.get(i.questionId)?.choiceIndex != null);
  const perItem = answeredItems.length > 0 ? Math.floor(elapsedSeconds / answeredItems.length) : 0;
  const byTopic = new Map<string, AttemptTopicActivity>();
  for (const item of answeredItems) {
    const topicId = topics.get(item.questionId)?.topicId;
    if (!topicId) continue;
    const t = byTopic.get(topicId) ?? { topicId, answered: 0, correct: 0, seconds: 0 };
    t.answered += 1;
    if (answers.get(item.questionId)?.isCorrect) t.correct += 1;
    t.seconds += perItem;
    byTopic.set(topicId, t);
  }
  return [...byTopic.values()];
}

/**
 * "Retry the ones I missed": the first ten items not answered correctly, in the order shown,
 * leaving out questions no longer in the bank; a retry's own summary offers the next.
 */
export function retryItemIds(
  items: readonly { questionId: string }[],
  answers: ReadonlyMap<string, { isCorrect: boolean | null }>,
  inBank: { has(questionId: string): boolean },
): string[] {
  return items
    .map((i) => i.questionId)
    .filter((id) => inBank.has(id) && answers.get(id)?.isCorrect !== true)
    .slice(0, LITE_QUIZ_SIZE);
}

/** A mock's parts as the quiz screen shows them: the items this sitting drew, minutes scaled. */
export function attemptParts(spec: BlueprintSpec, items: readonly { partId: string | null }[]) {
  return spec.parts
    .map((p) => {
      const count = items.filter((i) => i.partId === p.id).length;
      return {
        partId: p.id,
        name: p.name,
        items: count,
        minutes: scaledMinutes(p.minutes, count, p.items),
      };
    })
    .filter((p) => p.items > 0);
}

export function attemptTitle(
  kind: AttemptKind,
  names: { subject?: string | null; blueprint?: string | null },
): string {
  if (kind === 'mock') return names.blueprint ?? 'Mock exam';
  return names.subject ? `Lite quiz: ${names.subject}` : 'Lite quiz: all subjects';
}

/** The mock streak's days of the month with `day` added, in order; null when it is already there. */
export function addStreakDay(days: readonly number[], day: number): number[] | null {
  return days.includes(day) ? null : [...days, day].sort((a, b) => a - b);
}
