import type {
  AttemptItem,
  AttemptState,
  ForYouKit,
  OfflineLiteItem,
  OfflineLitePool,
} from '@pasado/core';
import {
  attemptTitle,
  decideAnswer,
  forYouSet,
  type ItemHistory,
  keptSittingDays,
  LITE_QUIZ_SIZE,
  liteResult,
  manilaDayKey,
  nextItemHistory,
  pickOfflineLiteItems,
  rememberAnswered,
  sittingExamDay,
} from '@pasado/core/rules';
import {
  contentGeneration,
  holdingOf,
  keepContent,
  readContent,
} from '../../lib/offline/content-store.ts';
import { liteOfflineSource } from '../../lib/offline/lite-source.ts';
import { FOR_YOU_SOURCE } from '../../lib/offline/offline-sources.ts';
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
 * The For-you set from the kept pool (issue 23 item 4; ADR 032): core `forYouSet`, as the server
 * chooses, over the kept items the kit places in the exam's parts, from the kit's model and item
 * histories. Items answered on this device since the kit was read count as seen (no review due).
 */
function forYouFromKit(
  kit: ForYouKit | null,
  kept: ReadonlyMap<string, OfflineLiteItem>,
  recent: readonly string[],
  seed: string,
): string[] {
  if (!kit) return [];
  const history = new Map<string, ItemHistory>(Object.entries(kit.history));
  const now = new Date();
  for (const id of recent) {
    if (!history.has(id))
      history.set(id, { lastAt: now.getTime(), lastCorrect: true, reviewStep: null });
  }
  return forYouSet({
    model: kit.model,
    profile: kit.profile,
    pool: kit.pool.filter((q) => kept.has(q.id)),
    history,
    now,
    // Any day of the sitting is exam day (the NLE's second too), not a passed date.
    examDay: sittingExamDay(keptSittingDays(kit), manilaDayKey(now)),
    count: LITE_QUIZ_SIZE,
    seed,
  }).map((p) => p.itemId);
}

/**
 * Starts a lite quiz from the kept pool: items not answered recently on this device first (core
 * `pickOfflineLiteItems`), or the For-you set (`forYouFromKit`). Throws NoOfflinePool when nothing
 * is kept for this choice.
 */
export async function startOfflineLite(
  uid: string,
  reviewer: string,
  input: { subjectId?: string; topicId?: string; forYou?: true },
): Promise<OfflineLiteRecord> {
  const forYou = input.forYou === true;
  const [pool, kit] = await Promise.all([
    readContent<OfflineLitePool>(uid, liteOfflineSource.kind, reviewer),
    forYou ? readContent<ForYouKit>(uid, FOR_YOU_SOURCE.kind, reviewer) : null,
  ]);
  const choice = {
    subjectId: forYou ? null : (input.subjectId ?? null),
    topicId: forYou ? null : (input.topicId ?? null),
  };
  const { items, subjectName } = pool ? poolItems(pool, choice) : { items: [], subjectName: null };
  const reported = new Set(readReported(uid));
  const byId = new Map(items.filter((i) => !reported.has(i.id)).map((i) => [i.id, i]));
  const attemptId = crypto.randomUUID();
  const recent = readRecent(uid, reviewer);
  const picked = (
    forYou
      ? forYouFromKit(kit, byId, recent, attemptId)
      : pickOfflineLiteItems([...byId.keys()], recent, LITE_QUIZ_SIZE, attemptId)
  ).flatMap((id) => byId.get(id) ?? []);
  if (picked.length === 0) throw new NoOfflinePool();

  const now = new Date().toISOString();
  pruneOfflineLite(uid, Date.now());
  const state: AttemptState = {
    attemptId,
    kind: 'lite',
    reviewer,
    title: attemptTitle('lite', { subject: subjectName, forYou }),
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
    ...(forYou ? { forYou } : {}),
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
export function finishOffline(record: OfflineLiteRecord): Promise<OfflineLiteRecord> {
  if (record.finishedAt) return Promise.resolve(record);
  // A second tap while the first is being queued finishes the same quiz, once.
  const id = record.state.attemptId;
  const pending = finishing.get(id) ?? queueFinished(record).finally(() => finishing.delete(id));
  finishing.set(id, pending);
  return pending;
}

const finishing = new Map<string, Promise<OfflineLiteRecord>>();

async function queueFinished(record: OfflineLiteRecord): Promise<OfflineLiteRecord> {
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
  const id = record.state.attemptId;
  // Queued (and kept on the device) before the quiz is called finished here: a finished record is
  // never queued again, so one marked first and closed before it was queued never reached the
  // server. Queued twice (closed in between, finished again) it is sent under one client id.
  await enqueue({
    key: `lite-attempt:${id}`,
    kind: 'lite-attempt',
    method: 'POST',
    path: `${quizPath(record.reviewer)}/lite/offline-attempts`,
    body: {
      clientAttemptId: id,
      subjectId: record.subjectId,
      topicId: record.topicId,
      ...(record.forYou ? { forYou: true } : {}),
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
  writeOfflineLite(done);
  rememberLiteAnswers(
    record.uid,
    record.reviewer,
    answered.map((i) => i.questionId),
  );
  await keepHistories(record, answered, finishedAt);
  return done;
}

/**
 * The kept kit's item histories after an offline set (core `nextItemHistory`, as the server will
 * store them once it is sent), so the next For-you set offline brings a missed item back on its
 * schedule, not at once. The kit keeps its version: the server's copy replaces it on the next
 * refresh after the set is sent.
 */
async function keepHistories(
  record: OfflineLiteRecord,
  answered: readonly AttemptItem[],
  finishedAt: string,
): Promise<void> {
  // A sign-out while this reads and writes keeps nothing of it (content-store.ts).
  const since = contentGeneration();
  try {
    const [kit, holding] = await Promise.all([
      readContent<ForYouKit>(record.uid, FOR_YOU_SOURCE.kind, record.reviewer),
      holdingOf(record.uid, FOR_YOU_SOURCE.kind, record.reviewer),
    ]);
    if (!kit || !holding) return;
    const history = { ...kit.history };
    for (const item of answered) {
      if (item.isCorrect === null) continue;
      const at = Date.parse(record.answeredAt[item.questionId] ?? finishedAt);
      history[item.questionId] = nextItemHistory(history[item.questionId], item.isCorrect, at);
    }
    await keepContent(
      record.uid,
      FOR_YOU_SOURCE.kind,
      record.reviewer,
      holding,
      { ...kit, history },
      since,
    );
  } catch (error) {
    // The kit is a convenience: the server's histories stand once the set is sent.
    console.warn('For-you histories not kept', error);
  }
}
