import { type Db, perDatabase } from '../../platform/db/client.ts';
import type { QuestionRow } from '../content/bank.repository.ts';
import type { AnswerContext } from './answer-save.read-model.ts';
import { type AttemptClock, clockOf } from './attempts.repository.ts';

/**
 * What a save decides on, remembered by this process (issue 10: on exam night a save is one
 * statement). Per attempt, its clock and which questions are its items in which part; per content
 * version, the questions whole. Nothing here is trusted on its own: the write a remembered decision
 * makes (`writeRecalledAnswer`) lands only while the attempt is at the remembered version, the
 * caller owns it and holds its reviewer, and the content is at the remembered version. Anything
 * else makes it land nowhere and the save reads and decides again, so this is exact across any
 * number of processes without messages.
 */

/** A busy process serves a few thousand open quizzes; each holds ~10 KB of item ids. */
const MAX_ATTEMPTS = 2_000;
/** The banks are a few thousand questions: a bound far above them. */
const MAX_QUESTIONS = 50_000;

type RememberedAttempt = {
  clock: AttemptClock;
  /** Question id → its part (null: an attempt without parts). */
  parts: ReadonlyMap<string, string | null>;
  /** The content version at which every one of its questions is remembered, if any. */
  questionsAt: number | null;
};

class AnswerMemory {
  readonly attempts = new Map<string, RememberedAttempt>();
  contentVersion: number | null = null;
  readonly questions = new Map<string, QuestionRow>();
}

const memoryOf = perDatabase(() => new AnswerMemory());

/**
 * What a save's read would find of this attempt and question, as remembered (the saved answer
 * unknown: null), with the content version the question is remembered at; null when any of it is
 * not remembered.
 */
export function recall(
  db: Db,
  attemptId: string,
  questionId: string,
): { seen: AnswerContext; contentVersion: number } | null {
  const memory = memoryOf(db);
  const attempt = memory.attempts.get(attemptId);
  const question = memory.questions.get(questionId);
  const contentVersion = memory.contentVersion;
  // Only once all of its questions are: the first save of an attempt reads, and remembers them.
  if (!attempt || !question || contentVersion == null || attempt.questionsAt !== contentVersion) {
    return null;
  }
  const partId = attempt.parts.get(questionId);
  if (partId === undefined) return null;
  return {
    seen: {
      attempt: attempt.clock,
      item: { questionId, partId },
      question,
      answer: null,
      contentVersion,
    },
    contentVersion,
  };
}

/** Keeps the clock of a remembered attempt as just read; false when the attempt is not remembered. */
export function refreshClock(db: Db, clock: AttemptClock): boolean {
  const known = memoryOf(db).attempts.get(clock.id);
  if (known) known.clock = clock;
  return known !== undefined;
}

/**
 * Keeps an attempt as read (a resume, a start or a save's read): its clock, and its items, which
 * never change. Only the clock's columns are kept of whatever row it was read with.
 */
export function rememberAttempt(
  db: Db,
  read: AttemptClock & { items: readonly { questionId: string; partId: string | null }[] },
): void {
  const clock = clockOf(read);
  if (refreshClock(db, clock)) return;
  const memory = memoryOf(db);
  if (memory.attempts.size >= MAX_ATTEMPTS) {
    // The oldest remembered first: a quiz still open is remembered again on its next read.
    const oldest = memory.attempts.keys().next();
    if (!oldest.done) memory.attempts.delete(oldest.value);
  }
  memory.attempts.set(clock.id, {
    clock,
    parts: new Map(read.items.map((item) => [item.questionId, item.partId])),
    questionsAt: null,
  });
}

/** The ids of an attempt's questions not remembered at `contentVersion`. */
export function missingQuestions(db: Db, attemptId: string, contentVersion: number): string[] {
  const memory = memoryOf(db);
  const attempt = memory.attempts.get(attemptId);
  if (!attempt) return [];
  if (memory.contentVersion !== contentVersion) return [...attempt.parts.keys()];
  return [...attempt.parts.keys()].filter((id) => !memory.questions.has(id));
}

/** Marks a remembered attempt whose questions are all remembered now; false when some are not. */
export function completeAttempt(db: Db, attemptId: string): boolean {
  const memory = memoryOf(db);
  const attempt = memory.attempts.get(attemptId);
  if (!attempt || memory.contentVersion === null) return false;
  for (const questionId of attempt.parts.keys()) {
    if (!memory.questions.has(questionId)) return false;
  }
  attempt.questionsAt = memory.contentVersion;
  return true;
}

/** Keeps questions read at `contentVersion`; a newer version forgets every older question. */
export function rememberQuestions(
  db: Db,
  questions: ReadonlyMap<string, QuestionRow>,
  contentVersion: number,
): void {
  const memory = memoryOf(db);
  if (memory.contentVersion !== null && contentVersion < memory.contentVersion) return;
  if (memory.contentVersion !== contentVersion || memory.questions.size >= MAX_QUESTIONS) {
    memory.questions.clear();
    memory.contentVersion = contentVersion;
  }
  for (const [id, question] of questions) memory.questions.set(id, question);
}
