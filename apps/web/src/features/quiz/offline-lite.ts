import type { AttemptItem, AttemptState, OfflineLiteItem, OfflineLitePool } from '@pasado/core';
import {
  attemptTitle,
  decideAnswer,
  LITE_QUIZ_SIZE,
  liteResult,
  pickOfflineLiteItems,
  rememberAnswered,
} from '@pasado/core/rules';
import { readContent } from '../../lib/offline/content-store.ts';
import { liteOfflineSource } from '../../lib/offline/lite-source.ts';
import { enqueue } from '../../lib/offline/outbox.ts';
import { quizPath } from './api/quiz-path.ts';
import {
  type OfflineLiteRecord,
  pruneOfflineLite,
  writeOfflineLite,
} from './offline-lite-record.ts';

/**
 * A lite quiz with no connection (issue 11 deliverable 3; ADR 019): drawn from the pool the device
 * keeps (lib/offline/lite-source.ts), graded on the device with the online rules (core
 * `decideAnswer`, `liteResult`) so the rationale shows at once, and sent through the outbox when it
 * is finished. The server grades it again; only its grading earns gems.
 */

export const NO_POOL_TEXT = 'No quiz items on this phone yet. Connect once to download them.';

export class NoOfflinePool extends Error {
  constructor() {
    super(NO_POOL_TEXT);
  }
}

const RECENT_PREFIX = 'pasado.lite.recent.';
const recentKey = (uid: string, reviewer: string) => `${RECENT_PREFIX}${uid}.${reviewer}`;

function readRecent(uid: string, reviewer: string): string[] {
  try {
    return JSON.parse(localStorage.getItem(recentKey(uid, reviewer)) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/** Remembers items answered on this device (online or offline), so the next offline quiz is fresh. */
export function rememberLiteAnswers(uid: string, reviewer: string, ids: readonly string[]): void {
  try {
    const next = rememberAnswered(readRecent(uid, reviewer), ids);
    localStorage.setItem(recentKey(uid, reviewer), JSON.stringify(next));
  } catch {
    // Private mode: the next quiz is drawn without it.
  }
}

const REPORTED_PREFIX = 'pasado.lite.reported.';
/** Reported items remembered: more than a student reports before staff act on them. */
const REPORTED_KEPT = 200;

function readReported(uid: string): string[] {
  try {
    return JSON.parse(localStorage.getItem(`${REPORTED_PREFIX}${uid}`) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/**
 * Remembers an item the student reported, so their offline quizzes leave it out at once, as the
 * server's draws do (issue 21 finding 2); the kept pool is the same for every student.
 */
export function rememberReported(uid: string, questionId: string): void {
  try {
    const next = [...readReported(uid).filter((id) => id !== questionId), questionId];
    localStorage.setItem(`${REPORTED_PREFIX}${uid}`, JSON.stringify(next.slice(-REPORTED_KEPT)));
  } catch {
    // Private mode: the server's draws still leave it out.
  }
}

/** The kept pool's items for a choice: a topic, a subject, or all subjects. */
function poolItems(
  pool: OfflineLitePool,
  choice: { subjectId: string | null; topicId: string | null },
): { items: OfflineLiteItem[]; subjectName: string | null } {
  const subjects = choice.subjectId
    ? pool.subjects.filter((s) => s.id === choice.subjectId)
    : choice.topicId
      ? pool.subjects.filter((s) => s.items.some((i) => i.topicId === choice.topicId))
      : pool.subjects;
  const items = subjects
    .flatMap((s) => s.items)
    .filter((i) => !choice.topicId || i.topicId === choice.topicId);
  const one = subjects.length === 1 && (choice.subjectId || choice.topicId) ? subjects[0] : null;
  return { items, subjectName: one?.name ?? null };
}

/**
 * Starts a lite quiz from the kept pool: items not answered recently on this device first (core
 * `pickOfflineLiteItems`). Throws NoOfflinePool when nothing is kept for this choice.
 */
export async function startOfflineLite(
  uid: string,
  reviewer: string,
  input: { subjectId?: string; topicId?: string },
): Promise<OfflineLiteRecord> {
  const pool = await readContent<OfflineLitePool>(uid, liteOfflineSource.kind, reviewer);
  const choice = { subjectId: input.subjectId ?? null, topicId: input.topicId ?? null };
  const { items, subjectName } = pool ? poolItems(pool, choice) : { items: [], subjectName: null };
  const reported = new Set(readReported(uid));
  const byId = new Map(items.filter((i) => !reported.has(i.id)).map((i) => [i.id, i]));
  const attemptId = crypto.randomUUID();
  const picked = pickOfflineLiteItems(
    [...byId.keys()],
    readRecent(uid, reviewer),
    LITE_QUIZ_SIZE,
    attemptId,
  ).flatMap((id) => byId.get(id) ?? []);
  if (picked.length === 0) throw new NoOfflinePool();

  const now = new Date().toISOString();
  pruneOfflineLite(uid, Date.now());
  const state: AttemptState = {
    attemptId,
    kind: 'lite',
    reviewer,
    title: attemptTitle('lite', { subject: subjectName }),
    status: 'in_progress',
    startedAt: now,
    deadlineAt: null,
    serverNow: now,
    parts: null,
    sittings: null,
    items: picked.map((i) => ({
      questionId: i.id,
      partId: null,
      topicName: i.topicName,
      stem: i.stem,
      choices: i.choices,
      choiceIndex: null,
      flagged: false,
      isCorrect: null,
      reveal: null,
    })),
    result: null,
  };
  const record: OfflineLiteRecord = {
    uid,
    reviewer,
    ...choice,
    startedAt: now,
    finishedAt: null,
    keys: Object.fromEntries(
      picked.map((i) => [
        i.id,
        { answerIndex: i.answerIndex, rationale: i.rationale, distractorNotes: i.distractorNotes },
      ]),
    ),
    answeredAt: {},
    state,
    synced: null,
    refused: false,
  };
  writeOfflineLite(record);
  return record;
}

const withItem = (state: AttemptState, next: AttemptItem): AttemptState => ({
  ...state,
  items: state.items.map((i) => (i.questionId === next.questionId ? next : i)),
});

/**
 * Answers or flags an item on the device, as the server would (the first answer is final, the key
 * and rationale show at once). Returns the record as saved.
 */
export function answerOffline(
  record: OfflineLiteRecord,
  questionId: string,
  change: { choiceIndex?: number; flagged?: boolean },
): OfflineLiteRecord {
  const item = record.state.items.find((i) => i.questionId === questionId);
  const key = record.keys[questionId];
  if (!item || !key || record.state.status === 'submitted') return record;
  let next: AttemptItem = item;
  const answeredAt = { ...record.answeredAt };
  if (change.choiceIndex !== undefined) {
    const decision = decideAnswer({
      kind: 'lite',
      choiceIndex: change.choiceIndex,
      current: item.choiceIndex,
      choiceCount: item.choices.length,
      answerIndex: key.answerIndex,
    });
    if (decision.kind === 'write') {
      next = {
        ...next,
        choiceIndex: decision.choiceIndex,
        isCorrect: decision.isCorrect,
        reveal: key,
      };
      answeredAt[questionId] = new Date().toISOString();
    }
  }
  if (change.flagged !== undefined) next = { ...next, flagged: change.flagged };
  const saved = { ...record, answeredAt, state: withItem(record.state, next) };
  writeOfflineLite(saved);
  return saved;
}

/**
 * Finishes the quiz on the device: the device's result for the summary, and the attempt queued in
 * the outbox (its key the client attempt id) for the server to grade again. No score is sent.
 */
export async function finishOffline(record: OfflineLiteRecord): Promise<OfflineLiteRecord> {
  if (record.finishedAt) return record;
  const finishedAt = new Date().toISOString();
  const answered = record.state.items.filter((i) => i.choiceIndex !== null);
  const state: AttemptState = {
    ...record.state,
    status: 'submitted',
    items: record.state.items.map((i) => ({ ...i, reveal: record.keys[i.questionId] ?? null })),
    result: liteResult(
      record.state.items.map((i) => ({ partId: null, isCorrect: i.isCorrect })),
      false,
    ),
  };
  const done = { ...record, finishedAt, state };
  writeOfflineLite(done);
  rememberLiteAnswers(
    record.uid,
    record.reviewer,
    answered.map((i) => i.questionId),
  );
  const id = record.state.attemptId;
  await enqueue({
    key: `lite-attempt:${id}`,
    kind: 'lite-attempt',
    method: 'POST',
    path: `${quizPath(record.reviewer)}/lite/offline-attempts`,
    body: {
      clientAttemptId: id,
      subjectId: record.subjectId,
      topicId: record.topicId,
      startedAt: record.startedAt,
      finishedAt,
      answers: answered.map((i) => ({
        questionId: i.questionId,
        choiceIndex: i.choiceIndex,
        answeredAt: record.answeredAt[i.questionId] ?? finishedAt,
      })),
    },
    meta: { attemptId: id, reviewer: record.reviewer },
  });
  return done;
}
