import { randomUUID } from 'node:crypto';
import { type ProgressSummary, STREAK_FREEZE, STREAK_FREEZE_MESSAGES } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Activity, recordActivity } from '../../src/modules/progress/record-activity.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import {
  streakFreezePurchases,
  subjects,
  topics,
  userStreaks,
  users,
} from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

const quiz: Activity = {
  topics: [{ topicId: 'sf.topic', answered: 5, correct: 3, seconds: 120 }],
  gems: 3,
  drillPoints: 0,
  finished: true,
};
/** Noon in Manila on a day of November 2026. */
const manilaNoon = (day: number) => new Date(Date.UTC(2026, 10, day, 4));

/**
 * Issue 23 item 5: a streak freeze is bought with gems (50; at most 2 held), decided on the server
 * under the user row's lock; one is used by itself for each missed Manila day and keeps the streak
 * without adding to it.
 */
describe.each(ENGINES)('streak freeze on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(manilaNoon(26));
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    await t.app.database.db
      .insert(subjects)
      .values({ id: 'sf.subject', reviewerShorthand: 'let-elem', name: 'S' });
    await t.app.database.db
      .insert(topics)
      .values({ id: 'sf.topic', subjectId: 'sf.subject', name: 'T' });
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  // The clock moves across days: a session long enough to outlast it. Tasks' writes need access:
  // the trial starts on the clock's day and every day a test then moves to is before its end.
  const student = () => createOnboardedStudent(t, { ttlMs: 60 * 86_400_000 });
  const buy = (cookie: string | null, purchaseId: string = randomUUID()) =>
    callApi(t, cookie, 'POST', '/api/progress/streak-freeze', { purchaseId });
  const summary = async (cookie: string) =>
    (await callApi(t, cookie, 'GET', '/api/progress/summary')).json() as ProgressSummary;
  const giveGems = (userId: string, emerald: number) =>
    db().update(users).set({ gemsCollection: { emerald } }).where(eq(users.id, userId));
  const studyOn = (userId: string, day: number) =>
    db().transaction((tx) => recordActivity(tx, userId, quiz, manilaNoon(day)));
  const row = async (userId: string) =>
    (await db().select().from(userStreaks).where(eq(userStreaks.userId, userId)))[0];

  it('is for signed-in students only', async () => {
    expect((await buy(null)).statusCode).toBe(401);
  });

  it('buying with too few gems is refused and changes nothing', async () => {
    clock.set(manilaNoon(26));
    const { cookie, userId } = await student();
    await giveGems(userId, STREAK_FREEZE.price - 1);
    const res = await buy(cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(STREAK_FREEZE_MESSAGES.tooFewGems);
    const [user] = await db().select().from(users).where(eq(users.id, userId));
    expect(user?.gemsSpent).toBe(0);
    expect(await row(userId)).toBeUndefined();
    expect(
      await db()
        .select()
        .from(streakFreezePurchases)
        .where(eq(streakFreezePurchases.userId, userId)),
    ).toEqual([]);
    expect((await summary(cookie)).streak.freezes).toBe(0);
  });

  it('buys up to two, a retry buys once, and a third is refused; the level keeps the gems earned', async () => {
    clock.set(manilaNoon(26));
    const { cookie, userId } = await student();
    await giveGems(userId, 200);
    const first = randomUUID();
    expect((await buy(cookie, first)).json()).toEqual({
      freezes: 1,
      gemsToSpend: 150,
      alreadyBought: false,
    });
    expect((await buy(cookie, first)).json()).toEqual({
      freezes: 1,
      gemsToSpend: 150,
      alreadyBought: true,
    });
    expect((await buy(cookie)).json()).toMatchObject({ freezes: 2, gemsToSpend: 100 });
    const third = await buy(cookie);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(STREAK_FREEZE_MESSAGES.full);
    const after = await summary(cookie);
    expect([after.streak.freezes, after.gemsToSpend, after.gemsTotal]).toEqual([2, 100, 200]);
    // Each purchase moved the guard of a write decided on an unlocked read (ADR 037): the gems
    // and the streak are part of what an activity is decided on.
    const [user] = await db()
      .select({ activitySeq: users.activitySeq })
      .from(users)
      .where(eq(users.id, userId));
    expect(user?.activitySeq).toBe(2);
    // Another student's purchase is theirs alone.
    const other = await student();
    expect((await summary(other.cookie)).streak.freezes).toBe(0);
  });

  it('a missed Manila day uses a freeze: the streak stands, and the next day adds one', async () => {
    const { cookie, userId } = await student();
    for (const day of [10, 11, 12]) await studyOn(userId, day);
    clock.set(manilaNoon(12));
    await giveGems(userId, 100);
    await buy(cookie);
    // The 13th is missed; on the 14th the freeze has covered it.
    clock.set(manilaNoon(14));
    const before = await summary(cookie);
    expect(before.streak).toMatchObject({ current: 3, freezes: 0, lastFrozenDay: '2026-11-13' });
    const outcome = await studyOn(userId, 14);
    expect(outcome.streak).toBe(4);
    expect(await row(userId)).toMatchObject({
      current: 4,
      lastDay: '2026-11-14',
      freezes: 0,
      lastFrozenDay: '2026-11-13',
    });
  });

  it('without a freeze, or with fewer than the days missed, the streak is lost', async () => {
    const none = await student();
    for (const day of [10, 11, 12]) await studyOn(none.userId, day);
    expect((await studyOn(none.userId, 14)).streak).toBe(1);

    const short = await student();
    for (const day of [10, 11, 12]) await studyOn(short.userId, day);
    clock.set(manilaNoon(12));
    await giveGems(short.userId, 100);
    await buy(short.cookie);
    // The 13th and 14th missed, one freeze: it is used, and the streak is lost all the same. No
    // freeze kept it, so Tasks has no "A streak freeze kept your streak on …" to tell.
    clock.set(manilaNoon(15));
    expect((await summary(short.cookie)).streak).toMatchObject({
      current: 0,
      freezes: 0,
      lastFrozenDay: null,
    });
    expect((await studyOn(short.userId, 15)).streak).toBe(1);
    expect(await row(short.userId)).toMatchObject({ current: 1, lastFrozenDay: null });
  });

  it('a freeze bought after a missed day does not reach back over it', async () => {
    const { cookie, userId } = await student();
    for (const day of [10, 11]) await studyOn(userId, day);
    await giveGems(userId, 100);
    clock.set(manilaNoon(13)); // the 12th was missed, with no freeze held
    expect((await buy(cookie)).json().freezes).toBe(1);
    expect((await summary(cookie)).streak).toMatchObject({ current: 0, freezes: 1 });
    expect((await studyOn(userId, 13)).streak).toBe(1);
    // The freeze is still held for a later miss.
    expect((await row(userId))?.freezes).toBe(1);
  });
});
