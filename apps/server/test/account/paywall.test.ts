import { randomUUID } from 'node:crypto';
import {
  type AccessSubscription,
  type ContentDenial,
  contentDenial,
  gaveAccessAt,
  LATE_WORK_MS,
  manilaDayKey,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  tasksDenial,
} from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantReviewerAccess } from '../../src/modules/content/reviewers.repository.ts';
import { refreshChallenges } from '../../src/modules/progress/challenges.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import {
  questions,
  quizAttempts,
  subscriptions,
  userStreaks,
  users,
} from '../../src/platform/db/schema.ts';
import { createOnboardedStudent, type TestUser } from '../helpers/factories.ts';
import { type ApiMethod, callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, REVIEWER, SUBJECT_A, seedBank } from '../quiz/fixtures.ts';
import { type StudyFixture, seedStudyContent } from '../study/study-fixtures.ts';

const quiz = `/api/quiz/${REVIEWER}`;
const study = '/api/study/let-elem';
const DAY = 24 * 60 * 60_000;
const freezePurchase = randomUUID();

const onboardedForTasks = (subscription: AccessSubscription, now: Date) =>
  tasksDenial({ isOnboarded: true, subscription, now });

type Route = {
  name: string;
  method: ApiMethod;
  url: () => string;
  body?: () => unknown;
  /** The route's own rule, when it is not `contentDenial` now. */
  decide?: (subscription: AccessSubscription, now: Date) => ContentDenial | null;
};

/**
 * Issue 21 finding 1: the paywall is held by the server. Every content read and every new attempt
 * answers 403 with the reason unless the student holds the reviewer and a subscription that gives
 * access now (core `contentDenial`), for every status, before and after its expiry date; an open
 * mock may still be finished until its clock ends. Tasks' writes (reward claims, the streak
 * freeze) are refused as the guard keeps Tasks (core `tasksDenial`).
 */
describe.each(ENGINES)('the paywall on %s', (engine) => {
  let t: TestApp;
  let fx: StudyFixture;
  let student: TestUser & { trialId: string };
  let drillId: string;
  let liteId: string;
  let liteItem: string;
  const clock = new ManualClock(new Date('2026-11-26T04:00:00.000Z'));

  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    await seedBank(t.app.database.db);
    fx = await seedStudyContent(t.app.database.db);
    student = await createOnboardedStudent(t);
    await grantReviewerAccess(t.app.database.db, student.userId, REVIEWER);
    // Attempts begun while the trial gave access.
    const drill = await call('POST', `${study}/drill`, { subjectId: fx.subjectId });
    drillId = drill.json().attemptId;
    const lite = (await call('POST', `${quiz}/lite`, {})).json();
    if (!lite.items) throw new Error(JSON.stringify(lite));
    liteId = lite.attemptId;
    liteItem = lite.items[0].questionId;
    // Something on Tasks to claim and gems to spend: streak-3 earned, drill points, 200 gems.
    await db().transaction(async (tx) => {
      const now = clock.now();
      await tx
        .insert(userStreaks)
        .values({ userId: student.userId, current: 3, longest: 3, lastDay: manilaDayKey(now) });
      await tx
        .update(users)
        .set({ unclaimedDrillPoints: 30, gemsCollection: { emerald: 200 } })
        .where(eq(users.id, student.userId));
      await refreshChallenges(tx, student.userId, now);
    });
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  function call(method: ApiMethod, url: string, payload?: unknown) {
    return callApi(t, student.cookie, method, url, payload);
  }

  /** The student's current subscription set to `status`, ending a day ahead or a minute ago. */
  async function setSubscription(status: SubscriptionStatus | null, ended = false) {
    const now = clock.now();
    if (status === null) {
      await db()
        .update(users)
        .set({ currentSubscriptionId: null })
        .where(eq(users.id, student.userId));
      return;
    }
    await db()
      .update(users)
      .set({ currentSubscriptionId: student.trialId })
      .where(eq(users.id, student.userId));
    await db()
      .update(subscriptions)
      .set({
        status,
        expiryDate: new Date(now.getTime() + (ended ? -60_000 : DAY)),
      })
      .where(eq(subscriptions.id, student.trialId));
  }

  /** A lite quiz taken offline, finished `agoMs` before the server's now. */
  const offline = (agoMs = 20_000) => {
    const finish = clock.nowMs() - agoMs;
    return {
      clientAttemptId: randomUUID(),
      subjectId: SUBJECT_A,
      startedAt: new Date(finish - 40_000).toISOString(),
      finishedAt: new Date(finish).toISOString(),
      answers: [
        {
          questionId: 'tst-a-1',
          choiceIndex: keyOf('tst-a-1'),
          answeredAt: new Date(finish - 20_000).toISOString(),
        },
      ],
    };
  };

  const routes: Route[] = [
    { name: 'quiz home', method: 'GET', url: () => `${quiz}/quiz-home` },
    { name: 'start a lite quiz', method: 'POST', url: () => `${quiz}/lite`, body: () => ({}) },
    { name: 'the offline lite pool', method: 'GET', url: () => `${quiz}/offline-items` },
    {
      name: 'start a For-you set',
      method: 'POST',
      url: () => `${quiz}/lite`,
      body: () => ({ forYou: true }),
    },
    { name: 'the For-you kit', method: 'GET', url: () => `${quiz}/offline-for-you` },
    {
      name: 'send a lite quiz taken offline now',
      method: 'POST',
      url: () => `${quiz}/lite/offline-attempts`,
      body: () => offline(),
      // Taken 20 s ago: it counts if the subscription gave access then (core `gaveAccessAt`).
      decide: (subscription, now) =>
        gaveAccessAt(subscription, new Date(now.getTime() - 20_000), now)
          ? null
          : contentDenial({ granted: true, subscription, now }),
    },
    { name: 'open a lite quiz', method: 'GET', url: () => `${quiz}/attempts/${liteId}` },
    {
      name: 'answer a lite quiz',
      method: 'PUT',
      url: () => `${quiz}/attempts/${liteId}/answers/${liteItem}`,
      body: () => ({ flagged: true }),
    },
    {
      name: 'report an item',
      method: 'POST',
      url: () => `${quiz}/questions/${liteItem}/report`,
      body: () => ({ reason: 'The key looks wrong.' }),
    },
    { name: 'study launcher', method: 'GET', url: () => study },
    { name: 'flash queue', method: 'GET', url: () => `${study}/flash` },
    {
      name: 'rate a flash card',
      method: 'POST',
      url: () => `${study}/flash/reviews`,
      body: () => ({ reviewId: randomUUID(), cardId: fx.cards.a1, rating: 'good', seconds: 5 }),
    },
    { name: 'offline study pack', method: 'GET', url: () => `${study}/offline-pack` },
    { name: 'offline study progress', method: 'GET', url: () => `${study}/offline-progress` },
    { name: 'notes', method: 'GET', url: () => `${study}/topics/${fx.topicLearning}/notes` },
    { name: 'cards', method: 'GET', url: () => `${study}/topics/${fx.topicLearning}/cards` },
    {
      name: 'mark a note read',
      method: 'POST',
      url: () => `${study}/notes/${fx.notes.first}/read`,
      body: () => ({ seconds: 10 }),
    },
    {
      name: 'finish a study session',
      method: 'POST',
      url: () => `${study}/sessions/finish`,
      body: () => ({ mode: 'read' }),
    },
    {
      name: 'start a drill',
      method: 'POST',
      url: () => `${study}/drill`,
      body: () => ({ subjectId: fx.subjectId }),
    },
    {
      name: 'answer a drill',
      method: 'POST',
      url: () => `${study}/drill/${drillId}/answers`,
      body: () => ({ position: 0, choiceIndex: 0 }),
    },
    { name: 'finish a drill', method: 'POST', url: () => `${study}/drill/${drillId}/finish` },
    // Tasks' writes award or spend gems: they need what the guard asks of Tasks (core
    // `tasksDenial`; this student is onboarded). Allowed, each answers 200: the challenge once
    // claimed and the freeze once bought are answered again, and a claim after the drill points
    // were claimed answers 0.
    {
      name: 'claim a challenge',
      method: 'POST',
      url: () => '/api/progress/claims/challenge',
      body: () => ({ kind: 'streak', id: 'streak-3' }),
      decide: onboardedForTasks,
    },
    {
      name: 'claim drill points',
      method: 'POST',
      url: () => '/api/progress/claims/drill-points',
      body: () => ({ claimId: randomUUID() }),
      decide: onboardedForTasks,
    },
    {
      name: 'buy a streak freeze',
      method: 'POST',
      url: () => '/api/progress/streak-freeze',
      body: () => ({ purchaseId: freezePurchase }),
      decide: onboardedForTasks,
    },
  ];

  const cases = [
    ...SUBSCRIPTION_STATUSES.flatMap((status) => [
      { status, ended: false },
      { status, ended: true },
    ]),
    { status: null, ended: false },
  ] as const;

  it.each(cases)('%o: each content route answers as core decides', async ({ status, ended }) => {
    const now = clock.now();
    const subscription: AccessSubscription =
      status === null
        ? null
        : { status, expiryDate: new Date(now.getTime() + (ended ? -60_000 : DAY)) };
    for (const route of routes) {
      const expected = route.decide
        ? route.decide(subscription, now)
        : contentDenial({ granted: true, subscription, now });
      // Set before each call: the routes that succeed may change what the student holds.
      await setSubscription(status, ended);
      const res = await call(route.method, route.url(), route.body?.());
      if (expected === null) {
        expect(res.statusCode, `${route.name}: ${res.body}`).toBeLessThan(400 + 3);
        expect(res.statusCode, route.name).not.toBe(403);
      } else {
        expect(res.statusCode, `${route.name}: ${res.body}`).toBe(403);
        expect(res.json().error, route.name).toMatchObject({
          status: 'PERMISSION_DENIED',
          reason: expected,
        });
      }
    }
  });

  it('a refusal changes nothing: no attempt, no report, no hold', async () => {
    await setSubscription('completed', true);
    const before = await db()
      .select({ id: quizAttempts.id })
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, student.userId));
    expect((await call('POST', `${quiz}/lite`, {})).statusCode).toBe(403);
    expect((await call('POST', `${quiz}/mock`)).statusCode).toBe(403);
    expect(
      (await call('POST', `${quiz}/questions/tst-a-3/report`, { reason: 'Wrong.' })).statusCode,
    ).toBe(403);
    const after = await db()
      .select({ id: quizAttempts.id })
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, student.userId));
    expect(after).toEqual(before);
    const [held] = await db()
      .select({ heldAt: questions.heldAt })
      .from(questions)
      .where(eq(questions.id, 'tst-a-3'));
    expect(held?.heldAt).toBeNull();
  });

  it('a refusal changes no subscription: the claims read expires it, with the alert', async () => {
    await setSubscription('approved', true);
    const res = await call('GET', `${quiz}/quiz-home`);
    expect(res.json().error.reason).toBe('expired');
    const statusNow = async () =>
      (
        await db()
          .select({ status: subscriptions.status })
          .from(subscriptions)
          .where(eq(subscriptions.id, student.trialId))
      )[0]?.status;
    expect(await statusNow()).toBe('approved');
    const claims = await call('GET', '/api/auth/claims?force=1');
    expect(claims.json()).toMatchObject({ subscriptionExpired: true });
    expect(await statusNow()).toBe('expired');
  });

  it('a queued paid subscription takes over when the current one has ended on its own', async () => {
    await setSubscription('completed', true);
    const [next] = await db()
      .insert(subscriptions)
      .values({
        userId: student.userId,
        status: 'approved',
        isFreeTrial: false,
        expiryDate: new Date(clock.nowMs() + 30 * DAY),
        queuedAt: clock.now(),
        selectedPlan: {
          id: 'p1',
          name: '1 Month',
          description: '',
          price: 199,
          discount: 0,
          durationInDays: 30,
        },
      })
      .returning({ id: subscriptions.id });
    try {
      expect((await call('GET', `${quiz}/quiz-home`)).statusCode).toBe(200);
      expect((await call('GET', `${study}/flash`)).statusCode).toBe(200);
      // Still under review, it does too (docs/product.md#subscription-queue); revoked, it does not.
      const queuedAs = (status: 'pending' | 'revoked') =>
        db()
          .update(subscriptions)
          .set({ status })
          .where(eq(subscriptions.id, next?.id ?? ''));
      await queuedAs('pending');
      expect((await call('GET', `${quiz}/quiz-home`)).statusCode).toBe(200);
      await queuedAs('revoked');
      expect((await call('GET', `${quiz}/quiz-home`)).json().error.reason).toBe('expired');
    } finally {
      await db()
        .delete(subscriptions)
        .where(eq(subscriptions.id, next?.id ?? ''));
    }
  });

  it('an open mock is finished after the subscription ends; a new one is refused', async () => {
    await setSubscription('completed');
    const started = await call('POST', `${quiz}/mock`);
    expect(started.statusCode).toBe(201);
    const mock = started.json() as { attemptId: string; items: { questionId: string }[] };
    await setSubscription('completed', true);
    // Resumed (the same mock), answered, read again and submitted on the grant alone.
    const resumed = await call('POST', `${quiz}/mock`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().attemptId).toBe(mock.attemptId);
    const first = mock.items[0]?.questionId ?? '';
    const saved = await call('PUT', `${quiz}/attempts/${mock.attemptId}/answers/${first}`, {
      choiceIndex: keyOf(first),
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', `${quiz}/attempts/${mock.attemptId}`)).statusCode).toBe(200);
    expect((await call('POST', `${quiz}/attempts/${mock.attemptId}/submit`)).statusCode).toBe(200);
    // Its review (keys and rationales) is content: read again later, it needs the subscription,
    // however it is asked for (a second submit answered with the whole review).
    expect((await call('GET', `${quiz}/attempts/${mock.attemptId}`)).json().error.reason).toBe(
      'expired',
    );
    const resubmitted = await call('POST', `${quiz}/attempts/${mock.attemptId}/submit`);
    expect(resubmitted.statusCode).toBe(403);
    expect(resubmitted.json().error.reason).toBe('expired');
    expect(resubmitted.body).not.toContain('rationale');
    const again = await call('POST', `${quiz}/mock`);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.reason).toBe('expired');
  });

  it('a lite set begun while subscribed is not submitted after the end: no review, no gems', async () => {
    await setSubscription('completed');
    const lite = (await call('POST', `${quiz}/lite`, {})).json() as { attemptId: string };
    await setSubscription('expired', true);
    const gems = async () =>
      (await db().select().from(users).where(eq(users.id, student.userId)))[0]?.gemsCollection;
    const before = await gems();
    const refused = await call('POST', `${quiz}/attempts/${lite.attemptId}/submit`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.reason).toBe('expired');
    expect(refused.body).not.toContain('rationale');
    // Refused before anything was written.
    const [attempt] = await db()
      .select({ status: quizAttempts.status })
      .from(quizAttempts)
      .where(eq(quizAttempts.id, lite.attemptId));
    expect(attempt?.status).toBe('in_progress');
    expect(await gems()).toEqual(before);
    // Subscribed again, it is submitted.
    await setSubscription('completed');
    expect((await call('POST', `${quiz}/attempts/${lite.attemptId}/submit`)).statusCode).toBe(200);
  });

  it('a lite quiz taken offline before the subscription ended counts when sent after', async () => {
    await setSubscription('completed');
    const body = offline(5 * 60_000);
    // The subscription ended on its own a minute ago, after the quiz: it counts.
    await setSubscription('expired', true);
    expect((await call('POST', `${quiz}/lite/offline-attempts`, body)).statusCode).toBe(201);
    // Taken after the end: refused.
    const late = offline();
    const refused = await call('POST', `${quiz}/lite/offline-attempts`, late);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.reason).toBe('expired');
    // Sent again (its answer lost on the way), it answers with its review, as the first send did.
    expect((await call('POST', `${quiz}/lite/offline-attempts`, body)).statusCode).toBe(200);
    // Revoked by staff: nothing taken before counts either, and no review is sent again.
    await setSubscription('revoked', true);
    const revoked = await call('POST', `${quiz}/lite/offline-attempts`, offline());
    expect(revoked.json().error.reason).toBe('revoked');
    const again = await call('POST', `${quiz}/lite/offline-attempts`, body);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.reason).toBe('revoked');
    expect(again.body).not.toContain('rationale');
  });

  /** A flash rating given offline at `reviewedAt` (epoch ms), sent now. */
  const rate = (reviewedAt: number) =>
    call('POST', `${study}/flash/reviews`, {
      reviewId: randomUUID(),
      cardId: fx.cards.a2,
      rating: 'good',
      seconds: 5,
      reviewedAt: new Date(reviewedAt).toISOString(),
    });

  it('a flash rating given offline before the subscription ended counts when sent after', async () => {
    await setSubscription('completed', true);
    expect((await rate(clock.nowMs() - 5 * 60_000)).statusCode).toBe(200);
    const late = await rate(clock.nowMs() - 30_000);
    expect(late.statusCode).toBe(403);
    expect(late.json().error.reason).toBe('expired');
  });

  it('work done before the end counts only when it reaches the server within a day of being done', async () => {
    // A phone's clock (or a forged one) can date any work before the end: after a natural end only
    // work at most LATE_WORK_MS old still counts (docs/offline.md#the-phones-clock).
    await setSubscription('expired', true);
    const stale = await call(
      'POST',
      `${quiz}/lite/offline-attempts`,
      offline(LATE_WORK_MS + 60_000),
    );
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.reason).toBe('expired');
    const freshQuiz = offline(LATE_WORK_MS - 60_000);
    const fresh = await call('POST', `${quiz}/lite/offline-attempts`, freshQuiz);
    expect(fresh.statusCode).toBe(201);
    // Sent again once its day has passed (the first reply was lost): it was counted, so the phone
    // is answered with its result, not refused as late work.
    const sentAt = clock.now();
    clock.set(new Date(sentAt.getTime() + 120_000));
    try {
      const again = await call('POST', `${quiz}/lite/offline-attempts`, freshQuiz);
      expect(again.statusCode).toBe(200);
    } finally {
      clock.set(sentAt);
    }
    const staleRating = await rate(clock.nowMs() - LATE_WORK_MS - 60_000);
    expect(staleRating.statusCode).toBe(403);
    expect(staleRating.json().error.reason).toBe('expired');
    expect((await rate(clock.nowMs() - LATE_WORK_MS + 60_000)).statusCode).toBe(200);
  });

  it('without the grant the refusal says so, whatever the subscription', async () => {
    await setSubscription('approved');
    const res = await call('GET', '/api/quiz/cse-pro/quiz-home');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.reason).toBe('noReviewer');
  });
});
