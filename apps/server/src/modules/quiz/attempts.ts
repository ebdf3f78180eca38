import { randomUUID } from 'node:crypto';
import {
  type AttemptItem,
  type AttemptKind,
  type AttemptSitting,
  type AttemptState,
  addStreakDay,
  attemptParts,
  attemptTitle,
  attemptTopicActivity,
  type BlueprintSpec,
  decideFinishSitting,
  decideStartSitting,
  isTimeUp,
  LITE_QUIZ_SIZE,
  liteResult,
  type MockPlan,
  manilaDayKey,
  manilaDayOfMonth,
  manilaMonthYear,
  mockDeadline,
  mockResult,
  pickLiteItems,
  planMock,
  planSittings,
  type QuizResult,
  retryItemIds,
  revealsAnswer,
  type Sitting,
  type StartLiteRequest,
  sittingPhase,
  sittingsElapsedMs,
  streakRecordId,
  visiblePartIds,
} from '@pasado/core';
import type { Db, Executor, Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { requireSubscriptionAccess } from '../account/content-access.ts';
import { findBlueprint, findSubject, findTopic, listBank } from '../content/bank.repository.ts';
import { majorChoice } from '../content/offers.ts';
import { ownReportedItems } from '../content/reported-items.ts';
import { noReviewerAccess, requireReviewerAccess } from '../content/reviewers.ts';
import { recordActivity } from '../progress/record-activity.ts';
import type { Progress } from '../progress/repository.ts';
import { rememberAttempt } from './answer-memory.ts';
import { lockAttemptAndOwner } from './attempt-lock.read-model.ts';
import {
  type AttemptResume,
  type AttemptView,
  type ItemKey,
  loadAttemptItemRows,
  loadAttemptItems,
  loadAttemptResume,
} from './attempt-view.read-model.ts';
import {
  type AttemptClock,
  type AttemptHeader,
  insertAttempt,
  insertMockUnlessOpen,
  loadAttemptHeader,
  loadOpenMockHeader,
  lockAttemptClock,
  markSubmitted,
  type SavedAnswer,
  updateSittings,
} from './attempts.repository.ts';
import { contentFragments } from './item-content-cache.ts';
import { reviewerBank } from './lite-bank-cache.ts';
import { loadLiteDrawContext } from './lite-draw.read-model.ts';
import {
  insertMockStreak,
  lockMockStreakDays,
  updateMockStreakDays,
} from './mock-streaks.repository.ts';
import { listSeenQuestionIds } from './seen.repository.ts';

/**
 * Quiz attempts (issue 4 "Lite quiz", "Mock exam"). The mock's clock is `deadlineAt`, fixed at the
 * start; every read or write of an attempt past it finalises the attempt first (auto-submit), so a
 * closed tab, a lost connection or a server restart never stops the clock. A mock in sittings
 * (issue 12 item 4, core sittings.ts) keeps `deadlineAt` as the running sitting's: past it, that
 * sitting ends, and the mock is submitted only when it was the last.
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
  chooseMajor: 'Choose your major first: the mock draws its Specialization from it.',
  sittingTimeUp: 'Time is up: this part was submitted.',
  sittingEnded: 'This part is finished: its answers can no longer change.',
  sittingNotStarted: 'This part has not started yet.',
  sittingRunning: 'Finish the part you are taking first.',
  sittingOutOfOrder: 'Take the parts in order.',
  inSittings: 'This exam is taken in parts: finish each part in turn.',
  noSitting: 'No such part.',
} as const;

export const asKind = (kind: string): AttemptKind => (kind === 'mock' ? 'mock' : 'lite');

/** The attempt of this user under this reviewer, or 404 (someone else's attempt is not found). */
export function ownAttempt<T extends Pick<AttemptHeader, 'userId' | 'reviewerShorthand' | 'kind'>>(
  row: T | null,
  userId: string,
  reviewer: string,
): T {
  if (!row || row.userId !== userId || row.reviewerShorthand !== reviewer || row.kind === 'drill') {
    throw notFound('No such quiz.');
  }
  return row;
}

/** The attempt's clock row, locked until the transaction ends, or 404. */
async function lockedClock(tx: Tx, attemptId: string): Promise<AttemptClock> {
  const locked = await lockAttemptClock(tx, attemptId);
  if (!locked) throw notFound('No such quiz.');
  return locked;
}

/**
 * Runs `change` in one transaction on this student's attempt, its clock row locked (404 for
 * another's), then replies with the attempt's state: the frame of every change to a running quiz.
 */
async function changeOwnAttempt(
  db: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  now: Date,
  change: (tx: Tx, locked: AttemptClock) => Promise<void>,
): Promise<AttemptReply> {
  await db.transaction(async (tx) => {
    // The owner's row too: a change that finishes the attempt records their progress under it.
    await change(tx, ownAttempt(await lockAttemptAndOwner(tx, attemptId), userId, reviewer));
  });
  return stateOf(db, attemptId, now);
}

/**
 * Finishes an attempt in the caller's transaction (the attempt row locked): scores it, records
 * progress (recordActivity: topic stats, gems, streak, leaderboard), marks the mock streak day.
 * Reads the items once, without their content (issue 10: scoring needs parts, answers and topics).
 * `studyMs`: the time studied when it is not start to now (an offline lite quiz, issue 11).
 */
export async function finalize(
  tx: Tx,
  row: AttemptClock & { ownerProgress?: Progress },
  now: Date,
  autoSubmitted: boolean,
  studyMs?: number,
): Promise<void> {
  const kind = asKind(row.kind);
  const rows = await loadAttemptItemRows(tx, row.id, { withKeys: false });
  const items = rows.map((r) => ({ questionId: r.questionId, partId: r.partId }));
  const answers = new Map(rows.flatMap((r) => (r.answer ? [[r.questionId, r.answer]] : [])));
  const questions = new Map(
    rows.flatMap((r) => (r.question ? [[r.questionId, { topicId: r.question.topicId }]] : [])),
  );
  const scored = items.map((i) => ({
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
    items,
    answers,
    topics: questions,
    startedAt: row.startedAt,
    deadlineAt: row.deadlineAt,
    now,
    // In sittings the breaks between them are not time studied.
    ...(row.sittings ? { elapsedMs: sittingsElapsedMs(row.sittings, now) } : {}),
    ...(studyMs === undefined ? {} : { elapsedMs: studyMs }),
  });
  const outcome = await recordActivity(
    tx,
    row.userId,
    { topics, gems: result.gemsEarned, drillPoints: 0, finished: true },
    now,
    row.ownerProgress,
  );
  // The day's cap may have awarded less than the answers earned (issue 21): the result says what
  // the student got.
  result = { ...result, gemsEarned: outcome.gemsAdded };
  if (kind === 'mock') await markMockStreakDay(tx, row.userId, now);

  const updated = await markSubmitted(tx, row.id, {
    submittedAt: now,
    result,
    gemsEarned: result.gemsEarned,
    ...(row.sittings ? { sittings: row.sittings } : {}),
  });
  if (!updated) throw new AppError('INTERNAL', 'The attempt vanished while submitting.');
}

/**
 * Ends what is running, in the caller's transaction (the attempt row locked): an attempt on one
 * clock is submitted; in sittings the running sitting ends (at its deadline when its time is up)
 * and the mock is submitted only when it was the last (core `decideFinishSitting`).
 */
export async function endRunning(tx: Tx, row: AttemptClock, now: Date): Promise<void> {
  if (!row.sittings) return finalize(tx, row, now, isTimeUp(row, now));
  const phase = sittingPhase(row.sittings);
  if (phase.kind !== 'running') return;
  await endSitting(tx, row, row.sittings, phase.index, now);
}

/** Ends sitting `index` as core decided (the last one submits the mock); false when refused. */
async function endSitting(
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
    await finalize(tx, { ...row, sittings: decision.sittings }, now, decision.autoSubmitted);
  } else {
    await updateSittings(tx, row.id, { sittings: decision.sittings, deadlineAt: null });
  }
  return true;
}

/** The refusal of a write past the deadline: the whole mock, or in sittings only that part. */
export function timeUpMessage(attempt: Pick<AttemptClock, 'sittings'>): string {
  const { sittings } = attempt;
  if (!sittings) return MESSAGES_QUIZ.timeUp;
  const phase = sittingPhase(sittings);
  return phase.kind === 'running' && phase.index < sittings.length - 1
    ? MESSAGES_QUIZ.sittingTimeUp
    : MESSAGES_QUIZ.timeUp;
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
 * Finalises an attempt whose time is up, in its own transaction (re-checked under the lock so two
 * requests at the deadline submit once).
 */
export async function settleExpired(db: Db, attemptId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockedClock(tx, attemptId);
    if (isTimeUp(locked, now)) await endRunning(tx, locked, now);
  });
}

/**
 * One item as the client may see it: the key, the rationale and the correctness only once core's
 * `revealsAnswer` allows. The one view of an item, for a whole attempt and for one saved answer.
 */
export function itemView(
  kind: AttemptKind,
  submitted: boolean,
  item: { questionId: string; partId: string | null },
  question: {
    topicName: string;
    stem: string;
    choices: string[];
    key: ItemKey | null;
  },
  answer: Pick<SavedAnswer, 'choiceIndex' | 'flagged' | 'isCorrect'> | null,
): AttemptItem {
  const answered = answer?.choiceIndex != null;
  const reveal = revealsAnswer(kind, submitted, answered);
  if (reveal && !question.key) throw new AppError('INTERNAL', 'The key of an item was not read.');
  return {
    questionId: item.questionId,
    partId: item.partId,
    topicName: question.topicName,
    stem: question.stem,
    choices: question.choices,
    choiceIndex: answer?.choiceIndex ?? null,
    flagged: answer?.flagged ?? false,
    isCorrect: reveal ? (answer?.isCorrect ?? false) : null,
    reveal:
      reveal && question.key
        ? {
            answerIndex: question.key.answerIndex,
            rationale: question.key.rationale,
            distractorNotes: question.key.distractorNotes,
          }
        : null,
  };
}

/**
 * The attempt as the client may see it, from its view and one read of its items (issue 10: keys
 * and rationales are read only when something may be revealed: never for a mock in progress).
 */
async function attemptState(ex: Executor, view: AttemptView, now: Date): Promise<AttemptState> {
  const kind = asKind(view.kind);
  const submitted = view.status === 'submitted';
  const rows = await loadAttemptItemRows(ex, view.id, {
    withKeys: revealsAnswer(kind, submitted, true),
  });
  const visible = visiblePartIds(view.sittings, submitted);
  const items: AttemptItem[] = [];
  for (const row of rows) {
    if (visible && !(row.partId !== null && visible.has(row.partId))) continue;
    // A question deleted from the bank since simply drops out of the view.
    if (row.question) items.push(itemView(kind, submitted, row, row.question, row.answer));
  }
  const answered = new Set(
    rows.flatMap((r) => (r.answer?.choiceIndex != null ? [r.questionId] : [])),
  );
  return {
    ...stateHead(view, kind, now, rows, answered),
    items,
    result: submitted ? (view.result as QuizResult | null) : null,
  };
}

/** Everything the client sees of an attempt but its items and result: one shape for both paths. */
function stateHead(
  view: AttemptView,
  kind: AttemptKind,
  now: Date,
  items: readonly { questionId: string; partId: string | null }[],
  answered: ReadonlySet<string>,
): Omit<AttemptState, 'items' | 'result'> {
  return {
    attemptId: view.id,
    kind,
    reviewer: view.reviewerShorthand,
    title: attemptTitle(kind, {
      subject: view.subjectName,
      blueprint: kind === 'mock' ? (view.blueprint?.name ?? null) : null,
    }),
    status: view.status,
    startedAt: view.startedAt.toISOString(),
    deadlineAt: view.deadlineAt?.toISOString() ?? null,
    serverNow: now.toISOString(),
    parts: kind === 'mock' && view.blueprint ? attemptParts(view.blueprint.spec, items) : null,
    sittings: sittingViews(view, items, answered),
  };
}

/**
 * A mock's sittings as the screen shows them (`attemptSittingSchema`): numbered from 1, named after
 * their parts, with their items and how many hold an answer.
 */
function sittingViews(
  view: Pick<AttemptView, 'sittings' | 'blueprint'>,
  items: readonly { questionId: string; partId: string | null }[],
  answered: ReadonlySet<string>,
): AttemptSitting[] | null {
  if (!view.sittings) return null;
  const names = new Map((view.blueprint?.spec.parts ?? []).map((p) => [p.id, p.name]));
  return view.sittings.map((s, i) => {
    const own = items.filter((item) => item.partId !== null && s.partIds.includes(item.partId));
    return {
      number: i + 1,
      partIds: s.partIds,
      name: s.partIds.map((id) => names.get(id) ?? id).join(', '),
      items: own.length,
      answered: own.filter((item) => answered.has(item.questionId)).length,
      minutes: s.minutes,
      startedAt: s.startedAt,
      deadlineAt: s.deadlineAt,
      submittedAt: s.submittedAt,
    };
  });
}

/**
 * An attempt state the database serialised (the contract's `attemptStateSchema` shape): the route
 * sends it as it is. Built only when no item may be revealed (a mock in progress, the exam-night
 * resume); tests hold it to the object path's result.
 */
export class SerializedAttemptState {
  /** UTF-8 JSON. */
  constructor(readonly body: Buffer) {}
}

/** The closing of an unrevealed item, for each choice saved (null, 0–5) and flag (tests: 6 choices at most). */
const itemTails = new Map<string, Buffer>();
function itemTail(partId: string | null, choiceIndex: number | null, flagged: boolean): Buffer {
  const key = `${choiceIndex}|${flagged}|${partId}`;
  let tail = itemTails.get(key);
  if (!tail) {
    // attemptItemSchema with nothing revealed: isCorrect and reveal null (core revealsAnswer).
    tail = Buffer.from(
      `"partId":${JSON.stringify(partId)},"choiceIndex":${JSON.stringify(choiceIndex)},"flagged":${flagged},"isCorrect":null,"reveal":null}`,
    );
    // Parts are a blueprint's few: bounded in practice; a guard all the same.
    if (itemTails.size > 10_000) itemTails.clear();
    itemTails.set(key, tail);
  }
  return tail;
}
const COMMA = Buffer.from(',');
export type AttemptReply = AttemptState | SerializedAttemptState;

/**
 * The attempt for the client. When core's `revealsAnswer` shows nothing of any item, answered or
 * not (a mock in progress: the exam-night resume), it is serialised here from the answers and the
 * questions' cached fragments; otherwise the object path reads keys and rationales.
 */
async function attemptReply(db: Db, view: AttemptResume, now: Date): Promise<AttemptReply> {
  // The saves that follow a start or a resume are decided on it (save-answer.ts).
  rememberAttempt(db, view);
  const kind = asKind(view.kind);
  const submitted = view.status === 'submitted';
  // An answered item may show its key (a lite set: issue 25, a new one has none answered yet).
  const anyAnswered = view.answers.some(([, choiceIndex]) => choiceIndex !== null);
  if (
    revealsAnswer(kind, submitted, false) ||
    (anyAnswered && revealsAnswer(kind, submitted, true))
  ) {
    return attemptState(db, view, now);
  }
  const fragments = await contentFragments(
    db,
    view.items.map((i) => i.questionId),
    view.contentVersion,
  );
  const answers = new Map(view.answers.map(([questionId, ...rest]) => [questionId, rest]));
  const visible = visiblePartIds(view.sittings, submitted);
  const items: Buffer[] = [];
  for (const item of view.items) {
    if (visible && !(item.partId !== null && visible.has(item.partId))) continue;
    const opening = fragments.get(item.questionId);
    // A question deleted from the bank since simply drops out of the view (as attemptState).
    if (!opening) continue;
    const [choiceIndex = null, flagged = false] = answers.get(item.questionId) ?? [];
    if (items.length > 0) items.push(COMMA);
    items.push(opening, itemTail(item.partId, choiceIndex, flagged));
  }
  const answered = new Set(
    view.answers.flatMap(([id, choiceIndex]) => (choiceIndex !== null ? [id] : [])),
  );
  const head: Omit<AttemptState, 'items'> = {
    ...stateHead(view, kind, now, view.items, answered),
    result: null,
  };
  const json = JSON.stringify(head);
  return new SerializedAttemptState(
    Buffer.concat([Buffer.from(`${json.slice(0, -1)},"items":[`), ...items, Buffer.from(']}')]),
  );
}

/** What a route does to one of the student's attempts, answering with the attempt's state. */
type AttemptAction = (
  db: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  now: Date,
) => Promise<AttemptReply>;

/** The attempt read afresh for the client (after it was created or submitted). */
export async function stateOf(db: Db, attemptId: string, now: Date): Promise<AttemptReply> {
  const view = await loadAttemptResume(db, attemptId);
  if (!view) throw notFound('No such quiz.');
  return attemptReply(db, view, now);
}

/**
 * Resume: the attempt, finalised first when its time is up (a closed tab never stops the clock).
 * Issue 10: the grant is read in the same statement; refused (403) without it before anything
 * else, like every route under the reviewer.
 */
export const getAttempt: AttemptAction = async (db, userId, reviewer, attemptId, now) => {
  const read = await loadAttemptResume(db, attemptId);
  const own = read && read.userId === userId && read.reviewerShorthand === reviewer;
  // Not the caller's own: their grant decides between 403 and 404, as on every route.
  if (!own) await requireReviewerAccess(db, userId, reviewer);
  if (own && !read.ownerGranted) throw noReviewerAccess();
  const view = ownAttempt(read, userId, reviewer);
  // An open mock may be finished on the grant alone (issue 21): the exam-night resume reads
  // nothing more. Anything else shown (a lite set, a review with keys) is content.
  if (view.kind !== 'mock' || view.status === 'submitted') {
    await requireSubscriptionAccess(db, userId, now);
  }
  if (!isTimeUp(view, now)) return attemptReply(db, view, now);
  await settleExpired(db, attemptId, now);
  return stateOf(db, attemptId, now);
};

/** Lite: 10 items at random from the reviewer, a subject or a topic; or the missed ones of a finished attempt. */
export async function startLite(
  db: Db,
  userId: string,
  reviewer: string,
  input: StartLiteRequest,
  now: Date,
): Promise<AttemptReply> {
  let questionIds: string[];
  let subjectId: string | null = null;
  if (input.retryOf) {
    let source = ownAttempt(await loadAttemptHeader(db, input.retryOf), userId, reviewer);
    if (isTimeUp(source, now)) {
      await settleExpired(db, source.id, now);
      source = ownAttempt(await loadAttemptHeader(db, source.id), userId, reviewer);
    }
    if (source.status !== 'submitted') {
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
    // Held items stay out of lite quizzes too: a reported item may be wrong; so do the ones this
    // student reported, at once (issue 21). The bank as this process remembers it at the content
    // version (issue 25), the holds and reports read afresh.
    const draw = await loadLiteDrawContext(db, userId);
    const all = await reviewerBank(db, reviewer, draw.contentVersion);
    const bank = all.filter(
      (q) =>
        (filter.subjectId === undefined || q.subjectId === filter.subjectId) &&
        (filter.topicId === undefined || q.topicId === filter.topicId) &&
        !draw.held.has(q.id) &&
        !draw.reported.has(q.id),
    );
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
  return stateOf(db, row.id, now);
}

/**
 * Starts a mock from the reviewer's blueprint, or resumes the unfinished one (its clock running).
 * The caller checked the grant; starting also needs the subscription, resuming does not.
 */
export async function startOrResumeMock(
  db: Db,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<{ state: AttemptReply; resumed: boolean }> {
  const open = await findOpenMock(db, userId, reviewer, now);
  if (open) return { state: await stateOf(db, open.id, now), resumed: true };
  // A new mock is a new attempt: it needs a subscription that gives access now (issue 21).
  await requireSubscriptionAccess(db, userId, now);

  const blueprint = await findBlueprint(db, reviewer);
  if (!blueprint) throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.noMock);
  const [all, seen, major, reported] = await Promise.all([
    listBank(db, reviewer),
    listSeenQuestionIds(db, userId),
    majorChoice(db, userId, reviewer, blueprint.spec),
    ownReportedItems(db, userId),
  ]);
  // The items this student reported are held for them at once (issue 21).
  const bank = all.map((q) => (reported.has(q.id) ? { ...q, held: true } : q));
  if (major && major.current === null)
    throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.chooseMajor);
  const plan = planMock(blueprint.spec, bank, randomUUID(), {
    seen,
    major: major?.current ?? null,
  });
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
    ...mockClock(blueprint.spec, plan, now),
  });
  if (row) return { state: await stateOf(db, row.id, now), resumed: false };
  const winner = await findOpenMock(db, userId, reviewer, now);
  if (!winner) throw new AppError('INTERNAL', 'The mock exam was not created.');
  return { state: await stateOf(db, winner.id, now), resumed: true };
}

/**
 * A new mock's clock (issue 12 item 4): in sittings (core `planSittings`), the first sitting runs
 * and the attempt's deadline is its; otherwise one deadline for all the planned minutes.
 */
function mockClock(
  spec: BlueprintSpec,
  plan: MockPlan,
  now: Date,
): { deadlineAt: Date; sittings: Sitting[] | null } {
  const sittings = planSittings(spec, plan, now);
  const first = sittings?.[0]?.deadlineAt;
  return {
    deadlineAt: first ? new Date(first) : mockDeadline(now, plan.totalMinutes),
    sittings,
  };
}

/** The unfinished mock of this student and reviewer, after settling one whose time ran out. */
export async function findOpenMock(
  db: Db,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<AttemptHeader | null> {
  const row = await loadOpenMockHeader(db, userId, reviewer);
  if (!row || !isTimeUp(row, now)) return row;
  // Its time is up: submitted now (or by whoever got there first), so nothing is open; in
  // sittings only the running sitting may have ended, and the mock waits for the next one.
  await settleExpired(db, row.id, now);
  return row.sittings ? loadOpenMockHeader(db, userId, reviewer) : null;
}

/**
 * Submits (idempotent: a second submit returns the same result). A mock in sittings is submitted
 * by ending its last sitting: here only while that one runs, else refused (each part in turn).
 */
export const submitAttempt: AttemptAction = (db, userId, reviewer, attemptId, now) =>
  changeOwnAttempt(db, userId, reviewer, attemptId, now, async (tx, locked) => {
    if (locked.status === 'submitted') return;
    if (locked.sittings) {
      const phase = sittingPhase(locked.sittings);
      if (phase.kind !== 'running' || phase.index !== locked.sittings.length - 1) {
        throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.inSittings);
      }
    }
    // Past the deadline the answers saved until then count, and it is marked as auto-submitted.
    await endRunning(tx, locked, now);
  });

/** The sittings of this student's mock and the index of sitting `number` (1-based), or 404. */
function sittingOf(row: AttemptClock, number: number): { sittings: Sitting[]; index: number } {
  const sittings = row.sittings;
  if (!sittings || number < 1 || number > sittings.length) throw notFound(MESSAGES_QUIZ.noSitting);
  return { sittings, index: number - 1 };
}

/** What a route does to sitting `number` of a student's mock in sittings: finish it or start it. */
function sittingAction(
  change: (tx: Tx, locked: AttemptClock, number: number, now: Date) => Promise<void>,
) {
  return (
    db: Db,
    userId: string,
    reviewer: string,
    attemptId: string,
    number: number,
    now: Date,
  ): Promise<AttemptReply> =>
    changeOwnAttempt(db, userId, reviewer, attemptId, now, (tx, locked) =>
      change(tx, locked, number, now),
    );
}

/**
 * "Finish Part n" of a mock in sittings (issue 12 item 4): ends that sitting now (at its deadline
 * when its time is up); the last one submits the mock and rates it. Idempotent: a sitting already
 * ended (a retry, another device, its time ran out) is left as it is. Refused for a sitting not yet
 * started.
 */
export const finishSitting = sittingAction(async (tx, locked, number, now) => {
  const { sittings, index } = sittingOf(locked, number);
  if (locked.status === 'submitted') return;
  if (!(await endSitting(tx, locked, sittings, index, now))) {
    throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.sittingNotStarted);
  }
});

/**
 * "Start Part n" of a mock in sittings: its own clock of its own minutes starts now, only once
 * every earlier sitting has ended (a running one past its deadline ends first). Idempotent: a
 * sitting already started is left running on its clock.
 */
export const startSitting = sittingAction(async (tx, owned, number, now) => {
  let locked = owned;
  sittingOf(locked, number);
  if (isTimeUp(locked, now)) {
    await endRunning(tx, locked, now);
    locked = await lockedClock(tx, locked.id);
  }
  const { sittings, index } = sittingOf(locked, number);
  const decision = decideStartSitting(sittings, index, now);
  if (decision.kind === 'keep') return;
  if (locked.status === 'submitted') {
    throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.submitted);
  }
  if (decision.kind === 'refuse') {
    const message =
      decision.reason === 'running'
        ? MESSAGES_QUIZ.sittingRunning
        : MESSAGES_QUIZ.sittingOutOfOrder;
    throw new AppError('FAILED_PRECONDITION', message);
  }
  await updateSittings(tx, locked.id, {
    sittings: decision.sittings,
    deadlineAt: decision.deadlineAt,
  });
});
