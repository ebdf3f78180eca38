import type { UserDoc } from '@pasado/core';
import { attemptStateSchema } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getClaimsSnapshot } from '../../src/modules/account/claims.read-model.ts';
import {
  claimsCacheOf,
  USER_CACHE_TTL_MS,
  userDocCacheOf,
} from '../../src/modules/account/user-caches.ts';
import { getUserDoc } from '../../src/modules/account/user-doc.read-model.ts';
import { recordActivity } from '../../src/modules/progress/record-activity.ts';
import { touchUser } from '../../src/modules/users/repository.ts';
import { setRoleFromCli } from '../../src/modules/users/service.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { subscriptions, users } from '../../src/platform/db/schema.ts';
import { announce, topics } from '../../src/platform/live/topics.ts';
import { readThrough } from '../../src/platform/per-user-cache.ts';
import {
  applyRevAccess,
  createOnboardedStudent,
  createStaff,
  createStudent,
  type TestUser,
} from '../helpers/factories.ts';
import { ensureOffered } from '../helpers/offer-track.ts';
import { callApi, callFunction, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, REVIEWER, SUBJECT_A, seedBank } from '../quiz/fixtures.ts';
import { purchaseInput, subscribe, tempDataDir } from '../subscriptions/purchase-helpers.ts';

// ADR 022: on PGlite, GET /api/me and GET /api/auth/claims are answered from per-process caches
// that every change to what they show invalidates (the users/{uid} notice) before the writer's
// transaction resolves. Each kind of change below is made through the app, with the document and
// the claims cached just before it; afterwards both must equal a fresh database read. The first
// test shows the caches are in play, so these would fail if an invalidation were missed.
describe.each(ENGINES)('the user document and claims caches on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await startTestApp(engine, { DATA_DIR: tempDataDir() }, { clock });
    await seedBank(t.app.database.db);
    await ensureOffered(t.app.database.db, 'let-elem');
    staff = await createStaff(t);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const me = async (cookie: string) => {
    const res = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as UserDoc;
  };
  const claims = async (cookie: string) => {
    const res = await t.app.inject({ url: '/api/auth/claims', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as { claims: Record<string, unknown>; subscriptionExpired: boolean };
  };
  /** Reads both twice, so the second read is the cache's where there is one. */
  async function warm(user: TestUser) {
    await me(user.cookie);
    await claims(user.cookie);
    const doc = await me(user.cookie);
    await claims(user.cookie);
    if (engine === 'pglite') expect(userDocCacheOf(t.app)?.get(user.userId)).not.toBeNull();
    return doc;
  }
  /** What the app serves now equals what the database holds, and differs from `before`. */
  async function expectFresh(user: TestUser, before: UserDoc) {
    const served = await me(user.cookie);
    expect(served).toEqual(await getUserDoc(db(), user.userId));
    expect(served).not.toEqual(before);
    const snapshot = await getClaimsSnapshot(db(), user.userId);
    expect((await claims(user.cookie)).claims).toEqual(snapshot?.claims);
    return served;
  }
  const renameBehindTheAppsBack = (userId: string, displayName: string) =>
    db().update(users).set({ displayName }).where(eq(users.id, userId));

  it('are in play on PGlite only: a change that announces nothing is served late there', async () => {
    const user = await createOnboardedStudent(t);
    await warm(user);
    await renameBehindTheAppsBack(user.userId, 'Unannounced');
    if (engine === 'pglite') {
      expect((await me(user.cookie)).displayName).toBeNull();
      clock.advance(USER_CACHE_TTL_MS);
    } else {
      expect(userDocCacheOf(t.app)).toBeNull();
      expect(claimsCacheOf(t.app)).toBeNull();
    }
    expect((await me(user.cookie)).displayName).toBe('Unannounced');
  });

  it('a changed display name', async () => {
    const user = await createOnboardedStudent(t);
    const before = await warm(user);
    const res = await callApi(t, user.cookie, 'PUT', '/api/me/display-name', {
      displayName: 'Maria Clara',
    });
    expect(res.statusCode).toBe(200);
    expect((await expectFresh(user, before)).displayName).toBe('Maria Clara');
  });

  it('onboarding: onboarded, the free trial current, the track granted', async () => {
    const user = await createStudent(t);
    const before = await warm(user);
    expect((await applyRevAccess(t, user.cookie, { reviewer: 'let-elem' })).statusCode).toBe(200);
    const after = await expectFresh(user, before);
    expect(after.isOnboarded).toBe(true);
    expect(after.subscription?.status).toBe('completed');
    expect((await claims(user.cookie)).claims).toMatchObject({ access: { 'let-elem': 'Granted' } });
  });

  it('a finished lite quiz: the gems it earned are read back at once', async () => {
    const user = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const base = `/api/quiz/${REVIEWER}`;
    const start = await callApi(t, user.cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A });
    const state = attemptStateSchema.parse(start.json());
    for (const item of state.items.slice(0, 3)) {
      const url = `${base}/attempts/${state.attemptId}/answers/${item.questionId}`;
      const res = await callApi(t, user.cookie, 'PUT', url, {
        choiceIndex: keyOf(item.questionId),
      });
      expect(res.statusCode).toBe(200);
    }
    const before = await warm(user);
    const done = await callApi(
      t,
      user.cookie,
      'POST',
      `${base}/attempts/${state.attemptId}/submit`,
    );
    expect(done.statusCode).toBe(200);
    expect((await expectFresh(user, before)).gemsCollection).toEqual({ emerald: 3 });
  });

  it('progress recorded, then drill points claimed', async () => {
    const user = await createOnboardedStudent(t);
    const before = await warm(user);
    await db().transaction((tx) =>
      recordActivity(
        tx,
        user.userId,
        { topics: [], gems: 0, drillPoints: 7, finished: true },
        clock.now(),
      ),
    );
    const recorded = await expectFresh(user, before);
    expect(recorded.unclaimedDrillPoints).toBe(7);
    await warm(user);
    const claim = await callApi(t, user.cookie, 'POST', '/api/progress/claims/drill-points', {
      claimId: crypto.randomUUID(),
    });
    expect(claim.statusCode).toBe(200);
    expect((await expectFresh(user, recorded)).unclaimedDrillPoints).toBe(0);
  });

  it('a purchase queued behind the trial', async () => {
    const user = await createOnboardedStudent(t);
    const before = await warm(user);
    // Inside the trial's 24 h discount window (docs/product.md#constants).
    const res = await subscribe(
      t,
      user.cookie,
      purchaseInput({ plan: '3-months', price: 299, discountAmount: 150, finalPrice: 149 }),
    );
    expect(res.statusCode).toBe(200);
    const after = await expectFresh(user, before);
    expect(after.queuedSubscriptions).toEqual([res.json().result.subscriptionId]);
  });

  it("staff approving the current subscription: its status in the student's document", async () => {
    const user = await createStudent(t);
    const bought = await subscribe(t, user.cookie, purchaseInput());
    const subId = bought.json().result.subscriptionId as string;
    const before = await warm(user);
    expect(before.subscription).toEqual({ id: subId, status: 'pending' });
    const res = await callFunction(t, staff.cookie, 'updateSubscriptionStatus', {
      userEmail: user.email,
      userId: user.userId,
      subId,
      newStat: 'approved',
    });
    expect(res.statusCode).toBe(200);
    expect((await expectFresh(user, before)).subscription).toEqual({
      id: subId,
      status: 'approved',
    });
  });

  it('a cached subscription still expires when its date passes (claims)', async () => {
    const user = await createOnboardedStudent(t);
    await db()
      .update(subscriptions)
      .set({ expiryDate: new Date(clock.nowMs() + 2_000) })
      .where(eq(subscriptions.id, user.trialId));
    await db().transaction((tx) => touchUser(tx, user.userId));
    const before = await warm(user);
    clock.advance(3_000); // past the expiry, within the caches' TTL
    const res = await claims(user.cookie);
    expect(res).toMatchObject({
      claims: { subscriptionStatus: 'expired' },
      subscriptionExpired: true,
    });
    expect((await expectFresh(user, before)).subscription?.status).toBe('expired');
  });

  it('a role granted from the command line', async () => {
    const user = await createOnboardedStudent(t);
    await warm(user);
    const result = await setRoleFromCli(db(), { email: user.email, role: 'admin', action: 'test' });
    expect(result.outcome).toBe('changed');
    expect((await claims(user.cookie)).claims).toMatchObject({ role: 'admin' });
  });

  it('a subscription notice alone (a change made outside the services) clears them', async () => {
    const user = await createOnboardedStudent(t);
    const before = await warm(user);
    await db().transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({ status: 'suspended' })
        .where(eq(subscriptions.id, user.trialId));
      await announce(tx, topics.subscription(user.trialId));
    });
    expect((await expectFresh(user, before)).subscription?.status).toBe('suspended');
  });

  it('`force` reads the claims from the database', async () => {
    const user = await createOnboardedStudent(t);
    await warm(user);
    await db().update(users).set({ isOnboarded: false }).where(eq(users.id, user.userId));
    const forced = await t.app.inject({
      url: '/api/auth/claims?force=1',
      headers: { cookie: user.cookie },
    });
    expect(forced.json().claims).toMatchObject({ isOnboarded: false });
  });

  it.runIf(engine === 'pglite')(
    "PGlite delivers a change's notice before the writer's transaction resolves",
    async () => {
      const user = await createOnboardedStudent(t);
      const heard: string[] = [];
      const stop = t.app.liveHub.subscribeNotices((notice) => heard.push(notice.topic));
      try {
        await db().transaction((tx) => touchUser(tx, user.userId));
        expect(heard).toContain(`users/${user.userId}`);
      } finally {
        stop();
      }
    },
  );

  it.runIf(engine === 'pglite')(
    'a read that began before a change does not put the older document back',
    async () => {
      const user = await createOnboardedStudent(t);
      const cache = userDocCacheOf(t.app);
      // The factory's own read of /api/me filled the cache: start from a miss.
      cache?.forgetKey(user.userId);
      let read = false;
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      // A GET /api/me whose database read finishes only after the rename below committed.
      const slow = readThrough(cache, user.userId, user.userId, async () => {
        const doc = await getUserDoc(db(), user.userId);
        read = true;
        await gate;
        return doc;
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      const renamed = await callApi(t, user.cookie, 'PUT', '/api/me/display-name', {
        displayName: 'Jose Rizal',
      });
      expect(renamed.statusCode).toBe(200);
      expect(read).toBe(true);
      release();
      expect((await slow)?.displayName).toBeNull();
      expect((await me(user.cookie)).displayName).toBe('Jose Rizal');
    },
  );
});
