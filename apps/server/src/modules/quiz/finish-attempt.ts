import {
  addStreakDay,
  attemptTopicActivity,
  decideFinishSitting,
  finishedAt,
  isTimeUp,
  liteResult,
  manilaDayKey,
  manilaDayOfMonth,
  manilaMonthYear,
  mockResult,
  type QuizResult,
  type Sitting,
  sittingPhase,
  sittingsElapsedMs,
  streakRecordId,
} from '@pasado/core';
import type { CarriedWrite, Db, Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { readinessStateWrites } from '../progress/readiness.repository.ts';
import { learnFromAnswers, type ReadinessItem, readinessLearns } from '../progress/readiness.ts';
import { activityWrites, recordActivity } from '../progress/record-activity.ts';
import type { Progress } from '../progress/repository.ts';
import { asKind } from './attempt-access.ts';
import {
  type AttemptClock,
  listRanOutMocks,
  lockAttemptClock,
  markSubmitted,
  updateSittings,
} from './attempts.repository.ts';
import { type FinishState, loadFinishState } from './finish.read-model.ts';
import {
  insertMockStreak,
  lockMockStreakDays,
  updateMockStreakDays,
} from './mock-streaks.repository.ts';

/**
 * Quiz attempts (issue 4 "Lite quiz", "Mock exam"). The mock's clock is `deadlineAt`, fixed at the
 * start; every read or write of an attempt past it finalises the attempt first (auto-submit), so a
 * closed tab, a lost connection or a server restart never stops the clock. A mock in sittings
 * (issue 12 item 4, core sittings.ts) keeps `deadlineAt` as the running sitting's: past it, that
 * sitting ends, and the mock is submitted only when it was the last.
 */
/** The attempt's clock row, locked until the transaction ends, or 404. */
export async function lockedClock(tx: Tx, attemptId: string): Promise<AttemptClock> {
  const locked = await lockAttemptClock(tx, attemptId);
  if (!locked) throw notFound('No such quiz.');
  return locked;
}

/**
 * Finishes an attempt in the caller's transaction (the attempt row locked): scores it, records
 * progress (recordActivity: topic stats, gems, streak, leaderboard), marks the mock streak day,
 * and lets the student model learn from the answers (issue 23). Reads once, in one statement, what
 * all of it is decided on (`loadFinishState`: the items without their content — issue 10: scoring
 * needs parts, answers and topics; a submit's reply takes it from the kept fragments, ADR 038 —,
 * the items' facts, the model, the blueprint), and writes the model with the attempt's mark
 * (issue 25, ADR 031).
 */
export async function finalize(
  tx: Tx,
  row: AttemptClock & { ownerProgress?: Progress },
  now: Date,
  how: {
    autoSubmitted: boolean;
    /** The time studied when it is not start to now (an offline lite quiz, issue 11). */
    studyMs?: number;
    /** Read what a reply built from this finish needs besides its items (ADR 038). */
    forReply?: boolean;
  },
): Promise<FinishedAttempt> {
  const { autoSubmitted, studyMs } = how;
  const kind = asKind(row.kind);
  // A mock whose time ran out before anyone looked was finished at its deadline (in sittings, the
  // last sitting's, the attempt's while it runs): its submission, its activity (the Manila day's
  // awards, the streak, the boards) and its mock streak day are that moment's, not the day it was
  // next opened (docs/product.md#mock-exam, #today). The model learns at `now`, after whatever it
  // learnt since.
  const at = finishedAt(row, now);
  // The owner's row locked with the attempt: the activity's state rides in the finish's one read.
  const state = await loadFinishState(tx, row, at, {
    withActivity: row.ownerProgress !== undefined,
    forReply: how.forReply === true,
  });
  if (!state) throw new AppError('INTERNAL', 'The attempt vanished while submitting.');
  const rows = state.items;
  const items = rows.map((r) => ({ questionId: r.questionId, partId: r.partId }));
  const answers = new Map(rows.flatMap((r) => (r.answer ? [[r.questionId, r.answer]] : [])));
  const questions = new Map(
    rows.flatMap((r) => (r.facts ? [[r.questionId, { topicId: r.facts.topicId }]] : [])),
  );
  const scored = items.map((i) => ({
    partId: i.partId,
    isCorrect: answers.get(i.questionId)?.isCorrect ?? null,
  }));
  let result: QuizResult;
  if (kind === 'mock') {
    if (!state.blueprint) throw new AppError('INTERNAL', 'The blueprint of this mock is gone.');
    result = mockResult(state.blueprint.spec, scored, autoSubmitted);
  } else {
    result = liteResult(scored, autoSubmitted);
  }

  // A lite set submitted on a later Manila day than its last answer counts that answer's day, and
  // its time studied ends there: the days it lay open were not spent on it.
  const activityAt = kind === 'lite' ? liteActivityAt(rows, at) : at;
  const topics = attemptTopicActivity({
    items,
    answers,
    topics: questions,
    startedAt: row.startedAt,
    deadlineAt: row.deadlineAt,
    now: activityAt === at ? now : activityAt,
    // In sittings the breaks between them are not time studied.
    ...(row.sittings ? { elapsedMs: sittingsElapsedMs(row.sittings, now) } : {}),
    ...(studyMs === undefined ? {} : { elapsedMs: studyMs }),
  });
  // A lite set or mock counts the Manila day only with an item answered (docs/product.md#streaks),
  // as a drill needs an answer and a study session a card reviewed: a set started and submitted
  // at once, or a mock left to run out untouched, would otherwise keep a streak for nothing.
  const answered = rows.some((r) => r.answer?.choiceIndex != null);
  const activity = { topics, gems: result.gemsEarned, drillPoints: 0, finished: answered };
  // With the owner's row locked and the activity's state read under it, the activity's writes and
  // the scores ride in the mark's statement (ADR 037); otherwise they are recorded on their own,
  // as they are when the state was read for a later day than the activity's.
  const carried =
    row.ownerProgress && state.activity && activityAt === at
      ? activityWrites(row.userId, activity, at, row.ownerProgress, state.activity)
      : null;
  const outcome =
    carried?.outcome ??
    (await recordActivity(tx, row.userId, activity, activityAt, row.ownerProgress, undefined));
  // The day's cap may have awarded less than the answers earned (issue 21): the result says what
  // the student got.
  result = { ...result, gemsEarned: outcome.gemsAdded };
  if (kind === 'mock') await markMockStreakDay(tx, row.userId, at);

  const updated = await markSubmitted(
    tx,
    row.id,
    {
      submittedAt: at,
      settledAt: now,
      result,
      gemsEarned: result.gemsEarned,
      ...(row.sittings ? { sittings: row.sittings } : {}),
    },
    [readinessWrites(row, state, kind, now), ...(carried?.writes ?? [])],
    carried?.notice,
  );
  if (!updated) throw new AppError('INTERNAL', 'The attempt vanished while submitting.');
  return { state, result, submittedAt: at };
}

/**
 * The moment a lite set's activity counts at: its last answer's, when that was on an earlier
 * Manila day than the submit (docs/product.md#streaks); else `at`, the same object. A lite set has
 * no deadline, so counted on arrival, one item answered in each of 30 sets on Monday and a set
 * submitted a day after kept a 30-day streak without study, and billed Monday's answers and gems
 * to later days' caps. As a drill finished late (core `finishedAt`), its answers, gems and streak
 * day are then that day's, under its caps. An offline set's answer times are on the server's
 * clock already (core `onServerClock`, when it was stored), so they are taken as they are.
 */
function liteActivityAt(rows: FinishState['items'], at: Date): Date {
  let last: Date | null = null;
  for (const { answer } of rows) {
    if (answer?.choiceIndex == null) continue;
    if (!last || answer.answeredAt > last) last = answer.answeredAt;
  }
  return last && manilaDayKey(last) < manilaDayKey(at) ? last : at;
}

/** What `finalize` read and decided: enough to answer with the submitted attempt (ADR 038). */
export type FinishedAttempt = { state: FinishState; result: QuizResult; submittedAt: Date };

/**
 * The answers are final now: the student model learns from them (issue 23; `recordReadiness`'s
 * update, from what `loadFinishState` read under the owner's lock), written by the mark's
 * statement; null when it learns nothing (no answer and not a mock, or no valid blueprint).
 * (`bench:exam` times it, issue 23 item 7.)
 */
export function readinessWrites(
  row: AttemptClock,
  state: FinishState,
  kind: 'lite' | 'mock',
  now: Date,
): CarriedWrite | null {
  const answers = state.items.flatMap((r) =>
    typeof r.answer?.isCorrect === 'boolean'
      ? [{ questionId: r.questionId, correct: r.answer.isCorrect }]
      : [],
  );
  const fullMock = kind === 'mock';
  if (!readinessLearns(answers, fullMock) || !state.blueprint) return null;
  const facts = new Map<string, ReadinessItem>();
  for (const item of state.items) if (item.facts) facts.set(item.questionId, item.facts);
  const { model, histories } = learnFromAnswers({
    model: state.model,
    spec: state.blueprint.spec,
    major: state.major,
    items: facts,
    answers,
    fullMock,
    chosen: row.forYou,
    now,
  });
  return readinessStateWrites({
    userId: row.userId,
    reviewer: row.reviewerShorthand,
    model,
    histories,
    now,
  });
}

/**
 * Ends what is running, in the caller's transaction (the attempt row locked): an attempt on one
 * clock is submitted; in sittings the running sitting ends (at its deadline when its time is up)
 * and the mock is submitted only when it was the last (core `decideFinishSitting`).
 */
export async function endRunning(tx: Tx, row: AttemptClock, now: Date): Promise<void> {
  if (!row.sittings) {
    await finalize(tx, row, now, { autoSubmitted: isTimeUp(row, now) });
    return;
  }
  const phase = sittingPhase(row.sittings);
  if (phase.kind !== 'running') return;
  await endSitting(tx, row, row.sittings, phase.index, now);
}

/** Ends sitting `index` as core decided (the last one submits the mock); false when refused. */
export async function endSitting(
  tx: Tx,
  row: AttemptClock,
  sittings: Sitting[],
  index: number,
  now: Date,
): Promise<boolean> {
  const decision = decideFinishSitting(sittings, index, now);
  if (decision.kind === 'refuse') return false;
  if (decision.kind === 'keep') return true;
  if (decision.last) {
    await finalize(tx, { ...row, sittings: decision.sittings }, now, {
      autoSubmitted: decision.autoSubmitted,
    });
  } else {
    await updateSittings(tx, row.id, { sittings: decision.sittings, deadlineAt: null });
  }
  return true;
}

/** docs/product.md#entities mockExamStreakList: the Manila days of this month with a submitted mock. */
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
 * Settles the student's mocks whose time ran out unseen, each in its own transaction, earliest
 * first: called before anything else records a streak day, with no lock held. Such a mock was
 * finished at its deadline (docs/product.md#mock-exam), but the streak cannot go back to a day
 * before its last one (core `extendStreak`): settled after a later day's activity, its day was
 * lost, or covered by a freeze spent for nothing.
 */
export async function settleRanOutMocks(db: Db, userId: string, now: Date): Promise<void> {
  for (const id of await listRanOutMocks(db, userId, now)) await settleExpired(db, id, now);
}

/**
 * Finalises an attempt whose time is up, in its own transaction (re-checked under the lock so two
 * requests at the deadline submit once).
 */
export async function settleExpired(db: Db, attemptId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockedClock(tx, attemptId);
    if (isTimeUp(locked, now)) await endRunning(tx, locked, now);
  });
}
