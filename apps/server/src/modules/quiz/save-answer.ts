import {
  type AttemptItem,
  type AttemptKind,
  decideAnswer,
  isTimeUp,
  type SaveAnswerRequest,
  sittingAnswerRule,
} from '@pasado/core';
import type { Db, Executor } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { hasContentAccess, requireSubscriptionAccess } from '../account/content-access.ts';
import type { SentWith } from '../auth/session-plugin.ts';
import type { QuestionRow } from '../content/bank.repository.ts';
import { requireReviewerAccess } from '../content/reviewers.ts';
import {
  completeAttempt,
  missingQuestions,
  recall,
  refreshClock,
  rememberAttempt,
  rememberQuestions,
} from './answer-memory.ts';
import {
  type AnswerContext,
  loadAnswerContext,
  writeAnswerIfUnchanged,
  writeRecalledAnswer,
} from './answer-save.read-model.ts';
import { asKind, MESSAGES_QUIZ, ownAttempt, timeUpMessage } from './attempt-access.ts';
import { itemView } from './attempt-reply.ts';
import { loadQuestionsAt } from './attempt-view.read-model.ts';
import {
  type AnswerChange,
  loadAttemptHeader,
  lockAttemptClock,
  type SavedAnswer,
} from './attempts.repository.ts';
import { endRunning, settleExpired } from './finish-attempt.ts';

/**
 * Saving an answer or a flag (issue 4 "Mock exam", issue 10 "exam night"). Three ways to the same
 * result, fastest first: a save decided on what this process remembers, written in one statement
 * that re-checks everything the decision stood on; a save decided on one read, written only if
 * nothing changed since; and, when that write missed, the save decided again under the attempt's
 * lock. `test/quiz/fast-path.test.ts` holds them to the same results.
 */

/**
 * What one save writes: the answer as the lite lock allows (`decideAnswer`) and/or the flag.
 * Throws the refusal; an empty change writes nothing.
 */
function answerChange(
  kind: AttemptKind,
  question: QuestionRow,
  current: number | null,
  input: SaveAnswerRequest,
  now: Date,
): AnswerChange {
  const change: AnswerChange = {};
  if (input.choiceIndex !== undefined) {
    const decision = decideAnswer({
      kind,
      choiceIndex: input.choiceIndex,
      current,
      choiceCount: question.choices.length,
      answerIndex: question.answerIndex,
    });
    if (decision.kind === 'refuse' && decision.reason === 'answered') {
      throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.answered);
    }
    if (decision.kind === 'refuse') {
      throw new AppError('INVALID_ARGUMENT', MESSAGES_QUIZ.badChoice);
    }
    if (decision.kind === 'write') {
      change.choiceIndex = decision.choiceIndex;
      change.isCorrect = decision.isCorrect;
      change.answeredAt = now;
    }
  }
  if (input.flagged !== undefined) change.flagged = input.flagged;
  return change;
}

type SaveStep = { timeUp: true } | { timeUp: false; change: AnswerChange };

/**
 * What a save may do with the attempt as read: the refusals in the order the API promises them
 * (someone else's attempt 404, time up, submitted 409, an item not in the attempt 404, then the
 * answer rules), else the change to write (empty: nothing to write).
 */
function planSave(seen: AnswerContext | null, save: AnswerSave): SaveStep {
  const { userId, reviewer, input, now } = save;
  const attempt = ownAttempt(seen?.attempt ?? null, userId, reviewer);
  if (isTimeUp(attempt, now)) return { timeUp: true };
  if (attempt.status === 'submitted')
    throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.submitted);
  if (!seen?.item || !seen.question) throw notFound(MESSAGES_QUIZ.notInAttempt);
  // In sittings, only the running sitting's items (core `sittingAnswerRule`).
  const rule = sittingAnswerRule(attempt.sittings, seen.item.partId);
  if (rule === 'ended') throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.sittingEnded);
  // An item of a part not yet started is answered as one of no part at all (issue 21 finding 7):
  // the refusal must not tell a student which items the coming part holds. A finished part's items
  // were shown already; its refusal may say so.
  if (rule === 'notStarted') throw notFound(MESSAGES_QUIZ.notInAttempt);
  const change = answerChange(
    asKind(attempt.kind),
    seen.question,
    seen.answer?.choiceIndex ?? null,
    input,
    now,
  );
  return { timeUp: false, change };
}

/** The saved item as the save answers it (the same view as the attempt's, core decides reveals). */
function savedItem(
  seen: AnswerContext,
  answer: Pick<SavedAnswer, 'choiceIndex' | 'flagged' | 'isCorrect'> | null,
): AttemptItem {
  const { item, question, attempt } = seen;
  if (!item || !question) throw notFound(MESSAGES_QUIZ.notInAttempt);
  return itemView(asKind(attempt.kind), false, item, { ...question, key: question }, answer);
}

/**
 * The conditional write of a planned change: it lands only if the attempt (its version) and the
 * saved choice are still what `seen` read.
 */
function writeSeenChange(
  ex: Executor,
  seen: AnswerContext,
  questionId: string,
  change: AnswerChange,
  now: Date,
) {
  return writeAnswerIfUnchanged(ex, {
    attemptId: seen.attempt.id,
    version: seen.attempt.version,
    questionId,
    expectedChoice: seen.answer?.choiceIndex ?? null,
    change,
    now,
  });
}

/** One save as a student asks it: each path hands it on whole to the next. */
export type AnswerSave = {
  userId: string;
  reviewer: string;
  attemptId: string;
  questionId: string;
  input: SaveAnswerRequest;
  now: Date;
};

/** The session a save was sent with, checked again by the remembered path's write. */
type SentSession = Pick<SentWith, 'session'>;

type SavedAnswerReply = { item: AttemptItem; serverNow: string };

/**
 * Saves an answer and/or a flag (idempotent: it sets values, so the offline queue may send it
 * again). Lite: the first answer is final and the reveal comes back. Mock: answers may change until
 * the deadline; past it the attempt is submitted and the write refused. Refused (403) without the
 * reviewer's grant, like every route under it, and a lite answer without a subscription that gives
 * access now (issue 21); an open mock is finished on the grant alone.
 *
 * The remembered path's write checks the session it was sent with, so the session may come from
 * the cache; `confirmSession` must check it in the database (or throw) before the read path runs.
 */
export async function saveAnswer(
  db: Db,
  save: AnswerSave & SentSession,
  confirmSession: () => Promise<unknown>,
): Promise<SavedAnswerReply> {
  const saved = await saveRecalled(db, save);
  if (saved) return saved;
  await confirmSession();
  return saveRead(db, save);
}

/**
 * Issue 10: the save decided by core on what this process remembers of the attempt and the
 * question, written in one statement that lands only if all of it still holds (the attempt's
 * version and deadline, its owner, the grant, the content version, the session) and, for a lite
 * item, only as its first answer; a mock's answer may replace any. A lite answer reads the
 * paywall's row first (issue 25: two statements; the read path takes five). Null when anything is
 * not remembered, would be refused (the read path words the refusal) or did not land.
 */
async function saveRecalled(
  db: Db,
  save: AnswerSave & SentSession,
): Promise<SavedAnswerReply | null> {
  const recalled = recall(db, save.attemptId, save.questionId);
  if (!recalled) return null;
  const { seen, contentVersion } = recalled;
  let step: SaveStep;
  try {
    step = planSave(seen, save);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  if (step.timeUp || Object.keys(step.change).length === 0) return null;
  // A mock is saved on the grant alone (finishing it), which the write checks. A lite answer
  // reveals its key, so the subscription must give access now too (issue 21): decided on the
  // paywall's row, read first. A refusal is left to the read path, which words it in its order.
  const lite = asKind(seen.attempt.kind) === 'lite';
  if (lite && !(await hasContentAccess(db, save.userId, save.reviewer, save.now))) return null;
  const saved = await writeRecalledAnswer(db, {
    attemptId: save.attemptId,
    version: seen.attempt.version,
    questionId: save.questionId,
    // Only a lite answer depends on the one saved before (core `decideAnswer`): it must be the first.
    expectedChoice: asKind(seen.attempt.kind) === 'mock' ? 'any' : null,
    change: step.change,
    now: save.now,
    userId: save.userId,
    session: save.session,
    deadlineAt: seen.attempt.deadlineAt,
    contentVersion,
  });
  return saved ? { item: savedItem(seen, saved), serverNow: save.now.toISOString() } : null;
}

/**
 * The save decided on one read by primary keys (the grant checked first), then one conditional
 * write that locks the attempt for that statement only and lands only if the attempt (its version:
 * a submission bumps it) and the saved choice are still what the decision was made on. A write that
 * misses, because a submission or another save came in between, is decided again under the
 * attempt's lock. What it read is remembered for the next saves.
 */
async function saveRead(db: Db, save: AnswerSave): Promise<SavedAnswerReply> {
  const { attemptId, questionId, now } = save;
  await requireReviewerAccess(db, save.userId, save.reviewer);
  const seen = await loadAnswerContext(db, attemptId, questionId);
  const step = planSave(seen, save);
  if (seen && asKind(seen.attempt.kind) !== 'mock') {
    await requireSubscriptionAccess(db, save.userId, now);
  }
  if (step.timeUp) {
    await settleExpired(db, attemptId, now);
    throw new AppError('FAILED_PRECONDITION', timeUpMessage(seen?.attempt ?? { sittings: null }));
  }
  if (!seen) throw notFound('No such quiz.');
  let reply: SavedAnswerReply;
  if (Object.keys(step.change).length === 0) {
    reply = { item: savedItem(seen, seen.answer), serverNow: now.toISOString() };
  } else {
    const saved = await writeSeenChange(db, seen, questionId, step.change, now);
    reply = saved
      ? { item: savedItem(seen, saved), serverNow: now.toISOString() }
      : await saveAnswerLocked(db, save);
  }
  await remember(db, seen);
  return reply;
}

/**
 * Remembers the attempt a save has just read: its clock as read, its items (already remembered
 * when the student opened the quiz on this process) and every one of its questions at the content
 * version (read once per process and version, shared by every attempt).
 */
async function remember(db: Db, seen: AnswerContext): Promise<void> {
  const { attempt } = seen;
  if (!refreshClock(db, attempt)) {
    const header = await loadAttemptHeader(db, attempt.id);
    if (!header) return;
    rememberAttempt(db, header);
  }
  const missing = missingQuestions(db, attempt.id, seen.contentVersion);
  if (missing.length > 0) {
    const { found: questions, contentVersion } = await loadQuestionsAt(db, missing);
    if (contentVersion !== null) rememberQuestions(db, questions, contentVersion);
  }
  completeAttempt(db, attempt.id);
}

/**
 * The same save decided under the attempt's lock: the attempt and the answer are read after the
 * lock is held, so nothing changes between the decision and the write. The path a save takes when
 * its unlocked read went stale; exported so the tests can hold it to the same results.
 */
export async function saveAnswerLocked(db: Db, save: AnswerSave): Promise<SavedAnswerReply> {
  const { attemptId, questionId, now } = save;
  type Outcome = { error: string } | { item: AttemptItem };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const locked = await lockAttemptClock(tx, attemptId);
    const seen = locked ? await loadAnswerContext(tx, attemptId, questionId) : null;
    const step = planSave(seen, save);
    if (!locked || !seen) throw notFound('No such quiz.');
    if (step.timeUp) {
      // The submission commits; the refusal is thrown only after it.
      await endRunning(tx, locked, now);
      return { error: timeUpMessage(locked) };
    }
    if (Object.keys(step.change).length === 0) return { item: savedItem(seen, seen.answer) };
    const saved = await writeSeenChange(tx, seen, questionId, step.change, now);
    if (!saved) throw new AppError('INTERNAL', 'The answer changed under the lock.');
    return { item: savedItem(seen, saved) };
  });
  if ('error' in outcome) throw new AppError('FAILED_PRECONDITION', outcome.error);
  return { item: outcome.item, serverNow: now.toISOString() };
}
