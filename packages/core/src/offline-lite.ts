import { seededShuffle } from './blueprint.ts';

/**
 * Lite quizzes taken with no connection (issue 11 deliverable 3; ADR 019): which items a reviewer's
 * offline pool holds, which of them a quiz taken on the device draws, and the time rules the server
 * holds an uploaded attempt to before it re-grades it. Lite is practice: the pool carries its keys
 * so the device can show the rationale at once; the server grades again and awards from its own
 * grading only.
 */

/** Items kept per subject: at least this many, or every active item when a subject has fewer. */
export const OFFLINE_POOL_PER_SUBJECT = 100;

/**
 * The pool of one subject: `perSubject` of its active items, taken in turn from each topic (topics
 * and items in id order), so every topic is represented. Deterministic: the same bank gives the
 * same pool for every student, which lets the server answer an unchanged pool with a 304.
 */
export function offlinePoolIds(
  items: readonly { id: string; topicId: string }[],
  perSubject: number = OFFLINE_POOL_PER_SUBJECT,
): string[] {
  const byTopic = new Map<string, string[]>();
  for (const item of [...items].sort((a, b) => compare(a.id, b.id))) {
    const list = byTopic.get(item.topicId) ?? [];
    if (!list.includes(item.id)) list.push(item.id);
    byTopic.set(item.topicId, list);
  }
  const queues = [...byTopic.entries()].sort((a, b) => compare(a[0], b[0])).map(([, ids]) => ids);
  const picked: string[] = [];
  for (let round = 0; picked.length < perSubject; round += 1) {
    const before = picked.length;
    for (const queue of queues) {
      const id = queue[round];
      if (id !== undefined && picked.length < perSubject) picked.push(id);
    }
    if (picked.length === before) break;
  }
  return picked;
}

/** Code-unit order, the same on every runtime (localeCompare is not). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A quiz drawn on the device from the kept pool: items this device has not answered recently come
 * first, in a seeded random order; when those run short, the ones answered longest ago.
 * `recent` lists the ids answered on this device, oldest first.
 */
export function pickOfflineLiteItems(
  poolIds: readonly string[],
  recent: readonly string[],
  count: number,
  seed: string,
): string[] {
  const pool = [...new Set(poolIds)].sort(compare);
  const answeredAt = new Map(recent.map((id, order) => [id, order]));
  const fresh = pool.filter((id) => !answeredAt.has(id));
  const again = pool
    .filter((id) => answeredAt.has(id))
    .sort((a, b) => (answeredAt.get(a) ?? 0) - (answeredAt.get(b) ?? 0));
  const take = Math.max(0, count);
  const picked = [...seededShuffle(fresh, seed), ...again].slice(0, take);
  return seededShuffle(picked, `${seed}:order`);
}

/** How many answered ids the device remembers to keep its next quizzes fresh. */
export const OFFLINE_RECENT_LIMIT = 300;

/** The device's recently answered ids after a quiz: the new ones last, at most the limit. */
export function rememberAnswered(recent: readonly string[], answered: readonly string[]): string[] {
  const now = new Set(answered);
  return [...recent.filter((id) => !now.has(id)), ...now].slice(-OFFLINE_RECENT_LIMIT);
}

/**
 * The header the outbox stamps on every send: the phone's clock as it sent it (ISO 8601). The
 * server reads it to move the phone's times onto its own clock (`deviceClockOffsetMs`).
 */
export const DEVICE_TIME_HEADER = 'x-device-time';

/**
 * How far the server's clock runs ahead of the phone's (negative: behind), from the phone's clock
 * as it sent a request (`DEVICE_TIME_HEADER`) and the server's as it received it. An offline quiz is
 * timed on the phone's clock, and the server judges those times against its own: a phone a minute
 * slow had a quiz drawn after an online one refused as taken during it, one ten minutes fast had a
 * quiz just finished refused as ending in the future. The difference is read as the quiz is sent,
 * one reading of the phone's clock against another, so a clock that is steadily wrong cancels out;
 * it includes the request's time on the wire, which only brings the quiz a moment closer to now.
 * 0 when the request does not say (an app from before the stamp) or says nothing readable: the
 * phone's times are then taken as they are, as before. A forged stamp moves the whole quiz, which
 * forging its times already could: every later check holds the moved times.
 */
export function deviceClockOffsetMs(deviceTime: string | undefined, receivedAt: Date): number {
  const sentAt = deviceTime ? Date.parse(deviceTime) : Number.NaN;
  const offset = receivedAt.getTime() - sentAt;
  return Number.isFinite(offset) && Math.abs(offset) <= NONSENSE_OFFSET_MS ? offset : 0;
}

/**
 * A time the phone stated (ISO 8601) on the server's clock, moved by the send's device time as an
 * offline quiz's are (`deviceClockOffsetMs`); null when none is stated.
 */
export function phoneTimeOnServerClock(
  iso: string | undefined,
  deviceTime: string | undefined,
  receivedAt: Date,
): Date | null {
  if (iso === undefined) return null;
  return new Date(Date.parse(iso) + deviceClockOffsetMs(deviceTime, receivedAt));
}

/** Beyond a phone whose clock fell back to 1970: a stamp this far off is nonsense. */
const NONSENSE_OFFSET_MS = 100 * 366 * 24 * 60 * 60_000;

/** An offline attempt with its start, finish and answers moved by `offsetMs` (the same one if 0). */
export function onServerClock<
  T extends { startedAt: string; finishedAt: string; answers: readonly { answeredAt: string }[] },
>(attempt: T, offsetMs: number): T {
  if (offsetMs === 0) return attempt;
  const moved = (iso: string) => new Date(Date.parse(iso) + offsetMs).toISOString();
  return {
    ...attempt,
    startedAt: moved(attempt.startedAt),
    finishedAt: moved(attempt.finishedAt),
    answers: attempt.answers.map((a) => ({ ...a, answeredAt: moved(a.answeredAt) })),
  };
}

/** How far the device's clock may run ahead of the server's. */
export const OFFLINE_CLOCK_SKEW_MS = 10 * 60_000;
/** An offline attempt older than this is refused: the phone was offline too long to count it. */
export const OFFLINE_MAX_AGE_MS = 14 * 24 * 60 * 60_000;
/** Longest plausible lite quiz, start to finish (a bus ride, a night, the next morning). */
export const OFFLINE_MAX_DURATION_MS = 24 * 60 * 60_000;
/** Study time counted per answered item, at most (a quiz left open for hours is not study). */
export const OFFLINE_MAX_SECONDS_PER_ITEM = 5 * 60;

export type OfflineTimeProblem =
  | 'finishedInFuture'
  | 'tooOld'
  | 'finishedBeforeStart'
  | 'tooLong'
  | 'answerOutsideQuiz';

export const OFFLINE_TIME_MESSAGES: Record<OfflineTimeProblem, string> = {
  finishedInFuture: "This quiz ends in the future: check your phone's date and time.",
  tooOld: 'This quiz was taken too long ago to count.',
  finishedBeforeStart: 'This quiz ends before it starts.',
  tooLong: 'This quiz took too long to count.',
  answerOutsideQuiz: 'An answer was given outside the quiz time.',
};

/**
 * Whether an uploaded offline attempt's times are believable against the server's clock: it did
 * not finish in the future (beyond the clock skew), is not older than the maximum age, finished
 * after it started, lasted no longer than plausible, and every answer falls between its start and
 * finish (with the skew). Null when they are; else the first problem.
 */
export function checkOfflineAttemptTimes(
  attempt: { startedAt: Date; finishedAt: Date; answeredAt: readonly Date[] },
  now: Date,
): OfflineTimeProblem | null {
  const start = attempt.startedAt.getTime();
  const finish = attempt.finishedAt.getTime();
  if (finish > now.getTime() + OFFLINE_CLOCK_SKEW_MS) return 'finishedInFuture';
  if (start < now.getTime() - OFFLINE_MAX_AGE_MS) return 'tooOld';
  if (finish < start) return 'finishedBeforeStart';
  if (finish - start > OFFLINE_MAX_DURATION_MS) return 'tooLong';
  for (const at of attempt.answeredAt) {
    const t = at.getTime();
    if (t < start - OFFLINE_CLOCK_SKEW_MS || t > finish + OFFLINE_CLOCK_SKEW_MS) {
      return 'answerOutsideQuiz';
    }
  }
  return null;
}

/**
 * The study time an offline attempt adds to the topic stats: start to finish, but no more than
 * the per-item cap for each answered item (the device's clock is the student's; a quiz left open
 * overnight does not count the night).
 */
export function offlineStudyMs(startedAt: Date, finishedAt: Date, answered: number): number {
  const span = Math.max(0, finishedAt.getTime() - startedAt.getTime());
  return Math.min(span, answered * OFFLINE_MAX_SECONDS_PER_ITEM * 1000);
}
