import { randomUUID } from 'node:crypto';
import {
  type AttemptItem,
  type AttemptState,
  gemsForQuiz,
  LITE_QUIZ_SIZE,
  manilaDayKey,
  manilaDayOfMonth,
  manilaMonthYear,
  pickLiteItems,
  planMock,
  type QuizResult,
  type SaveAnswerRequest,
  type StartLiteRequest,
  scaledMinutes,
  scoreLite,
  scoreMock,
  streakRecordId,
} from '@pasado/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../platform/db/client.ts';
import { mockExamStreaks, quizAnswers, quizAttempts } from '../../platform/db/schema.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { recordActivity } from '../progress/record-activity.ts';
import {
  type Blueprint,
  findBlueprint,
  findSubject,
  findTopic,
  listBank,
  loadQuestions,
  type QuestionRow,
} from './bank.ts';

/**
 * Quiz attempts (issue 4 "Lite quiz", "Mock exam"). The mock's clock is `deadlineAt`, fixed at the
 * start; every read or write of an attempt past it finalises the attempt first (auto-submit), so a
 * closed tab, a lost connection or a server restart never stops the clock.
 */

export type AttemptRow = typeof quizAttempts.$inferSelect;
type AnswerRow = typeof quizAnswers.$inferSelect;
type QuizKind = 'lite' | 'mock';

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

const asKind = (kind: string): QuizKind => (kind === 'mock' ? 'mock' : 'lite');

async function lockAttempt(tx: Tx, attemptId: string): Promise<AttemptRow | null> {
  const [row] = await tx
    .select()
    .from(quizAttempts)
    .where(eq(quizAttempts.id, attemptId))
    .for('update');
  return row ?? null;
}

async function readAttempt(ex: Executor, attemptId: string): Promise<AttemptRow | null> {
  const [row] = await ex.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  return row ?? null;
}

async function answersOf(ex: Executor, attemptId: string): Promise<Map<string, AnswerRow>> {
  const rows = await ex.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
  return new Map(rows.map((r) => [r.questionId, r]));
}

/** The attempt of this user under this reviewer, or 404 (someone else's attempt is not found). */
function ownAttempt(row: AttemptRow | null, userId: string, reviewer: string): AttemptRow {
  if (!row || row.userId !== userId || row.reviewerShorthand !== reviewer || row.kind === 'drill') {
    throw notFound('No such quiz.');
  }
  return row;
}

const isExpired = (row: AttemptRow, now: Date) =>
  row.status === 'in_progress' &&
  row.deadlineAt !== null &&
  row.deadlineAt.getTime() <= now.getTime();

/**
 * Finishes an attempt in the caller's transaction (the attempt row locked): scores it, records
 * progress (recordActivity: topic stats, gems, streak, leaderboard), marks the mock streak day.
 */
async function finalize(
  tx: Tx,
  row: AttemptRow,
  now: Date,
  autoSubmitted: boolean,
): Promise<AttemptRow> {
  const kind = asKind(row.kind);
  const answers = await answersOf(tx, row.id);
  const questionsById = await loadQuestions(
    tx,
    row.items.map((i) => i.questionId),
  );
  const scored = row.items.map((i) => ({
    partId: i.partId,
    isCorrect: answers.get(i.questionId)?.isCorrect ?? null,
  }));
  let result: QuizResult;
  if (kind === 'mock') {
    const blueprint = await findBlueprint(tx, row.reviewerShorthand, row.blueprintId);
    if (!blueprint) throw new AppError('INTERNAL', 'The blueprint of this mock is gone.');
    const mock = scoreMock(blueprint.spec, scored);
    result = {
      correct: mock.correct,
      total: mock.total,
      percentage: mock.total > 0 ? Math.round((mock.correct / mock.total) * 10_000) / 100 : 0,
      missed: mock.total - mock.correct,
      gemsEarned: gemsForQuiz('mock', mock.correct),
      autoSubmitted,
      parts: mock.parts,
      weightedRating: mock.weightedRating,
      passingAverage: mock.passingAverage,
      passed: mock.passed,
    };
  } else {
    const lite = scoreLite(scored);
    result = {
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

  // Time studied: until the deadline at most, spread evenly over the items answered.
  const end = row.deadlineAt && row.deadlineAt < now ? row.deadlineAt : now;
  const elapsedSeconds = Math.max(0, Math.round((end.getTime() - row.startedAt.getTime()) / 1000));
  const answeredItems = row.items.filter((i) => answers.get(i.questionId)?.choiceIndex != null);
  const perItem = answeredItems.length > 0 ? Math.floor(elapsedSeconds / answeredItems.length) : 0;
  const byTopic = new Map<string, { answered: number; correct: number; seconds: number }>();
  for (const item of answeredItems) {
    const topicId = questionsById.get(item.questionId)?.topicId;
    if (!topicId) continue;
    const t = byTopic.get(topicId) ?? { answered: 0, correct: 0, seconds: 0 };
    t.answered += 1;
    if (answers.get(item.questionId)?.isCorrect) t.correct += 1;
    t.seconds += perItem;
    byTopic.set(topicId, t);
  }
  await recordActivity(
    tx,
    row.userId,
    {
      topics: [...byTopic].map(([topicId, t]) => ({ topicId, ...t })),
      gems: result.gemsEarned,
      drillPoints: 0,
      finished: true,
    },
    now,
  );
  if (kind === 'mock') await markMockStreakDay(tx, row.userId, now);

  const [updated] = await tx
    .update(quizAttempts)
    .set({
      status: 'submitted',
      submittedAt: now,
      result,
      gemsEarned: result.gemsEarned,
      version: sql`${quizAttempts.version} + 1`,
    })
    .where(eq(quizAttempts.id, row.id))
    .returning();
  if (!updated) throw new AppError('INTERNAL', 'The attempt vanished while submitting.');
  return updated;
}

/** SPEC §3 mockExamStreakList: the Manila days of this month with a submitted mock. */
async function markMockStreakDay(tx: Tx, userId: string, now: Date) {
  const id = streakRecordId(userId, now);
  const { month, year } = manilaMonthYear(now);
  const day = manilaDayOfMonth(manilaDayKey(now));
  const [row] = await tx
    .select({ days: mockExamStreaks.days })
    .from(mockExamStreaks)
    .where(eq(mockExamStreaks.id, id))
    .for('update');
  if (!row) {
    await tx
      .insert(mockExamStreaks)
      .values({ id, userId, month, year, days: [day], updatedAt: now })
      .onConflictDoNothing();
    return;
  }
  if (row.days.includes(day)) return;
  await tx
    .update(mockExamStreaks)
    .set({ days: [...row.days, day].sort((a, b) => a - b), updatedAt: now })
    .where(eq(mockExamStreaks.id, id));
}

/**
 * Finalises an expired attempt, if it is one, in its own transaction (re-checked under the lock so
 * two requests at the deadline submit once). Returns the current row.
 */
export async function settleIfExpired(ex: Db, row: AttemptRow, now: Date) {
  if (!isExpired(row, now)) return row;
  return ex.transaction(async (tx) => {
    const locked = await lockAttempt(tx, row.id);
    if (!locked) throw notFound('No such quiz.');
    return isExpired(locked, now) ? finalize(tx, locked, now, true) : locked;
  });
}

function titleFor(row: AttemptRow, names: { subject?: string | null; blueprint?: string | null }) {
  if (row.kind === 'mock') return names.blueprint ?? 'Mock exam';
  return names.subject ? `Lite quiz: ${names.subject}` : 'Lite quiz: all subjects';
}

/** The attempt as the client may see it: keys and rationales only once allowed. */
export async function attemptState(
  ex: Executor,
  row: AttemptRow,
  now: Date,
): Promise<AttemptState> {
  const kind = asKind(row.kind);
  const answers = await answersOf(ex, row.id);
  const questionsById = await loadQuestions(
    ex,
    row.items.map((i) => i.questionId),
  );
  const submitted = row.status === 'submitted';
  const items: AttemptItem[] = [];
  for (const item of row.items) {
    const q = questionsById.get(item.questionId);
    if (!q) continue; // deleted from the bank since: it simply drops out of the view
    const a = answers.get(item.questionId);
    const answered = a?.choiceIndex != null;
    const reveal = submitted || (kind === 'lite' && answered);
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
    parts = blueprint ? partsOf(blueprint, row) : null;
  }
  const subject = row.subjectId
    ? await findSubject(ex, row.reviewerShorthand, row.subjectId)
    : null;
  return {
    attemptId: row.id,
    kind,
    reviewer: row.reviewerShorthand,
    title: titleFor(row, { subject: subject?.name ?? null, blueprint: blueprintName }),
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

function partsOf(blueprint: Blueprint, row: AttemptRow) {
  return blueprint.spec.parts
    .map((p) => {
      const count = row.items.filter((i) => i.partId === p.id).length;
      return {
        partId: p.id,
        name: p.name,
        items: count,
        minutes: scaledMinutes(p.minutes, count, p.items),
      };
    })
    .filter((p) => p.items > 0);
}

export async function getAttempt(
  ex: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  now: Date,
): Promise<AttemptState> {
  const row = ownAttempt(await readAttempt(ex, attemptId), userId, reviewer);
  return attemptState(ex, await settleIfExpired(ex, row, now), now);
}

/** Lite: 10 items at random from the reviewer, a subject or a topic; or the missed ones of a finished attempt. */
export async function startLite(
  ex: Db,
  userId: string,
  reviewer: string,
  input: StartLiteRequest,
  now: Date,
): Promise<AttemptState> {
  let questionIds: string[];
  let subjectId: string | null = null;
  if (input.retryOf) {
    const source = ownAttempt(await readAttempt(ex, input.retryOf), userId, reviewer);
    const settled = await settleIfExpired(ex, source, now);
    if (settled.status !== 'submitted') {
      throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.notFinished);
    }
    const answers = await answersOf(ex, source.id);
    const existing = await loadQuestions(
      ex,
      source.items.map((i) => i.questionId),
    );
    // The first ten missed, in the order they were shown; a retry's own summary offers the next.
    questionIds = source.items
      .map((i) => i.questionId)
      .filter((id) => existing.has(id) && answers.get(id)?.isCorrect !== true)
      .slice(0, LITE_QUIZ_SIZE);
    if (questionIds.length === 0) {
      throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.nothingMissed);
    }
    subjectId = source.kind === 'lite' ? source.subjectId : null;
  } else {
    const filter: { subjectId?: string; topicId?: string } = {};
    if (input.topicId) {
      const topic = await findTopic(ex, reviewer, input.topicId);
      if (!topic) throw notFound('No such topic.');
      filter.topicId = topic.id;
      subjectId = topic.subjectId;
    }
    if (input.subjectId) {
      const subject = await findSubject(ex, reviewer, input.subjectId);
      if (!subject) throw notFound('No such subject.');
      if (subjectId && subjectId !== subject.id) throw notFound('No such topic.');
      filter.subjectId = subject.id;
      subjectId = subject.id;
    }
    // Held items stay out of lite quizzes too: a reported item may be wrong.
    const bank = (await listBank(ex, reviewer, filter)).filter((q) => !q.held);
    questionIds = pickLiteItems(
      bank.map((q) => q.id),
      LITE_QUIZ_SIZE,
      randomUUID(),
    );
    if (questionIds.length === 0) throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.noItems);
  }
  const [row] = await ex
    .insert(quizAttempts)
    .values({
      userId,
      reviewerShorthand: reviewer,
      kind: 'lite',
      subjectId,
      items: questionIds.map((questionId) => ({ questionId, partId: null })),
      startedAt: now,
    })
    .returning();
  if (!row) throw new AppError('INTERNAL', 'The quiz was not created.');
  return attemptState(ex, row, now);
}

/** Starts a mock from the reviewer's blueprint, or resumes the unfinished one (its clock running). */
export async function startOrResumeMock(
  ex: Db,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<{ state: AttemptState; resumed: boolean }> {
  const open = await findOpenMock(ex, userId, reviewer, now);
  if (open) return { state: await attemptState(ex, open, now), resumed: true };

  const blueprint = await findBlueprint(ex, reviewer);
  if (!blueprint) throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.noMock);
  const bank = await listBank(ex, reviewer);
  const plan = planMock(blueprint.spec, bank, randomUUID());
  if (plan.totalItems === 0) throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.noItems);
  // The partial unique index allows one open mock per student and reviewer: a double tap or a
  // second device racing here inserts nothing and resumes the one that won.
  const [row] = await ex
    .insert(quizAttempts)
    .values({
      userId,
      reviewerShorthand: reviewer,
      kind: 'mock',
      blueprintId: blueprint.id,
      items: plan.items,
      startedAt: now,
      deadlineAt: new Date(now.getTime() + plan.totalMinutes * 60_000),
    })
    .onConflictDoNothing()
    .returning();
  if (row) return { state: await attemptState(ex, row, now), resumed: false };
  const winner = await findOpenMock(ex, userId, reviewer, now);
  if (!winner) throw new AppError('INTERNAL', 'The mock exam was not created.');
  return { state: await attemptState(ex, winner, now), resumed: true };
}

/** The unfinished mock of this student and reviewer, after settling one whose time ran out. */
export async function findOpenMock(
  ex: Db,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<AttemptRow | null> {
  const [row] = await ex
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.reviewerShorthand, reviewer),
        eq(quizAttempts.kind, 'mock'),
        eq(quizAttempts.status, 'in_progress'),
      ),
    );
  if (!row) return null;
  const settled = await settleIfExpired(ex, row, now);
  return settled.status === 'in_progress' ? settled : null;
}

/**
 * Saves an answer and/or a flag (an idempotent upsert). Lite: the first answer is final and the
 * reveal comes back. Mock: answers may change until the deadline; past it the attempt is submitted
 * and the write refused.
 */
export async function saveAnswer(
  ex: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  questionId: string,
  input: SaveAnswerRequest,
  now: Date,
): Promise<{ item: AttemptItem; serverNow: string }> {
  type Outcome = { error: string } | { item: AttemptItem };
  const outcome = await ex.transaction(async (tx): Promise<Outcome> => {
    const row = ownAttempt(await lockAttempt(tx, attemptId), userId, reviewer);
    if (isExpired(row, now)) {
      await finalize(tx, row, now, true);
      return { error: MESSAGES_QUIZ.timeUp };
    }
    if (row.status === 'submitted') return { error: MESSAGES_QUIZ.submitted };
    if (!row.items.some((i) => i.questionId === questionId)) {
      throw notFound(MESSAGES_QUIZ.notInAttempt);
    }
    const question = (await loadQuestions(tx, [questionId])).get(questionId);
    if (!question) throw notFound(MESSAGES_QUIZ.notInAttempt);
    const [current] = await tx
      .select()
      .from(quizAnswers)
      .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionId, questionId)));
    const values: Partial<AnswerRow> = {};
    if (input.choiceIndex !== undefined) {
      if (input.choiceIndex !== null && input.choiceIndex >= question.choices.length) {
        throw new AppError('INVALID_ARGUMENT', MESSAGES_QUIZ.badChoice);
      }
      const locked = row.kind === 'lite' && current?.choiceIndex != null;
      if (locked && current?.choiceIndex !== input.choiceIndex) {
        throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.answered);
      }
      if (row.kind === 'lite' && input.choiceIndex === null) {
        throw new AppError('INVALID_ARGUMENT', MESSAGES_QUIZ.badChoice);
      }
      if (!locked) {
        values.choiceIndex = input.choiceIndex;
        values.isCorrect =
          input.choiceIndex === null ? null : input.choiceIndex === question.answerIndex;
        values.answeredAt = now;
      }
    }
    if (input.flagged !== undefined) values.flagged = input.flagged;
    if (Object.keys(values).length > 0) {
      await tx
        .insert(quizAnswers)
        .values({ attemptId, questionId, flagged: false, answeredAt: now, ...values })
        .onConflictDoUpdate({
          target: [quizAnswers.attemptId, quizAnswers.questionId],
          set: values,
        });
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
  ex: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  now: Date,
): Promise<AttemptState> {
  const row = await ex.transaction(async (tx) => {
    const locked = ownAttempt(await lockAttempt(tx, attemptId), userId, reviewer);
    if (locked.status === 'submitted') return locked;
    // Past the deadline the answers saved until then count, and it is marked as auto-submitted.
    return finalize(tx, locked, now, isExpired(locked, now));
  });
  return attemptState(ex, row, now);
}
