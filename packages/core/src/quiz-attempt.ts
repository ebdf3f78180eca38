import { type BlueprintSpec, scaledMinutes } from './blueprint.ts';
import {
  gemsForQuiz,
  LITE_QUIZ_SIZE,
  type PartResult,
  percentage,
  type ScoredItem,
  scoreLite,
  scoreMock,
} from './quiz-scoring.ts';

/**
 * The rules of one quiz attempt (issue 4 "Lite quiz", "Mock exam"; docs/product.md#quiz): when its time
 * is up, when an answer may be written or changed, when the key is shown, what the result says and
 * how the time studied is shared out. Their one home; the server's learning module applies them to
 * the rows it reads and writes.
 */

/** The kinds of quiz attempt a student sits (a drill has its own rules, drill.ts). */
export const ATTEMPT_KINDS = ['lite', 'mock'] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];
export const ATTEMPT_STATUSES = ['in_progress', 'submitted'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * Time-up (auto-submit): an unfinished attempt whose deadline has come, at the deadline itself
 * included. A lite quiz has no deadline and is never up.
 */
export function isTimeUp(
  attempt: { status: AttemptStatus; deadlineAt: Date | null },
  now: Date,
): boolean {
  return (
    attempt.status === 'in_progress' &&
    attempt.deadlineAt !== null &&
    attempt.deadlineAt.getTime() <= now.getTime()
  );
}

/**
 * The moment a finished attempt counts as finished: now, or its deadline when that came first (a
 * mock whose time ran out before anyone looked at it; for a mock in sittings, the last sitting's
 * deadline, the attempt's while it runs). Its submission time, the Manila day its activity and
 * mock streak day are credited to, and the end of its time studied (docs/product.md#mock-exam,
 * docs/decisions/007-quizzes.md): a mock that ran out at 23:34 and was noticed the next morning
 * was finished the day before.
 */
export function finishedAt(attempt: { deadlineAt: Date | null }, now: Date): Date {
  const { deadlineAt } = attempt;
  return deadlineAt && deadlineAt < now ? deadlineAt : now;
}

/** A mock's deadline, fixed at the start: the planned minutes from `startedAt`. */
export function mockDeadline(startedAt: Date, totalMinutes: number): Date {
  return new Date(startedAt.getTime() + totalMinutes * 60_000);
}

/** Whether a choice is the key. */
export function isCorrectChoice(choiceIndex: number, answerIndex: number): boolean {
  return choiceIndex === answerIndex;
}

export type AnswerDecision =
  /** Refused: `badChoice` (no such choice, or clearing a lite answer), `answered` (lite lock). */
  | { kind: 'refuse'; reason: 'badChoice' | 'answered' }
  /** Nothing to write: the lite item already holds this very answer (a retried request). */
  | { kind: 'keep' }
  /** Write this answer (`null` clears a mock answer) and its correctness. */
  | { kind: 'write'; choiceIndex: number | null; isCorrect: boolean | null };

/**
 * Whether an answer may be saved (issue 4): the choice must exist. A lite answer is final once
 * given, since its key is shown at once: the same choice again is a no-op, another one is refused,
 * and it cannot be cleared. A mock answer may change or be cleared until the attempt ends (the
 * caller refuses writes to a submitted or timed-up attempt first).
 */
export function decideAnswer(input: {
  kind: AttemptKind;
  /** The choice sent; null clears the answer. */
  choiceIndex: number | null;
  /** The choice saved so far, if any. */
  current: number | null;
  choiceCount: number;
  answerIndex: number;
}): AnswerDecision {
  const { kind, choiceIndex, current } = input;
  if (
    choiceIndex !== null &&
    (!Number.isInteger(choiceIndex) || choiceIndex < 0 || choiceIndex >= input.choiceCount)
  ) {
    return { kind: 'refuse', reason: 'badChoice' };
  }
  const locked = kind === 'lite' && current !== null;
  if (locked && current !== choiceIndex) return { kind: 'refuse', reason: 'answered' };
  if (kind === 'lite' && choiceIndex === null) return { kind: 'refuse', reason: 'badChoice' };
  if (locked) return { kind: 'keep' };
  return {
    kind: 'write',
    choiceIndex,
    isCorrect: choiceIndex === null ? null : isCorrectChoice(choiceIndex, input.answerIndex),
  };
}

/**
 * Whether an item's key, rationale and correctness may be shown: a lite item once answered, every
 * item once the attempt is submitted (a mock shows nothing before, so it cannot be gamed).
 */
export function revealsAnswer(kind: AttemptKind, submitted: boolean, answered: boolean): boolean {
  return submitted || (kind === 'lite' && answered);
}

/** A finished attempt's result (the contract's `quizResultSchema` describes it on the wire). */
export type QuizResult = {
  correct: number;
  total: number;
  percentage: number;
  missed: number;
  gemsEarned: number;
  /** True when the server finished the attempt because its time ran out. */
  autoSubmitted: boolean;
  /** Mock only: per part, the weighted rating and the verdict under the official rule. */
  parts: PartResult[] | null;
  weightedRating: number | null;
  passingAverage: number | null;
  passed: boolean | null;
};

/** A lite quiz's result: its tally (unanswered count as missed) and the gems it earns. */
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

/** A mock's result: `scoreMock`'s parts, weighted rating and verdict, and the gems it earns. */
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
 * What a finished attempt adds to the topic stats (docs/product.md#progress): per topic, in the order
 * first shown, the items answered, those correct and the time studied. The time runs from the start
 * to the submission, never past the deadline, and is shared evenly (whole seconds, rounded down)
 * among the answered items; unanswered items and items whose question is gone count for nothing.
 */
export function attemptTopicActivity(input: {
  items: readonly { questionId: string }[];
  answers: ReadonlyMap<string, { choiceIndex: number | null; isCorrect: boolean | null }>;
  topics: ReadonlyMap<string, { topicId: string }>;
  startedAt: Date;
  deadlineAt: Date | null;
  now: Date;
  /** The time spent when it is not start to end: a mock in sittings (`sittingsElapsedMs`). */
  elapsedMs?: number;
}): AttemptTopicActivity[] {
  const { items, answers, topics, startedAt, deadlineAt, now } = input;
  const end = finishedAt({ deadlineAt }, now);
  const elapsedMs = input.elapsedMs ?? end.getTime() - startedAt.getTime();
  const elapsedSeconds = Math.max(0, Math.round(elapsedMs / 1000));
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
 * "Retry the ones I missed": the first `LITE_QUIZ_SIZE` items of a finished attempt not answered
 * correctly (wrong or unanswered), in the order shown, leaving out questions no longer in the bank.
 * A retry's own result offers the next ones.
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

export type AttemptPart = { partId: string; name: string; items: number; minutes: number };

/**
 * A mock's parts as the quiz screen shows them: in blueprint order, each with the items this
 * sitting drew and its minutes (scaled down when the bank was short, `scaledMinutes`); a part that
 * drew no item is left out.
 */
export function attemptParts(
  spec: BlueprintSpec,
  items: readonly { partId: string | null }[],
): AttemptPart[] {
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

/** A For-you lite set's title (issue 23 item 4, ADR 032), online and offline. */
export const FOR_YOU_TITLE = 'Lite quiz: for you';

/**
 * An attempt's title: the blueprint's name for a mock; for a lite, For-you's, or the subject's (or
 * all subjects).
 */
export function attemptTitle(
  kind: AttemptKind,
  names: { subject?: string | null; blueprint?: string | null; forYou?: boolean },
): string {
  if (kind === 'mock') return names.blueprint ?? 'Mock exam';
  if (names.forYou) return FOR_YOU_TITLE;
  return names.subject ? `Lite quiz: ${names.subject}` : 'Lite quiz: all subjects';
}
