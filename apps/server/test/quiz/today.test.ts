import { randomUUID } from 'node:crypto';
import {
  applyRating,
  attemptStateSchema,
  emptyStudentModel,
  flashReviewResponseSchema,
  keptSittingDays,
  type ProgressSummary,
  quizHomeSchema,
  RETENTION_NEAR,
  recordAnswer,
  retentionOn,
  type StoredCardState,
  seedDifficulty,
  studyOfflineProgressSchema,
  type TodayList,
} from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import {
  dailyAwards,
  examSittings,
  flashCards,
  mockExamStreaks,
  readinessModels,
} from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { type ApiMethod, callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, MOCK_MINUTES, REVIEWER, SUBJECT_A, seedBank } from './fixtures.ts';

const base = `/api/quiz/${REVIEWER}`;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** 10:00 in Manila, 15 January 2027. */
const START = new Date('2027-01-15T10:00:00+08:00');
/** 60 Manila days after START: the plan's mocks fall on 2026-12-22, 2027-01-17, 02-11, 03-09. */
const EXAM_FAR = '2027-03-16';
/** 5 days after START: flash cards at the retention of the last week. */
const EXAM_NEAR = '2027-01-20';
const CARDS = ['tdy-card-1', 'tdy-card-2'];

/**
 * Issue 23 item 5 (ADR 033): quiz home's Today list — the plan's items, the flash cards due, the
 * full mock when one is owed — each row done from the server's data for the student's Manila day;
 * a complete list is a streak day; and flash cards scheduled at the retention of the exam date.
 */
describe.each(ENGINES)('the Today list and the exam-date retention on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(START);
  const sittingOf: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    const db = t.app.database.db;
    await seedBank(db);
    await db
      .insert(flashCards)
      .values(
        CARDS.map((id) => ({ id, topicId: 'tst-top-a', front: `Front ${id}`, back: 'Back' })),
      );
    for (const day of [EXAM_FAR, EXAM_NEAR]) {
      const [row] = await db
        .insert(examSittings)
        .values({
          reviewerShorthand: REVIEWER,
          startsOn: day,
          days: [{ date: day, partIds: ['part-a', 'part-b'] }],
        })
        .returning();
      sittingOf[day] = row?.id ?? '';
    }
  });
  afterAll(() => t.close());

  const call = (cookie: string | null, method: ApiMethod, url: string, payload?: unknown) =>
    callApi(t, cookie, method, url, payload);
  /** A student of the track, with a session that outlasts the days the clock moves. */
  const student = () => createOnboardedStudent(t, { reviewer: REVIEWER, ttlMs: 30 * DAY });
  const pick = async (cookie: string, examDay: string) => {
    const res = await call(cookie, 'PUT', `/api/reviewers/${REVIEWER}/sitting`, {
      sittingId: sittingOf[examDay],
    });
    expect(res.statusCode).toBe(200);
  };
  const today = async (cookie: string): Promise<TodayList | null> => {
    const res = await call(cookie, 'GET', `${base}/quiz-home`);
    expect(res.statusCode).toBe(200);
    return quizHomeSchema.parse(res.json()).today;
  };
  const rate = async (cookie: string, cardId: string, rating: string, reviewId = randomUUID()) => {
    const res = await call(cookie, 'POST', `/api/study/${REVIEWER}/flash/reviews`, {
      reviewId,
      cardId,
      rating,
      seconds: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    return flashReviewResponseSchema.parse(res.json());
  };
  /** Answers every item of a started attempt (all right) and submits it. */
  async function finish(cookie: string, started: { statusCode: number; json: () => unknown }) {
    expect([200, 201]).toContain(started.statusCode);
    const state = attemptStateSchema.parse(started.json());
    for (const item of state.items) {
      const id = item.questionId;
      await call(cookie, 'PUT', `${base}/attempts/${state.attemptId}/answers/${id}`, {
        choiceIndex: keyOf(id),
      });
    }
    const done = await call(cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`);
    expect(done.statusCode).toBe(200);
    return state.items.length;
  }
  const liteSet = async (cookie: string) =>
    finish(cookie, await call(cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A }));
  /** A lite set of subject A with every answer wrong, finished. */
  async function poorSet(cookie: string) {
    const started = await call(cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A });
    expect(started.statusCode).toBe(201);
    const state = attemptStateSchema.parse(started.json());
    for (const item of state.items) {
      const id = item.questionId;
      await call(cookie, 'PUT', `${base}/attempts/${state.attemptId}/answers/${id}`, {
        choiceIndex: (keyOf(id) + 1) % 4,
      });
    }
    const done = await call(cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`);
    expect(done.statusCode).toBe(200);
    return state.items.length;
  }
  const fullMock = async (cookie: string) =>
    finish(cookie, await call(cookie, 'POST', `${base}/mock`));

  it('a student without an exam date gets no list', async () => {
    clock.set(START);
    const { cookie } = await student();
    expect(await today(cookie)).toBeNull();
    await liteSet(cookie);
    expect(await today(cookie)).toBeNull();
  });

  it('each row is done from the day’s data; a complete list counts the day; the next Manila day starts over', async () => {
    clock.set(START);
    const { cookie } = await student();
    await pick(cookie, EXAM_FAR);
    // 60 days out with no prediction yet: the daily minimum; the plan's first mock day (12 weeks
    // before) has passed with no mock taken, so one is owed.
    expect(await today(cookie)).toEqual({
      day: '2027-01-15',
      items: { answered: 0, target: 20, done: false },
      cards: { due: 0, reviewed: 0, done: true },
      mock: { planDay: '2026-12-22', done: false },
      complete: false,
    });

    const lite = await liteSet(cookie);
    // A card rated Again comes back within minutes: due, so the cards row is not done.
    await rate(cookie, CARDS[0] as string, 'again');
    clock.set(START.getTime() + 5 * MINUTE);
    let list = await today(cookie);
    expect(list?.items).toEqual({ answered: lite, target: 20, done: false });
    expect(list?.cards).toEqual({ due: 1, reviewed: 1, done: false });

    await rate(cookie, CARDS[0] as string, 'easy');
    const mock = await fullMock(cookie);
    list = await today(cookie);
    expect(list).toEqual({
      day: '2027-01-15',
      items: { answered: lite + mock, target: 20, done: true },
      cards: { due: 0, reviewed: 1, done: true },
      mock: { planDay: '2026-12-22', done: true },
      complete: true,
    });
    // The complete list is a streak day: decided by the server from the same finishes.
    const summary = (await call(cookie, 'GET', '/api/progress/summary')).json() as ProgressSummary;
    expect(summary.streak).toMatchObject({ current: 1, lastDay: '2027-01-15' });

    // 23:59 Manila is still the same day; 00:01 is a new list: nothing answered yet, and the
    // mock of 22 December was settled yesterday.
    clock.set(new Date('2027-01-15T23:59:00+08:00'));
    expect((await today(cookie))?.complete).toBe(true);
    clock.set(new Date('2027-01-16T00:01:00+08:00'));
    expect(await today(cookie)).toEqual({
      day: '2027-01-16',
      items: { answered: 0, target: 20, done: false },
      cards: { due: 0, reviewed: 0, done: true },
      mock: null,
      complete: false,
    });
    // The plan's next mock day comes: a mock is owed again.
    clock.set(new Date('2027-01-17T09:00:00+08:00'));
    expect((await today(cookie))?.mock).toEqual({ planDay: '2027-01-17', done: false });
  });

  it('the plan’s next full mock is the owed one, today, until it is taken; then the next plan day', async () => {
    clock.set(START);
    const { cookie } = await student();
    await pick(cookie, EXAM_FAR);
    const plan = async () =>
      quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).json()).readiness?.plan;
    // Owed since 22 December: today's.
    expect((await plan())?.nextMockDay).toBe('2027-01-15');
    await fullMock(cookie);
    // Taken: the plan's next day, not "today" again.
    expect((await plan())?.nextMockDay).toBe('2027-01-17');
  });

  it('the day’s item target is the first one of the day: a poor set later leaves it, and the list done', async () => {
    clock.set(START);
    const { cookie, userId } = await student();
    await pick(cookie, EXAM_NEAR);
    // 40 answers a part, two in three right, just before: short of the line, so the plan asks for
    // more than the minimum, and a set's answers move what it would ask.
    let model = emptyStudentModel();
    for (const place of [
      { partId: 'part-a', topicId: 'tst-top-a' },
      { partId: 'part-b', topicId: 'tst-top-b' },
    ]) {
      for (let i = 0; i < 40; i += 1) {
        model = recordAnswer(
          model,
          { ...place, correct: i % 3 !== 0, at: new Date(START.getTime() - (40 - i) * MINUTE) },
          { difficulty: seedDifficulty(2), guess: 0.25 },
        ).model;
      }
    }
    await t.app.database.db.insert(readinessModels).values({ userId, reviewer: REVIEWER, model });
    const home = async () =>
      quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).json());

    const morning = await home();
    const target = morning.today?.items.target ?? 0;
    expect(target).toBeGreaterThan(20);
    expect(morning.readiness?.plan?.dailyItems).toBe(target);
    const minutes = morning.readiness?.plan?.dailyMinutes;

    // The day's practice so far, as the server counted it: the target met.
    await t.app.database.db
      .insert(dailyAwards)
      .values({ userId, day: '2027-01-15', answers: target, askedAnswers: target });
    clock.set(START.getTime() + 60 * MINUTE);
    expect((await home()).today?.items).toEqual({ answered: target, target, done: true });

    // A poor set: the model falls (a new day's plan would ask for more), today's target stays.
    const poor = await poorSet(cookie);
    clock.set(START.getTime() + 90 * MINUTE);
    const after = await home();
    expect(after.today?.items).toEqual({ answered: target + poor, target, done: true });
    expect(after.readiness?.plan).toMatchObject({ dailyItems: target, dailyMinutes: minutes });

    // Another exam date is another plan, worked out again; the next Manila day too.
    await pick(cookie, EXAM_FAR);
    expect((await home()).readiness?.plan?.dailyItems).toBe(20);
    await pick(cookie, EXAM_NEAR);
    const repicked = (await home()).readiness?.plan?.dailyItems ?? 0;
    expect(repicked).toBeGreaterThan(target);
    clock.set(new Date('2027-01-16T00:01:00+08:00'));
    expect((await home()).today?.items.target).toBeGreaterThan(target);
  });

  it('a mock whose time ran out late at night was finished that night, not when next opened', async () => {
    // Started at 23:00 Manila on the 16th, out of time at 23:34, noticed at 09:00 on the 17th (a
    // plan mock day): it does not count for the 17th, nor do its answers or its streak days.
    const started = new Date('2027-01-16T23:00:00+08:00');
    const deadline = new Date(started.getTime() + MOCK_MINUTES * MINUTE);
    clock.set(started);
    const { cookie, userId } = await student();
    await pick(cookie, EXAM_FAR);
    const open = await call(cookie, 'POST', `${base}/mock`);
    expect(open.statusCode).toBe(201);
    const state = attemptStateSchema.parse(open.json());
    for (const item of state.items) {
      await call(cookie, 'PUT', `${base}/attempts/${state.attemptId}/answers/${item.questionId}`, {
        choiceIndex: keyOf(item.questionId),
      });
    }

    clock.set(new Date('2027-01-17T09:00:00+08:00'));
    const home = quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).json());
    expect(home.recent[0]?.submittedAt).toBe(deadline.toISOString());
    expect(home.today).toEqual({
      day: '2027-01-17',
      items: { answered: 0, target: 20, done: false },
      cards: { due: 0, reviewed: 0, done: true },
      mock: { planDay: '2027-01-17', done: false },
      complete: false,
    });
    const summary = (await call(cookie, 'GET', '/api/progress/summary')).json() as ProgressSummary;
    expect(summary.streak).toMatchObject({ current: 1, lastDay: '2027-01-16' });
    const [streakDays] = await t.app.database.db
      .select({ days: mockExamStreaks.days })
      .from(mockExamStreaks)
      .where(eq(mockExamStreaks.userId, userId));
    expect(streakDays?.days).toEqual([16]);
  });

  it('a passed exam date forecasts nothing for its day: no exam-day chance, no days left, no plan', async () => {
    // The day before the exam (20 January), within the student's trial to the day after it.
    const before = new Date('2027-01-19T10:00:00+08:00');
    clock.set(before);
    const { cookie, userId } = await student();
    await pick(cookie, EXAM_NEAR);
    // 60 answers in each part, most right: enough for a chance today and on exam day.
    let model = emptyStudentModel();
    for (const place of [
      { partId: 'part-a', topicId: 'tst-top-a' },
      { partId: 'part-b', topicId: 'tst-top-b' },
    ]) {
      for (let i = 0; i < 60; i += 1) {
        model = recordAnswer(
          model,
          { ...place, correct: i % 5 !== 0, at: new Date(before.getTime() - (60 - i) * MINUTE) },
          { difficulty: seedDifficulty(2), guess: 0.25 },
        ).model;
      }
    }
    await t.app.database.db.insert(readinessModels).values({ userId, reviewer: REVIEWER, model });
    const readiness = async () =>
      quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).json()).readiness;
    expect((await readiness())?.passChance?.examDay).toEqual(expect.any(Number));

    // The day after the exam: that exam is over.
    clock.set(new Date('2027-01-21T09:00:00+08:00'));
    const after = await readiness();
    expect(after?.passChance?.today).toEqual(expect.any(Number));
    expect(after?.passChance?.examDay).toBeNull();
    expect(after?.daysLeft).toBeNull();
    expect(after?.plan).toBeNull();
  });

  it('the second day of a two-day sitting is exam day too: no plan, the exam-day chance is today’s', async () => {
    // A sitting over 27 and 28 January, as the NLE's two days, picked the day before (at noon,
    // so the student's 3-day trial lasts to the day after it).
    clock.set(new Date('2027-01-26T12:00:00+08:00'));
    const [sitting] = await t.app.database.db
      .insert(examSittings)
      .values({
        reviewerShorthand: REVIEWER,
        startsOn: '2027-01-27',
        days: [
          { date: '2027-01-27', partIds: ['part-a'] },
          { date: '2027-01-28', partIds: ['part-b'] },
        ],
      })
      .returning();
    const { cookie, userId } = await student();
    expect(
      (
        await call(cookie, 'PUT', `/api/reviewers/${REVIEWER}/sitting`, {
          sittingId: sitting?.id,
        })
      ).statusCode,
    ).toBe(200);
    let model = emptyStudentModel();
    for (const place of [
      { partId: 'part-a', topicId: 'tst-top-a' },
      { partId: 'part-b', topicId: 'tst-top-b' },
    ]) {
      for (let i = 0; i < 60; i += 1) {
        model = recordAnswer(
          model,
          {
            ...place,
            correct: i % 5 !== 0,
            at: new Date(clock.now().getTime() - (60 - i) * MINUTE),
          },
          { difficulty: seedDifficulty(2), guess: 0.25 },
        ).model;
      }
    }
    await t.app.database.db.insert(readinessModels).values({ userId, reviewer: REVIEWER, model });
    const home = async (manila: string) => {
      clock.set(new Date(`${manila}T10:00:00+08:00`));
      return quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).json());
    };
    for (const day of ['2027-01-27', '2027-01-28']) {
      const { readiness, today: list } = await home(day);
      expect(readiness?.daysLeft).toBe(0);
      expect(readiness?.passChance?.examDay).toBe(readiness?.passChance?.today);
      expect(readiness?.plan).toBeNull();
      expect(list).toBeNull();
    }
    // Flash cards on the second day still aim at exam day's retention, not a passed exam's, and
    // the phone keeps both days to rate offline as the server does.
    clock.set(new Date('2027-01-28T10:00:00+08:00'));
    const none = await student();
    const card = CARDS[1] as string;
    for (const c of [cookie, none.cookie]) await rate(c, card, 'good');
    clock.set(new Date('2027-01-28T10:10:00+08:00'));
    const dueSitting = Date.parse((await rate(cookie, card, 'good')).due);
    const dueNone = Date.parse((await rate(none.cookie, card, 'good')).due);
    expect(dueSitting).toBeLessThan(dueNone);
    const kept = studyOfflineProgressSchema.parse(
      (await call(cookie, 'GET', `/api/study/${REVIEWER}/offline-progress`)).json(),
    );
    expect([kept.examDay, kept.examLastDay]).toEqual(['2027-01-27', '2027-01-28']);

    const after = (await home('2027-01-29')).readiness;
    expect(after?.daysLeft).toBeNull();
    expect(after?.passChance?.examDay).toBeNull();
  });

  it('another student’s answers, cards and mocks never count in a student’s list', async () => {
    clock.set(START.getTime() + 2 * DAY);
    const mine = await student();
    const theirs = await student();
    await pick(mine.cookie, EXAM_FAR);
    await pick(theirs.cookie, EXAM_FAR);
    await liteSet(theirs.cookie);
    await fullMock(theirs.cookie);
    await rate(theirs.cookie, CARDS[1] as string, 'again');
    clock.set(START.getTime() + 2 * DAY + 5 * MINUTE);
    expect((await today(theirs.cookie))?.cards.due).toBe(1);
    expect(await today(mine.cookie)).toEqual({
      day: '2027-01-17',
      items: { answered: 0, target: 20, done: false },
      cards: { due: 0, reviewed: 0, done: true },
      mock: { planDay: '2027-01-17', done: false },
      complete: false,
    });
  });

  it('quiz home, the list with it, is the signed-in student’s own: 401 without a session', async () => {
    expect((await call(null, 'GET', `${base}/quiz-home`)).statusCode).toBe(401);
  });

  it('a near exam date schedules a card sooner than no exam date, and the phone gets the same', async () => {
    clock.set(START);
    const near = await student();
    const none = await student();
    await pick(near.cookie, EXAM_NEAR);
    const card = CARDS[1] as string;
    for (const s of [near, none]) await rate(s.cookie, card, 'good');
    clock.set(START.getTime() + 10 * MINUTE);

    // What the phone keeps: the schedule as it stands and the exam day the server counts to.
    const kept = studyOfflineProgressSchema.parse(
      (await call(near.cookie, 'GET', `/api/study/${REVIEWER}/offline-progress`)).json(),
    );
    expect(kept.examDay).toBe(EXAM_NEAR);
    const withoutDate = studyOfflineProgressSchema.parse(
      (await call(none.cookie, 'GET', `/api/study/${REVIEWER}/offline-progress`)).json(),
    );
    expect(withoutDate.examDay).toBeNull();

    const reviewId = randomUUID();
    const dueNear = Date.parse((await rate(near.cookie, card, 'good', reviewId)).due);
    const dueNone = Date.parse((await rate(none.cookie, card, 'good')).due);
    const at = clock.now();
    expect(dueNear).toBeLessThan(dueNone);
    expect(retentionOn(keptSittingDays(kept), at)).toBe(RETENTION_NEAR);

    // The phone's offline path (features/study/offline-flash.ts): core's rule on the kept state,
    // at core's retention of the kept exam day — the same moment as the server's.
    const before = kept.schedules.find((s) => s.cardId === card)?.state as StoredCardState;
    const retention = retentionOn(keptSittingDays(kept), at);
    const onPhone = applyRating(before, 'good', reviewId, at, retention);
    expect(onPhone.due.getTime()).toBe(dueNear);
  });
});
