import { randomUUID } from 'node:crypto';
import {
  CHALLENGES,
  FAIR_PLAY,
  FAIR_PLAY_MESSAGES,
  type ProgressSummary,
  totalGems,
  weekBoardKey,
} from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordActivity } from '../../src/modules/progress/record-activity.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import {
  leaderboardScores,
  rewardClaims,
  subjects,
  subscriptions,
  topics,
  transactions,
  users,
} from '../../src/platform/db/schema.ts';
import { DAY } from '../helpers/durations.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

describe.each(ENGINES)('progress: challenges and claims on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    const { db } = t.app.database;
    await db.insert(subjects).values({ id: 'subj-a', reviewerShorthand: 'let-elem', name: 'A' });
    await db.insert(topics).values({ id: 'topic-a', subjectId: 'subj-a', name: 'Topic A' });
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const get = (cookie: string | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (cookie: string | null, url: string, payload: unknown, origin = t.origin) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const claimChallenge = (cookie: string | null, kind: string, id: string) =>
    post(cookie, '/api/progress/claims/challenge', { kind, id });
  const claimDrill = (cookie: string | null, claimId: string = randomUUID()) =>
    post(cookie, '/api/progress/claims/drill-points', { claimId });
  const summary = async (cookie: string) =>
    (await get(cookie, '/api/progress/summary')).json() as ProgressSummary;
  const userRow = async (userId: string) =>
    (await db().select().from(users).where(eq(users.id, userId)))[0];
  const weekPoints = async (userId: string) =>
    (
      await db()
        .select({ points: leaderboardScores.points })
        .from(leaderboardScores)
        .where(
          and(
            eq(leaderboardScores.userId, userId),
            eq(leaderboardScores.board, weekBoardKey(new Date())),
          ),
        )
    )[0]?.points ?? 0;

  /** Three finished sessions on three consecutive days, ending today: earns streak-3. */
  async function earnThreeDayStreak(userId: string) {
    const now = Date.now();
    for (const daysAgo of [2, 1, 0]) {
      await db().transaction((tx) =>
        recordActivity(
          tx,
          userId,
          { topics: [], gems: 0, drillPoints: 0, finished: true },
          new Date(now - daysAgo * DAY),
        ),
      );
    }
  }

  it('locks every challenge for a new student and unlocks streak-3 after three days (refreshChallenges)', async () => {
    const user = await createOnboardedStudent(t);
    const before = await summary(user.cookie);
    expect(before.level).toBe('emerald');
    expect(before.nextLevel).toEqual({ name: 'sapphire', minGems: 500 });
    expect(
      [...before.challenges.streak, ...before.challenges.mastery].map((c) => c.status),
    ).toEqual(CHALLENGES.map(() => 'locked'));
    await earnThreeDayStreak(user.userId);
    const row = await userRow(user.userId);
    expect(row?.challengesProgress.streak.map((i) => `${i.id}:${i.status}`)).toEqual([
      'streak-3:unclaimed',
      'streak-7:locked',
      'streak-14:locked',
      'streak-30:locked',
    ]);
    const after = await summary(user.cookie);
    expect(after.streak).toMatchObject({ current: 3, longest: 3 });
    expect(after.challenges.streak[1]).toMatchObject({ id: 'streak-7', current: 3, target: 7 });
    // The users/{uid} document the red dot reads carries it too.
    const me = (await get(user.cookie, '/api/me')).json();
    expect(me.challengesProgress.streak[0]).toMatchObject({ id: 'streak-3', status: 'unclaimed' });
  });

  it('unlocks mastery from topic stats: 80% over 20 items', async () => {
    const user = await createOnboardedStudent(t);
    await db().transaction((tx) =>
      recordActivity(
        tx,
        user.userId,
        {
          topics: [{ topicId: 'topic-a', answered: 20, correct: 16, seconds: 60 }],
          gems: 16,
          drillPoints: 0,
          finished: true,
        },
        new Date(),
      ),
    );
    const s = await summary(user.cookie);
    expect(s.challenges.mastery.find((c) => c.id === 'topics-1')?.status).toBe('unclaimed');
    expect(s.challenges.mastery.find((c) => c.id === 'correct-50')).toMatchObject({
      status: 'locked',
      current: 16,
    });
  });

  it('pays a streak reward once: gems under the level, leaderboard points, item claimed; a second tap answers the same', async () => {
    const user = await createOnboardedStudent(t);
    await earnThreeDayStreak(user.userId);
    const first = await claimChallenge(user.cookie, 'streak', 'streak-3');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      rewardKey: 'streak:streak-3',
      gems: 20,
      alreadyClaimed: false,
      level: 'emerald',
      leveledUp: false,
    });
    const second = await claimChallenge(user.cookie, 'streak', 'streak-3');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      rewardKey: 'streak:streak-3',
      gems: 20,
      alreadyClaimed: true,
    });

    const row = await userRow(user.userId);
    expect(row?.gemsCollection).toEqual({ emerald: 20 });
    expect(row?.challengesProgress.streak[0]?.status).toBe('claimed');
    expect(await weekPoints(user.userId)).toBe(20);
    const s = await summary(user.cookie);
    expect(s.gemsTotal).toBe(20);
    expect(s.challenges.streak[0]?.status).toBe('claimed');
  });

  it('pays once when two devices claim at the same moment', async () => {
    const user = await createOnboardedStudent(t);
    await earnThreeDayStreak(user.userId);
    const [a, b] = await Promise.all([
      claimChallenge(user.cookie, 'streak', 'streak-3'),
      claimChallenge(user.cookie, 'streak', 'streak-3'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().alreadyClaimed, b.json().alreadyClaimed].sort()).toEqual([false, true]);
    expect(a.json().gems).toBe(20);
    expect(b.json().gems).toBe(20);
    expect((await userRow(user.userId))?.gemsCollection).toEqual({ emerald: 20 });
    expect(await weekPoints(user.userId)).toBe(20);
    const claims = await db()
      .select()
      .from(rewardClaims)
      .where(eq(rewardClaims.userId, user.userId));
    expect(claims).toHaveLength(1);
  });

  it('refuses a locked or unknown challenge with 409/400 and pays nothing', async () => {
    const user = await createOnboardedStudent(t);
    const locked = await claimChallenge(user.cookie, 'streak', 'streak-7');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe('This reward is not ready to claim yet.');
    expect((await claimChallenge(user.cookie, 'streak', 'no-such')).statusCode).toBe(409);
    expect((await claimChallenge(user.cookie, 'weekly', 'streak-3')).statusCode).toBe(400);
    expect((await post(user.cookie, '/api/progress/claims/challenge', {})).statusCode).toBe(400);
    const row = await userRow(user.userId);
    expect(row?.gemsCollection).toEqual({});
    expect(
      await db().select().from(rewardClaims).where(eq(rewardClaims.userId, user.userId)),
    ).toEqual([]);
  });

  it('moves the level up when a reward crosses the threshold', async () => {
    const user = await createOnboardedStudent(t);
    await db()
      .update(users)
      .set({ gemsCollection: { emerald: 490 } })
      .where(eq(users.id, user.userId));
    await earnThreeDayStreak(user.userId);
    const res = await claimChallenge(user.cookie, 'streak', 'streak-3');
    expect(res.json()).toMatchObject({ gems: 20, level: 'sapphire', leveledUp: true });
    const row = await userRow(user.userId);
    expect(row?.currentLevel).toBe('sapphire');
    expect(row?.gemsCollection).toEqual({ emerald: 510 });
  });

  it('claims drill points once, also from two devices at once, and resets them', async () => {
    const user = await createOnboardedStudent(t);
    await db().update(users).set({ unclaimedDrillPoints: 35 }).where(eq(users.id, user.userId));
    const versionBefore = (await userRow(user.userId))?.version ?? 0;
    const [a, b] = await Promise.all([claimDrill(user.cookie), claimDrill(user.cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const paid = [a.json().gems, b.json().gems].sort((x, y) => x - y);
    expect(paid).toEqual([0, 35]);
    const row = await userRow(user.userId);
    expect(row?.unclaimedDrillPoints).toBe(0);
    expect(row?.gemsCollection).toEqual({ emerald: 35 });
    expect(row?.version).toBeGreaterThan(versionBefore);
    expect(await weekPoints(user.userId)).toBe(35);

    // A retried request (same claimId) answers its first outcome.
    await db().update(users).set({ unclaimedDrillPoints: 5 }).where(eq(users.id, user.userId));
    const claimId = randomUUID();
    const first = (await claimDrill(user.cookie, claimId)).json();
    const retry = (await claimDrill(user.cookie, claimId)).json();
    expect(first).toMatchObject({ gems: 5, alreadyClaimed: false });
    expect(retry).toMatchObject({ gems: 5, alreadyClaimed: true });
    expect((await userRow(user.userId))?.gemsCollection).toEqual({ emerald: 40 });
    expect((await claimDrill(user.cookie, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('lists only the student’s own payments, newest first, with their subscription status', async () => {
    const user = await createOnboardedStudent(t);
    const other = await createOnboardedStudent(t);
    const plan = {
      id: '1-month',
      name: '1 Month',
      description: '',
      price: 199,
      discount: 0,
      durationInDays: 30,
    };
    const [sub] = await db()
      .insert(subscriptions)
      .values({
        userId: user.userId,
        status: 'pending',
        expiryDate: new Date(Date.now() + 30 * DAY),
        selectedPlan: plan,
      })
      .returning();
    const [otherSub] = await db()
      .insert(subscriptions)
      .values({
        userId: other.userId,
        status: 'approved',
        expiryDate: new Date(Date.now() + 30 * DAY),
      })
      .returning();
    if (!sub || !otherSub) throw new Error('no subscription');
    await db()
      .insert(transactions)
      .values([
        {
          subscriptionId: sub.id,
          userId: user.userId,
          price: 199,
          finalPrice: 199,
          refCode: '1111111111111',
          createdAt: new Date(Date.now() - DAY),
        },
        {
          subscriptionId: sub.id,
          userId: user.userId,
          price: 199,
          finalPrice: 199,
          paymentScreenshotUrl: '/api/files/x',
          createdAt: new Date(),
        },
        {
          subscriptionId: otherSub.id,
          userId: other.userId,
          price: 199,
          finalPrice: 199,
          refCode: '2222222222222',
        },
      ]);
    const res = await get(user.cookie, '/api/progress/payments');
    expect(res.statusCode).toBe(200);
    const { payments } = res.json();
    expect(payments).toHaveLength(2);
    expect(payments.map((p: { hasScreenshot: boolean }) => p.hasScreenshot)).toEqual([true, false]);
    expect(payments[1]).toMatchObject({
      refCode: '1111111111111',
      planName: '1 Month',
      subscriptionStatus: 'pending',
      finalPrice: 199,
    });
  });

  it('answers 401 without a session and 403 from another origin, changing nothing', async () => {
    expect((await get(null, '/api/progress/summary')).statusCode).toBe(401);
    expect((await get(null, '/api/progress/payments')).statusCode).toBe(401);
    expect((await claimChallenge(null, 'streak', 'streak-3')).statusCode).toBe(401);
    expect((await claimDrill(null)).statusCode).toBe(401);

    const user = await createOnboardedStudent(t);
    await earnThreeDayStreak(user.userId);
    await db().update(users).set({ unclaimedDrillPoints: 9 }).where(eq(users.id, user.userId));
    const foreign = 'https://evil.example';
    expect(
      (
        await post(
          user.cookie,
          '/api/progress/claims/challenge',
          { kind: 'streak', id: 'streak-3' },
          foreign,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          user.cookie,
          '/api/progress/claims/drill-points',
          { claimId: randomUUID() },
          foreign,
        )
      ).statusCode,
    ).toBe(403);
    const row = await userRow(user.userId);
    expect(row?.unclaimedDrillPoints).toBe(9);
    expect(row?.gemsCollection).toEqual({});
    expect(row?.challengesProgress.streak[0]?.status).toBe('unclaimed');
  });
});

/**
 * A Manila day awards at most 1,000 gems and leaderboard points (docs/product.md#fair-play), and
 * claims count toward it: before, a claim paid every banked drill point at once, so 28 days of
 * them (14,000) landed on one week's board on top of a day of quizzes.
 */
describe.each(ENGINES)('progress: claims under the daily cap on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-25T04:00:00.000Z')); // Wednesday noon in Manila
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const claim = (cookie: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { origin: t.origin, cookie }, payload });
  const claimDrill = (cookie: string) =>
    claim(cookie, '/api/progress/claims/drill-points', { claimId: randomUUID() });
  const userRow = async (userId: string) =>
    (await db().select().from(users).where(eq(users.id, userId)))[0];
  const weekPoints = async (userId: string) =>
    (
      await db()
        .select({ points: leaderboardScores.points })
        .from(leaderboardScores)
        .where(
          and(
            eq(leaderboardScores.userId, userId),
            eq(leaderboardScores.board, weekBoardKey(clock.now())),
          ),
        )
    )[0]?.points ?? 0;
  /** A day's quizzes that awarded `gems` today. */
  const earnToday = (userId: string, gems: number) =>
    db().transaction((tx) =>
      recordActivity(tx, userId, { topics: [], gems, drillPoints: 0, finished: true }, clock.now()),
    );

  it('pays banked drill points only up to what the day has left; the rest waits for tomorrow', async () => {
    const user = await createOnboardedStudent(t, { ttlMs: 3 * DAY });
    await db()
      .update(users)
      .set({ unclaimedDrillPoints: 28 * FAIR_PLAY.dailyDrillPoints })
      .where(eq(users.id, user.userId));
    await earnToday(user.userId, 600);

    const first = await claimDrill(user.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ gems: 400, alreadyClaimed: false });
    let row = await userRow(user.userId);
    expect(row?.unclaimedDrillPoints).toBe(14_000 - 400);
    expect(totalGems(row?.gemsCollection ?? {})).toBe(1_000);
    expect(await weekPoints(user.userId)).toBe(1_000);

    // Nothing left today: refused, nothing paid, the points still waiting.
    const again = await claimDrill(user.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(FAIR_PLAY_MESSAGES.drillClaimTomorrow);
    expect((await userRow(user.userId))?.unclaimedDrillPoints).toBe(13_600);
    // Quizzes after the claim award nothing more today either.
    expect((await earnToday(user.userId, 50)).gemsAdded).toBe(0);
    expect(await weekPoints(user.userId)).toBe(1_000);

    clock.advance(DAY);
    const tomorrow = await claimDrill(user.cookie);
    expect(tomorrow.json()).toMatchObject({ gems: 1_000 });
    row = await userRow(user.userId);
    expect(row?.unclaimedDrillPoints).toBe(12_600);
    expect(await weekPoints(user.userId)).toBe(2_000);
  });

  it('pays a challenge reward its gems in full, its leaderboard points up to what the day has left', async () => {
    const user = await createOnboardedStudent(t);
    for (const daysAgo of [2, 1]) {
      await db().transaction((tx) =>
        recordActivity(
          tx,
          user.userId,
          { topics: [], gems: 0, drillPoints: 0, finished: true },
          new Date(clock.nowMs() - daysAgo * DAY),
        ),
      );
    }
    await earnToday(user.userId, 990);
    const res = await claim(user.cookie, '/api/progress/claims/challenge', {
      kind: 'streak',
      id: 'streak-3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gems: 20, alreadyClaimed: false });
    expect((await userRow(user.userId))?.gemsCollection).toEqual({ emerald: 990, sapphire: 20 });
    expect(await weekPoints(user.userId)).toBe(1_000);
    const [stored] = await db()
      .select()
      .from(rewardClaims)
      .where(eq(rewardClaims.userId, user.userId));
    expect(stored).toMatchObject({ gems: 20, points: 10 });
  });
});
