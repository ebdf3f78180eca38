import { describe, expect, it } from 'vitest';
import {
  checkOfflineAttemptTimes,
  deviceClockOffsetMs,
  OFFLINE_CLOCK_SKEW_MS,
  OFFLINE_MAX_AGE_MS,
  OFFLINE_MAX_DURATION_MS,
  OFFLINE_RECENT_LIMIT,
  offlinePoolIds,
  offlineStudyMs,
  onServerClock,
  phoneTimeOnServerClock,
  pickOfflineLiteItems,
  rememberAnswered,
} from './offline-lite.ts';

const item = (topic: string, n: number) => ({
  id: `${topic}-${String(n).padStart(3, '0')}`,
  topicId: topic,
});

describe('offlinePoolIds', () => {
  it('keeps every item when the subject has fewer than the pool size', () => {
    const items = [item('t1', 2), item('t1', 1), item('t2', 1)];
    expect(offlinePoolIds(items, 100).sort()).toEqual(['t1-001', 't1-002', 't2-001']);
  });

  it('takes items from every topic in turn, in id order, up to the pool size', () => {
    const items = [
      ...Array.from({ length: 50 }, (_, i) => item('t1', i)),
      ...Array.from({ length: 3 }, (_, i) => item('t2', i)),
      ...Array.from({ length: 50 }, (_, i) => item('t3', i)),
    ];
    const pool = offlinePoolIds(items, 10);
    expect(pool).toEqual([
      't1-000',
      't2-000',
      't3-000',
      't1-001',
      't2-001',
      't3-001',
      't1-002',
      't2-002',
      't3-002',
      't1-003',
    ]);
    // The small topic is kept whole once the pool is larger than it is.
    const big = offlinePoolIds(items, 100);
    expect(big).toHaveLength(100);
    expect(big.filter((id) => id.startsWith('t2-'))).toHaveLength(3);
  });

  it('is the same whatever order the bank is read in (the ETag depends on it)', () => {
    const items = Array.from({ length: 30 }, (_, i) => item(`t${i % 4}`, i));
    expect(offlinePoolIds([...items].reverse(), 12)).toEqual(offlinePoolIds(items, 12));
  });
});

describe('pickOfflineLiteItems', () => {
  const pool = Array.from({ length: 20 }, (_, i) => `q${String(i).padStart(2, '0')}`);

  it('draws items not answered recently first', () => {
    const recent = pool.slice(0, 12);
    const picked = pickOfflineLiteItems(pool, recent, 8, 'seed');
    expect(picked).toHaveLength(8);
    expect(picked.every((id) => !recent.includes(id))).toBe(true);
  });

  it('tops up with the ones answered longest ago when the fresh ones run short', () => {
    const recent = pool.slice(0, 15); // q00 oldest … q14 newest
    const picked = pickOfflineLiteItems(pool, recent, 8, 'seed');
    expect(new Set(picked)).toEqual(new Set([...pool.slice(15), 'q00', 'q01', 'q02']));
  });

  it('is a function of its seed, and a new seed gives another quiz', () => {
    expect(pickOfflineLiteItems(pool, [], 10, 'a')).toEqual(
      pickOfflineLiteItems(pool, [], 10, 'a'),
    );
    expect(pickOfflineLiteItems(pool, [], 10, 'a')).not.toEqual(
      pickOfflineLiteItems(pool, [], 10, 'b'),
    );
  });

  it('gives the whole pool when it is smaller than a quiz, and nothing from an empty one', () => {
    expect(pickOfflineLiteItems(pool.slice(0, 3), [], 10, 's').sort()).toEqual(pool.slice(0, 3));
    expect(pickOfflineLiteItems([], [], 10, 's')).toEqual([]);
  });
});

describe('rememberAnswered', () => {
  it('moves the newly answered to the end and keeps at most the limit', () => {
    expect(rememberAnswered(['a', 'b', 'c'], ['b', 'd'])).toEqual(['a', 'c', 'b', 'd']);
    const long = Array.from({ length: OFFLINE_RECENT_LIMIT }, (_, i) => `x${i}`);
    const next = rememberAnswered(long, ['new']);
    expect(next).toHaveLength(OFFLINE_RECENT_LIMIT);
    expect(next.at(-1)).toBe('new');
    expect(next[0]).toBe('x1');
  });
});

describe('checkOfflineAttemptTimes', () => {
  const now = new Date('2026-11-20T08:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const ok = { startedAt: at(-600_000), finishedAt: at(-60_000), answeredAt: [at(-300_000)] };

  it('accepts a quiz taken a while ago with answers inside it', () => {
    expect(checkOfflineAttemptTimes(ok, now)).toBeNull();
  });

  it('allows a clock running ahead by the skew, not more', () => {
    const ahead = { ...ok, finishedAt: at(OFFLINE_CLOCK_SKEW_MS), answeredAt: [] };
    expect(checkOfflineAttemptTimes(ahead, now)).toBeNull();
    const future = { ...ahead, finishedAt: at(OFFLINE_CLOCK_SKEW_MS + 1) };
    expect(checkOfflineAttemptTimes(future, now)).toBe('finishedInFuture');
  });

  it('refuses a quiz older than the maximum age', () => {
    const old = {
      startedAt: at(-OFFLINE_MAX_AGE_MS - 1),
      finishedAt: at(-OFFLINE_MAX_AGE_MS + 60_000),
      answeredAt: [],
    };
    expect(checkOfflineAttemptTimes(old, now)).toBe('tooOld');
  });

  it('refuses a quiz that ends before it starts, or lasts longer than plausible', () => {
    expect(
      checkOfflineAttemptTimes({ ...ok, startedAt: at(-1000), finishedAt: at(-2000) }, now),
    ).toBe('finishedBeforeStart');
    const long = {
      startedAt: at(-OFFLINE_MAX_DURATION_MS - 2000),
      finishedAt: at(-1000),
      answeredAt: [],
    };
    expect(checkOfflineAttemptTimes(long, now)).toBe('tooLong');
  });

  it('refuses an answer given outside the quiz (beyond the skew)', () => {
    const early = { ...ok, answeredAt: [at(-600_000 - OFFLINE_CLOCK_SKEW_MS - 1)] };
    expect(checkOfflineAttemptTimes(early, now)).toBe('answerOutsideQuiz');
    const late = { ...ok, answeredAt: [at(-60_000 + OFFLINE_CLOCK_SKEW_MS + 1)] };
    expect(checkOfflineAttemptTimes(late, now)).toBe('answerOutsideQuiz');
  });
});

describe('offlineStudyMs', () => {
  const start = new Date('2026-11-20T08:00:00Z');
  it('counts start to finish, capped per answered item', () => {
    expect(offlineStudyMs(start, new Date(start.getTime() + 120_000), 10)).toBe(120_000);
    expect(offlineStudyMs(start, new Date(start.getTime() + 12 * 3_600_000), 2)).toBe(600_000);
    expect(offlineStudyMs(start, start, 3)).toBe(0);
  });
});

describe('a quiz timed on the phone, moved onto the server’s clock', () => {
  const received = new Date('2026-11-20T08:00:00.000Z');
  it('measures the phone’s clock against the server’s as the quiz is sent', () => {
    expect(deviceClockOffsetMs('2026-11-20T07:59:00.000Z', received)).toBe(60_000);
    expect(deviceClockOffsetMs('2026-11-20T08:11:00.000Z', received)).toBe(-11 * 60_000);
  });
  it('trusts the phone’s times as they are when it does not say (an app from before the stamp)', () => {
    expect(deviceClockOffsetMs(undefined, received)).toBe(0);
    expect(deviceClockOffsetMs('not a time', received)).toBe(0);
    expect(deviceClockOffsetMs('', received)).toBe(0);
    // So far off that moving a quiz by it would leave the calendar.
    expect(deviceClockOffsetMs('-271821-04-20T00:00:00.000Z', received)).toBe(0);
    expect(deviceClockOffsetMs('1970-01-01T00:00:00.000Z', received)).toBe(received.getTime());
  });
  it('moves the start, the finish and every answer by it, and nothing else', () => {
    const quiz = {
      clientAttemptId: 'c1',
      subjectId: 's1',
      startedAt: '2026-11-20T07:00:00.000Z',
      finishedAt: '2026-11-20T07:05:00.000Z',
      answers: [{ questionId: 'q1', choiceIndex: 2, answeredAt: '2026-11-20T07:01:00.000Z' }],
    };
    expect(onServerClock(quiz, 60_000)).toEqual({
      clientAttemptId: 'c1',
      subjectId: 's1',
      startedAt: '2026-11-20T07:01:00.000Z',
      finishedAt: '2026-11-20T07:06:00.000Z',
      answers: [{ questionId: 'q1', choiceIndex: 2, answeredAt: '2026-11-20T07:02:00.000Z' }],
    });
    expect(onServerClock(quiz, 0)).toBe(quiz);
  });
});

describe("phoneTimeOnServerClock (a time the phone stated, moved by the send's device time)", () => {
  const receivedAt = new Date('2026-11-24T16:10:00.000Z');
  it("moves the stated time by how far the phone's clock is off as it sent", () => {
    // The phone runs 30 minutes fast: it said 16:40 as the server read 16:10.
    const fast = '2026-11-24T16:40:00.000Z';
    expect(phoneTimeOnServerClock('2026-11-24T16:20:00.000Z', fast, receivedAt)).toEqual(
      new Date('2026-11-24T15:50:00.000Z'),
    );
  });
  it('takes the time as stated without a device time, and null without a time', () => {
    expect(phoneTimeOnServerClock('2026-11-24T16:20:00.000Z', undefined, receivedAt)).toEqual(
      new Date('2026-11-24T16:20:00.000Z'),
    );
    expect(phoneTimeOnServerClock(undefined, '2026-11-24T16:40:00.000Z', receivedAt)).toBeNull();
  });
});
