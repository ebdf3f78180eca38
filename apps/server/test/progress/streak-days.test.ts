import { randomUUID } from 'node:crypto';
import { attemptStateSchema, DEVICE_TIME_HEADER } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import {
  dailyAwards,
  flashCards,
  mockExamStreaks,
  userStreaks,
  users,
  userTopicStats,
} from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { type ApiMethod, callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, MOCK_MINUTES, REVIEWER, SUBJECT_A, seedBank } from '../quiz/fixtures.ts';

const quiz = `/api/quiz/${REVIEWER}`;
const study = `/api/study/${REVIEWER}`;
const CARD = 'sd-card-1';
const MINUTE = 60_000;
/** A Manila time on a day of November 2026 (the 22nd is a Sunday). */
const manila = (day: number, time: string) =>
  new Date(`2026-11-${String(day).padStart(2, '0')}T${time}:00+08:00`);

/**
 * Which finishes count a Manila day for the streak (docs/product.md#streaks): a lite set or mock
 * only with an answer, a drill on the day it was answered; a mock that ran out unseen
 * counts its deadline's day whatever the student does first the next day; and a finish that
 * counts nothing answers with the streak as it stands.
 */
describe.each(ENGINES)('streak days on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(manila(22, '12:00'));
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    await seedBank(t.app.database.db);
    await t.app.database.db
      .insert(flashCards)
      .values({ id: CARD, topicId: 'tst-top-a', front: 'Front', back: 'Back' });
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const call = (cookie: string, method: ApiMethod, url: string, payload?: unknown) =>
    callApi(t, cookie, method, url, payload);
  /** A student of the track (trial included), with a session that outlasts the days the clock moves. */
  const student = () => createOnboardedStudent(t, { reviewer: REVIEWER, ttlMs: 30 * 86_400_000 });
  const setStreak = (userId: string, row: { current: number; lastDay: string; freezes?: number }) =>
    db()
      .insert(userStreaks)
      .values({ userId, longest: row.current, freezes: 0, ...row });
  const streakOf = async (userId: string) => {
    const [row] = await db()
      .select({
        current: userStreaks.current,
        longest: userStreaks.longest,
        lastDay: userStreaks.lastDay,
        freezes: userStreaks.freezes,
      })
      .from(userStreaks)
      .where(eq(userStreaks.userId, userId));
    return row;
  };
  const streakChallenges = async (userId: string) => {
    const [row] = await db()
      .select({ progress: users.challengesProgress })
      .from(users)
      .where(eq(users.id, userId));
    return (row?.progress.streak ?? []).map((c) => `${c.id}:${c.status}`);
  };

  const start = async (cookie: string, kind: 'lite' | 'mock') => {
    const res =
      kind === 'lite'
        ? await call(cookie, 'POST', `${quiz}/lite`, { subjectId: SUBJECT_A })
        : await call(cookie, 'POST', `${quiz}/mock`);
    expect([200, 201]).toContain(res.statusCode);
    return attemptStateSchema.parse(res.json());
  };
  const answer = async (cookie: string, attemptId: string, questionId: string) => {
    const res = await call(cookie, 'PUT', `${quiz}/attempts/${attemptId}/answers/${questionId}`, {
      choiceIndex: keyOf(questionId),
    });
    expect(res.statusCode).toBe(200);
  };
  const submit = async (cookie: string, attemptId: string) => {
    const res = await call(cookie, 'POST', `${quiz}/attempts/${attemptId}/submit`);
    expect(res.statusCode).toBe(200);
    return attemptStateSchema.parse(res.json());
  };
  /** A lite set taken offline from `startedAt`: one item answered a minute in, ended at 4. */
  const sendOfflineSet = async (cookie: string, startedAt: Date) => {
    const at = (minutes: number) => new Date(startedAt.getTime() + minutes * MINUTE);
    const res = await call(cookie, 'POST', `${quiz}/lite/offline-attempts`, {
      clientAttemptId: randomUUID(),
      subjectId: SUBJECT_A,
      startedAt: at(0).toISOString(),
      finishedAt: at(4).toISOString(),
      answers: [{ questionId: 'tst-a-1', choiceIndex: keyOf('tst-a-1'), answeredAt: at(1) }],
    });
    expect(res.statusCode).toBe(201);
  };
  const quizHome = async (cookie: string) =>
    expect((await call(cookie, 'GET', `${quiz}/quiz-home`)).statusCode).toBe(200);
  const startDrill = async (cookie: string) => {
    const res = await call(cookie, 'POST', `${study}/drill`, { subjectId: SUBJECT_A, count: 5 });
    expect(res.statusCode).toBe(200);
    return res.json() as { attemptId: string; items: { questionId: string }[] };
  };
  const answerDrill = async (cookie: string, run: Awaited<ReturnType<typeof startDrill>>) => {
    const item = run.items[0];
    if (!item) throw new Error('an empty drill run');
    const res = await call(cookie, 'POST', `${study}/drill/${run.attemptId}/answers`, {
      position: 0,
      choiceIndex: keyOf(item.questionId),
    });
    expect(res.statusCode).toBe(200);
  };
  const finishDrill = async (cookie: string, attemptId: string) => {
    const res = await call(cookie, 'POST', `${study}/drill/${attemptId}/finish`);
    expect(res.statusCode).toBe(200);
    return res.json() as { answered: number; points: number; streak: number };
  };
  const flashSession = async (cookie: string) => {
    const rated = await call(cookie, 'POST', `${study}/flash/reviews`, {
      reviewId: randomUUID(),
      cardId: CARD,
      rating: 'good',
      seconds: 5,
    });
    expect(rated.statusCode).toBe(200);
    const res = await call(cookie, 'POST', `${study}/sessions/finish`, { mode: 'flash' });
    expect(res.statusCode).toBe(200);
    return res.json() as { counted: boolean; streak: number };
  };

  it('a lite set or a mock submitted with no answer counts no day; with one answer it does', async () => {
    clock.set(manila(24, '12:00'));
    const { cookie, userId } = await student();
    await setStreak(userId, { current: 2, lastDay: '2026-11-24' });

    clock.set(manila(25, '09:00'));
    const lite = await start(cookie, 'lite');
    const liteDone = await submit(cookie, lite.attemptId);
    // The submit itself still works and shows its result.
    expect(liteDone.status).toBe('submitted');
    expect(liteDone.result).toMatchObject({ correct: 0, missed: lite.items.length });
    const mock = await start(cookie, 'mock');
    expect((await submit(cookie, mock.attemptId)).status).toBe('submitted');
    // A mock that ran out with nothing answered counts nothing either.
    clock.set(manila(25, '10:00'));
    await start(cookie, 'mock');
    clock.set(manila(25, '10:00').getTime() + (MOCK_MINUTES + 1) * MINUTE);
    await quizHome(cookie);
    const [ranOut] = await db()
      .select({ days: mockExamStreaks.days })
      .from(mockExamStreaks)
      .where(eq(mockExamStreaks.userId, userId));

    expect(await streakOf(userId)).toEqual({
      current: 2,
      longest: 2,
      lastDay: '2026-11-24',
      freezes: 0,
    });
    expect(await streakChallenges(userId)).not.toContain('streak-3:unclaimed');
    // The month's mock record still marks the day a mock was submitted (SPEC's mockExamStreakList).
    expect(ranOut?.days).toEqual([25]);

    const counted = await start(cookie, 'lite');
    await answer(cookie, counted.attemptId, counted.items[0]?.questionId ?? '');
    await submit(cookie, counted.attemptId);
    expect(await streakOf(userId)).toMatchObject({ current: 3, lastDay: '2026-11-25' });
    expect(await streakChallenges(userId)).toContain('streak-3:unclaimed');
  });

  it('a mock with one answer counts its day', async () => {
    clock.set(manila(24, '12:00'));
    const { cookie, userId } = await student();
    await setStreak(userId, { current: 2, lastDay: '2026-11-24' });
    clock.set(manila(25, '09:00'));
    const mock = await start(cookie, 'mock');
    await answer(cookie, mock.attemptId, mock.items[0]?.questionId ?? '');
    await submit(cookie, mock.attemptId);
    expect(await streakOf(userId)).toMatchObject({ current: 3, lastDay: '2026-11-25' });
  });

  /**
   * Streak 4 up to Sunday, one freeze held; a mock with an answer runs out at 23:00 on Monday and
   * is not looked at again. On Tuesday the student does `first` and then opens quiz home, or the
   * other way round: either way Monday is the mock's day, the freeze is kept, and Tuesday adds one.
   */
  it.each([
    ['a flash session', async (cookie: string) => void (await flashSession(cookie))],
    [
      'a lite set',
      async (cookie: string) => {
        const lite = await start(cookie, 'lite');
        await answer(cookie, lite.attemptId, lite.items[0]?.questionId ?? '');
        await submit(cookie, lite.attemptId);
      },
    ],
    [
      'a lite set sent from offline',
      (cookie: string) => sendOfflineSet(cookie, manila(24, '08:40')),
    ],
    [
      'a drill run',
      async (cookie: string) => {
        const run = await startDrill(cookie);
        await answerDrill(cookie, run);
        await finishDrill(cookie, run.attemptId);
      },
    ],
  ])(
    'a mock that ran out unseen counts its day whether %s or quiz home comes first',
    async (_, first) => {
      const outcomes = [];
      for (const order of ['activity first', 'quiz home first']) {
        clock.set(manila(22, '12:00'));
        const { cookie, userId } = await student();
        await setStreak(userId, { current: 4, lastDay: '2026-11-22', freezes: 1 });
        clock.set(manila(23, '22:26'));
        const mock = await start(cookie, 'mock');
        await answer(cookie, mock.attemptId, mock.items[0]?.questionId ?? '');
        clock.set(manila(24, '09:00'));
        if (order === 'activity first') {
          await first(cookie);
          await quizHome(cookie);
        } else {
          await quizHome(cookie);
          await first(cookie);
        }
        outcomes.push(await streakOf(userId));
      }
      expect(outcomes[0]).toEqual({ current: 6, longest: 6, lastDay: '2026-11-24', freezes: 1 });
      expect(outcomes[1]).toEqual(outcomes[0]);
    },
  );

  /**
   * Tasks reads the streak and a freeze purchase settles it, both in the progress module: a mock
   * with an answer that ran out at 23:00 on Monday, unseen, counts Monday for them too.
   */
  it('Tasks and a freeze purchase count the day of a mock that ran out unseen', async () => {
    clock.set(manila(22, '12:00'));
    const { cookie, userId } = await student();
    await setStreak(userId, { current: 4, lastDay: '2026-11-22', freezes: 1 });
    await db()
      .update(users)
      .set({ gemsCollection: { emerald: 500 } })
      .where(eq(users.id, userId));
    clock.set(manila(23, '22:26'));
    const mock = await start(cookie, 'mock');
    await answer(cookie, mock.attemptId, mock.items[0]?.questionId ?? '');
    clock.set(manila(24, '09:00'));
    const summary = await call(cookie, 'GET', '/api/progress/summary');
    expect(summary.statusCode).toBe(200);
    expect(summary.json().streak).toMatchObject({ current: 5, lastDay: '2026-11-23', freezes: 1 });
    const bought = await call(cookie, 'POST', '/api/progress/streak-freeze', {
      purchaseId: randomUUID(),
    });
    expect(bought.statusCode).toBe(200);
    // Monday is the mock's: the freeze held is not spent on it.
    expect(bought.json()).toMatchObject({ freezes: 2 });
    await quizHome(cookie);
    expect(await streakOf(userId)).toEqual({
      current: 5,
      longest: 5,
      lastDay: '2026-11-23',
      freezes: 2,
    });
  });

  it('a drill finished the next Manila day counts the day it was answered, not the finish’s', async () => {
    clock.set(manila(23, '12:00'));
    const { cookie, userId } = await student();
    await setStreak(userId, { current: 2, lastDay: '2026-11-23' });
    const run = await startDrill(cookie);
    await answerDrill(cookie, run);
    // Sent on Wednesday: Tuesday was missed, so the result shows the streak broken.
    clock.set(manila(25, '09:00'));
    const result = await finishDrill(cookie, run.attemptId);
    expect(result.answered).toBe(1);
    expect(result.points).toBeGreaterThan(0);
    expect(result.streak).toBe(0);
    expect(await streakOf(userId)).toMatchObject({ current: 2, lastDay: '2026-11-23' });
    // Its points and answer count on Monday, the day it was answered, under Monday's caps.
    const days = await db()
      .select({
        day: dailyAwards.day,
        drillPoints: dailyAwards.drillPoints,
        answers: dailyAwards.answers,
      })
      .from(dailyAwards)
      .where(eq(dailyAwards.userId, userId));
    expect(days).toEqual([{ day: '2026-11-23', drillPoints: result.points, answers: 1 }]);
    // A run answered today counts today.
    const today = await startDrill(cookie);
    await answerDrill(cookie, today);
    expect((await finishDrill(cookie, today.attemptId)).streak).toBe(1);
    expect(await streakOf(userId)).toMatchObject({ current: 1, lastDay: '2026-11-25' });
  });

  /**
   * Streak 3 up to Tuesday. An item answered on Monday, in a lite set submitted on Wednesday (or
   * taken offline on Monday and sent on Wednesday), counts Monday: the streak ignores a day before
   * its last, so Tuesday's run stands and Wednesday is not counted; the answer and its gems are
   * Monday's. A set answered on Wednesday then counts Wednesday.
   */
  it.each([
    [
      'submitted',
      async (cookie: string) => {
        clock.set(manila(23, '21:00'));
        const lite = await start(cookie, 'lite');
        await answer(cookie, lite.attemptId, lite.items[0]?.questionId ?? '');
        clock.set(manila(25, '09:00'));
        expect((await submit(cookie, lite.attemptId)).result?.gemsEarned).toBeGreaterThan(0);
      },
    ],
    [
      'sent from offline',
      async (cookie: string) => {
        clock.set(manila(25, '09:00'));
        await sendOfflineSet(cookie, manila(23, '21:00'));
      },
    ],
  ])('a lite set answered on Monday and %s on Wednesday counts Monday', async (_, late) => {
    clock.set(manila(23, '12:00'));
    const { cookie, userId } = await student();
    await setStreak(userId, { current: 3, lastDay: '2026-11-24' });
    await late(cookie);
    expect(await streakOf(userId)).toEqual({
      current: 3,
      longest: 3,
      lastDay: '2026-11-24',
      freezes: 0,
    });
    const days = await db()
      .select({ day: dailyAwards.day, answers: dailyAwards.answers })
      .from(dailyAwards)
      .where(eq(dailyAwards.userId, userId));
    expect(days).toEqual([{ day: '2026-11-23', answers: 1 }]);
    // Its time studied ends at that answer (or the offline set's end), not the day it was sent.
    const studied = await db()
      .select({ seconds: userTopicStats.secondsStudied })
      .from(userTopicStats)
      .where(eq(userTopicStats.userId, userId));
    expect(studied.reduce((sum, r) => sum + r.seconds, 0)).toBeLessThanOrEqual(4 * 60);

    const today = await start(cookie, 'lite');
    await answer(cookie, today.attemptId, today.items[0]?.questionId ?? '');
    await submit(cookie, today.attemptId);
    expect(await streakOf(userId)).toMatchObject({ current: 4, lastDay: '2026-11-25' });
  });

  it('a study session finished offline late one evening and sent after midnight counts its own day', async () => {
    clock.set(manila(22, '12:00'));
    const { cookie, userId } = await student();
    await setStreak(userId, { current: 3, lastDay: '2026-11-22' });
    // Monday 23:50, offline, on a phone whose clock runs 30 minutes fast (it reads Tuesday 00:20):
    // a card rated and the session finished. The outbox sends both on Tuesday at 00:10, the finish
    // after the rating, and the send's device time puts the end back on Monday.
    const phoneFast = 30 * MINUTE;
    const ended = new Date(manila(23, '23:50').getTime() + phoneFast);
    clock.set(manila(24, '00:10'));
    const rated = await call(cookie, 'POST', `${study}/flash/reviews`, {
      reviewId: randomUUID(),
      cardId: CARD,
      rating: 'good',
      seconds: 5,
      reviewedAt: ended.toISOString(),
    });
    expect(rated.statusCode).toBe(200);
    const finish = await t.app.inject({
      method: 'POST',
      url: `${study}/sessions/finish`,
      headers: {
        origin: t.origin,
        cookie,
        [DEVICE_TIME_HEADER]: new Date(clock.nowMs() + phoneFast).toISOString(),
      },
      payload: { mode: 'flash', finishedAt: ended.toISOString() },
    });
    expect(finish.json()).toEqual({ counted: true, streak: 4 });
    expect(await streakOf(userId)).toMatchObject({ current: 4, lastDay: '2026-11-23' });
    // Studying on Tuesday counts Tuesday as well.
    expect(await flashSession(cookie)).toEqual({ counted: true, streak: 5 });
  });

  it('study finishes kept offline for days count each their day when sent together', async () => {
    clock.set(manila(23, '07:00'));
    const { cookie, userId } = await student();
    await setStreak(userId, { current: 2, lastDay: '2026-11-22' });
    // Offline on Monday and Tuesday, a session each evening; both sent on Wednesday morning.
    clock.set(manila(25, '08:00'));
    for (const day of [23, 24]) {
      const ended = manila(day, '21:00');
      const rated = await call(cookie, 'POST', `${study}/flash/reviews`, {
        reviewId: randomUUID(),
        cardId: CARD,
        rating: 'good',
        reviewedAt: ended.toISOString(),
      });
      expect(rated.statusCode).toBe(200);
      const finish = await call(cookie, 'POST', `${study}/sessions/finish`, {
        mode: 'flash',
        finishedAt: ended.toISOString(),
      });
      expect(finish.json()).toMatchObject({ counted: true });
    }
    expect(await streakOf(userId)).toMatchObject({ current: 4, lastDay: '2026-11-24' });
  });

  it("a study finish stated beyond a rating's reach or in the future counts now; with nothing studied, nothing", async () => {
    clock.set(manila(25, '09:00'));
    const { cookie, userId } = await student();
    const finish = (finishedAt: Date) =>
      call(cookie, 'POST', `${study}/sessions/finish`, {
        mode: 'flash',
        finishedAt: finishedAt.toISOString(),
      });
    expect((await finish(manila(24, '22:00'))).json()).toEqual({ counted: false, streak: 0 });
    // One card today, and a finish that claims a day eight days back: further than the server
    // takes a rating's own time (core ratingTime), so it counts today.
    const rated = await call(cookie, 'POST', `${study}/flash/reviews`, {
      reviewId: randomUUID(),
      cardId: CARD,
      rating: 'good',
    });
    expect(rated.statusCode).toBe(200);
    expect((await finish(manila(17, '08:00'))).json()).toEqual({ counted: true, streak: 1 });
    expect(await streakOf(userId)).toMatchObject({ current: 1, lastDay: '2026-11-25' });
    // A phone a day ahead counts now as well.
    expect((await finish(manila(26, '09:00'))).json()).toEqual({ counted: true, streak: 1 });
    expect(await streakOf(userId)).toMatchObject({ current: 1, lastDay: '2026-11-25' });
  });

  it('a drill run or study session that counts nothing answers with the streak as it stands', async () => {
    clock.set(manila(22, '12:00'));
    const { cookie, userId } = await student();
    // Monday was missed and no freeze is held: the streak shown on Tuesday is 0.
    await setStreak(userId, { current: 5, lastDay: '2026-11-22' });
    clock.set(manila(24, '09:00'));
    const run = await startDrill(cookie);
    expect((await finishDrill(cookie, run.attemptId)).streak).toBe(0);
    const idle = await call(cookie, 'POST', `${study}/sessions/finish`, { mode: 'read' });
    expect(idle.json()).toEqual({ counted: false, streak: 0 });
    const summary = (await call(cookie, 'GET', '/api/progress/summary')).json();
    expect(summary.streak.current).toBe(0);
  });
});
