import { randomUUID } from 'node:crypto';
import {
  type AttemptItem,
  type AttemptKind,
  type AttemptState,
  addStreakDay,
  attemptParts,
  attemptTitle,
  attemptTopicActivity,
  decideAnswer,
  isTimeUp,
  LITE_QUIZ_SIZE,
  liteResult,
  manilaDayKey,
  manilaDayOfMonth,
  manilaMonthYear,
  mockDeadline,
  mockResult,
  pickLiteItems,
  planMock,
  type QuizResult,
  retryItemIds,
  revealsAnswer,
  type SaveAnswerRequest,
  type StartLiteRequest,
  streakRecordId,
} from '@pasado/core';
import type { Db, Executor, Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { recordActivity } from '../progress/record-activity.ts';
import {
  type AnswerChange,
  type AttemptHeader,
  insertAttempt,
  insertMockStreak,
  insertMockUnlessOpen,
  loadAnswer,
  loadAttemptHeader,
  loadAttemptItems,
  loadOpenMockHeader,
  lockAttemptHeader,
  lockMockStreakDays,
  markSubmitted,
  updateMockStreakDays,
  upsertAnswer,
} from './attempts.repository.ts';
import {
  findBlueprint,
  findSubject,
  findTopic,
  listBank,
  loadQuestions,
  type QuestionRow,
} from './bank.repository.ts';

/**
 * Quiz attempts (issue 4 "Lite quiz", "Mock exam"). The mock's clock is `deadlineAt`, fixed at the
 * start; every read or write of an attempt past it finalises the attempt first (auto-submit), so a
 * closed tab, a lost connection or a server restart never stops the clock.
 */

export const MESSAGES_QUIZ = {
  noItems: 'There are no items for this choice yet.',
  noMock: 'There is no mock exam for this reviewer yet.',
  submitted: 'This quiz is already submitted.',
  timeUp: 'Time is up: this mock exam was submitted.',
  answered: 'This item is already answered.',
  notInAttempt: 'This item is not part of this quiz.',
  badChoice: 'Choose one of the choices.',
  nothingMissed: 'You missed none: there is nothing to retry.',
  notFinished: 'Finish this quiz first.',
} as const;

export const asKind = (kind: string): AttemptKind => (kind === 'mock' ? 'mock' : 'lite');

/** The attempt of this user under this reviewer, or 404 (someone else's attempt is not found). */
function ownAttempt(row: AttemptHeader | null, userId: string, reviewer: string): AttemptHeader {
  if (!row || row.userId !== userId || row.reviewerShorthand !== reviewer || row.kind === 'drill') {
    throw notFound('No such quiz.');
  }
  return row;
}

/**
 * Finishes an attempt in the caller's transaction (the attempt row locked): scores it, records
 * progress (recordActivity: topic stats, gems, streak, leaderboard), marks the mock streak day.
 */
async function finalize(
  tx: Tx,
  row: AttemptHeader,
  now: Date,
  autoSubmitted: boolean,
): Promise<AttemptHeader> {
  const kind = asKind(row.kind);
  const { answers, questions } = await loadAttemptItems(tx, row);
  const scored = row.items.map((i) => ({
    partId: i.partId,
    isCorrect: answers.get(i.questionId)?.isCorrect ?? null,
  }));
  let result: QuizResult;
  if (kind === 'mock') {
    const blueprint = await findBlueprint(tx, row.reviewerShorthand, row.blueprintId);
    if (!blueprint) throw new AppError('INTERNAL', 'The blueprint of this mock is gone.');
    result = mockResult(blueprint.spec, scored, autoSubmitted);
  } else {
    result = liteResult(scored, autoSubmitted);
  }

  const topics = attemptTopicActivity({
    items: row.items,
    answers,
    topics: questions,
    startedAt: row.startedAt,
    deadlineAt: row.deadlineAt,
    now,
  });
  await recordActivity(
    tx,
    row.userId,
    { topics, gems: result.gemsEarned, drillPoints: 0, finished: true },
    now,
  );
  if (kind === 'mock') await markMockStreakDay(tx, row.userId, now);

  const updated = await markSubmitted(tx, row.id, {
    submittedAt: now,
    result,
    gemsEarned: result.gemsEarned,
  });
  if (!updated) throw new AppError('INTERNAL', 'The attempt vanished while submitting.');
  return updated;
}

/** SPEC §3 mockExamStreakList: the Manila days of this month with a submitted mock. */
async function markMockStreakDay(tx: Tx, userId: string, now: Date) {
  const id = streakRecordId(userId, now);
  const { month, year } = manilaMonthYear(now);
  const day = manilaDayOfMonth(manilaDayKey(now));
  const current = await lockMockStreakDays(tx, id);
  if (current === null) {
    await insertMockStreak(tx, { id, userId, month, year, days: [day], now });
    return;
  }
  const days = addStreakDay(current, day);
  if (days === null) return;
  await updateMockStreakDays(tx, id, days, now);
}

/**
 * Finalises an expired attempt, if it is one, in its own transaction (re-checked under the lock so
 * two requests at the deadline submit once). Returns the current row.
 */
async function settleIfExpired(db: Db, row: AttemptHeader, now: Date) {
  if (!isTimeUp(row, now)) return row;
  return db.transaction(async (tx) => {
    const locked = await lockAttemptHeader(tx, row.id);
    if (!locked) throw notFound('No such quiz.');
    return isTimeUp(locked, now) ? finalize(tx, locked, now, true) : locked;
  });
}

/** The attempt as the client may see it: keys and rationales only once allowed. */
async function attemptState(ex: Executor, row: AttemptHeader, now: Date): Promise<AttemptState> {
  const kind = asKind(row.kind);
  const { answers, questions } = await loadAttemptItems(ex, row);
  const submitted = row.status === 'submitted';
  const items: AttemptItem[] = [];
  for (const item of row.items) {
    const q = questions.get(item.questionId);
    if (!q) continue; // deleted from the bank since: it simply drops out of the view
    const a = answers.get(item.questionId);
    const answered = a?.choiceIndex != null;
    const reveal = revealsAnswer(kind, submitted, answered);
    items.push({
      questionId: q.id,
      partId: item.partId,
      topicName: q.topicName,
      stem: q.stem,
      choices: q.choices,
      choiceIndex: a?.choiceIndex ?? null,
      flagged: a?.flagged ?? false,
      isCorrect: reveal ? (a?.isCorrect ?? false) : null,
      reveal: reveal ? revealOf(q) : null,
    });
  }
  let parts: AttemptState['parts'] = null;
  let blueprintName: string | null = null;
  if (kind === 'mock') {
    const blueprint = await findBlueprint(ex, row.reviewerShorthand, row.blueprintId);
    blueprintName = blueprint?.name ?? null;
    parts = blueprint ? attemptParts(blueprint.spec, row.items) : null;
  }
  const subject = row.subjectId
    ? await findSubject(ex, row.reviewerShorthand, row.subjectId)
    : null;
  return {
    attemptId: row.id,
    kind,
    reviewer: row.reviewerShorthand,
    title: attemptTitle(kind, { subject: subject?.name ?? null, blueprint: blueprintName }),
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    serverNow: now.toISOString(),
    parts,
    items,
    result: submitted ? (row.result as QuizResult | null) : null,
  };
}

function revealOf(q: QuestionRow) {
  return { answerIndex: q.answerIndex, rationale: q.rationale, distractorNotes: q.distractorNotes };
}

export async function getAttempt(
  db: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  now: Date,
): Promise<AttemptState> {
  const row = ownAttempt(await loadAttemptHeader(db, attemptId), userId, reviewer);
  return attemptState(db, await settleIfExpired(db, row, now), now);
}

/** Lite: 10 items at random from the reviewer, a subject or a topic; or the missed ones of a finished attempt. */
export async function startLite(
  db: Db,
  userId: string,
  reviewer: string,
  input: StartLiteRequest,
  now: Date,
): Promise<AttemptState> {
  let questionIds: string[];
  let subjectId: string | null = null;
  if (input.retryOf) {
    const source = ownAttempt(await loadAttemptHeader(db, input.retryOf), userId, reviewer);
    const settled = await settleIfExpired(db, source, now);
    if (settled.status !== 'submitted') {
      throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.notFinished);
    }
    const { answers, questions } = await loadAttemptItems(db, source);
    questionIds = retryItemIds(source.items, answers, questions);
    if (questionIds.length === 0) {
      throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.nothingMissed);
    }
    subjectId = source.kind === 'lite' ? source.subjectId : null;
  } else {
    const filter: { subjectId?: string; topicId?: string } = {};
    if (input.topicId) {
      const topic = await findTopic(db, reviewer, input.topicId);
      if (!topic) throw notFound('No such topic.');
      filter.topicId = topic.id;
      subjectId = topic.subjectId;
    }
    if (input.subjectId) {
      const subject = await findSubject(db, reviewer, input.subjectId);
      if (!subject) throw notFound('No such subject.');
      if (subjectId && subjectId !== subject.id) throw notFound('No such topic.');
      filter.subjectId = subject.id;
      subjectId = subject.id;
    }
    // Held items stay out of lite quizzes too: a reported item may be wrong.
    const bank = (await listBank(db, reviewer, filter)).filter((q) => !q.held);
    questionIds = pickLiteItems(
      bank.map((q) => q.id),
      LITE_QUIZ_SIZE,
      randomUUID(),
    );
    if (questionIds.length === 0) throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.noItems);
  }
  const row = await insertAttempt(db, {
    userId,
    reviewerShorthand: reviewer,
    kind: 'lite',
    subjectId,
    items: questionIds.map((questionId) => ({ questionId, partId: null })),
    startedAt: now,
  });
  if (!row) throw new AppError('INTERNAL', 'The quiz was not created.');
  return attemptState(db, row, now);
}

/** Starts a mock from the reviewer's blueprint, or resumes the unfinished one (its clock running). */
export async function startOrResumeMock(
  db: Db,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<{ state: AttemptState; resumed: boolean }> {
  const open = await findOpenMock(db, userId, reviewer, now);
  if (open) return { state: await attemptState(db, open, now), resumed: true };

  const blueprint = await findBlueprint(db, reviewer);
  if (!blueprint) throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.noMock);
  const bank = await listBank(db, reviewer);
  const plan = planMock(blueprint.spec, bank, randomUUID());
  if (plan.totalItems === 0) throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.noItems);
  // The partial unique index allows one open mock per student and reviewer: a double tap or a
  // second device racing here inserts nothing and resumes the one that won.
  const row = await insertMockUnlessOpen(db, {
    userId,
    reviewerShorthand: reviewer,
    kind: 'mock',
    blueprintId: blueprint.id,
    items: plan.items,
    startedAt: now,
    deadlineAt: mockDeadline(now, plan.totalMinutes),
  });
  if (row) return { state: await attemptState(db, row, now), resumed: false };
  const winner = await findOpenMock(db, userId, reviewer, now);
  if (!winner) throw new AppError('INTERNAL', 'The mock exam was not created.');
  return { state: await attemptState(db, winner, now), resumed: true };
}

/** The unfinished mock of this student and reviewer, after settling one whose time ran out. */
export async function findOpenMock(
  db: Db,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<AttemptHeader | null> {
  const row = await loadOpenMockHeader(db, userId, reviewer);
  if (!row) return null;
  const settled = await settleIfExpired(db, row, now);
  return settled.status === 'in_progress' ? settled : null;
}

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

/**
 * Saves an answer and/or a flag (an idempotent upsert). Lite: the first answer is final and the
 * reveal comes back. Mock: answers may change until the deadline; past it the attempt is submitted
 * and the write refused.
 */
export async function saveAnswer(
  db: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  questionId: string,
  input: SaveAnswerRequest,
  now: Date,
): Promise<{ item: AttemptItem; serverNow: string }> {
  type Outcome = { error: string } | { item: AttemptItem };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const row = ownAttempt(await lockAttemptHeader(tx, attemptId), userId, reviewer);
    if (isTimeUp(row, now)) {
      // The submission commits; the refusal is thrown only after it.
      await finalize(tx, row, now, true);
      return { error: MESSAGES_QUIZ.timeUp };
    }
    if (row.status === 'submitted') return { error: MESSAGES_QUIZ.submitted };
    if (!row.items.some((i) => i.questionId === questionId)) {
      throw notFound(MESSAGES_QUIZ.notInAttempt);
    }
    const question = (await loadQuestions(tx, [questionId])).get(questionId);
    if (!question) throw notFound(MESSAGES_QUIZ.notInAttempt);
    const current = await loadAnswer(tx, attemptId, questionId);
    const change = answerChange(
      asKind(row.kind),
      question,
      current?.choiceIndex ?? null,
      input,
      now,
    );
    if (Object.keys(change).length > 0) {
      await upsertAnswer(tx, attemptId, questionId, change, now);
    }
    const state = await attemptState(tx, row, now);
    const item = state.items.find((i) => i.questionId === questionId);
    if (!item) throw notFound(MESSAGES_QUIZ.notInAttempt);
    return { item };
  });
  if ('error' in outcome) throw new AppError('FAILED_PRECONDITION', outcome.error);
  return { item: outcome.item, serverNow: now.toISOString() };
}

/** Submits (idempotent: a second submit returns the same result). */
export async function submitAttempt(
  db: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  now: Date,
): Promise<AttemptState> {
  const row = await db.transaction(async (tx) => {
    const locked = ownAttempt(await lockAttemptHeader(tx, attemptId), userId, reviewer);
    if (locked.status === 'submitted') return locked;
    // Past the deadline the answers saved until then count, and it is marked as auto-submitted.
    return finalize(tx, locked, now, isTimeUp(locked, now));
  });
  return attemptState(db, row, now);
}
