import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../src/modules/auth/service.ts';
import { SESSION_CACHE_TTL_MS, sessionCacheOf } from '../../src/modules/auth/session-plugin.ts';
import { hashToken } from '../../src/modules/auth/sessions.repository.ts';
import { setRole, touchUser } from '../../src/modules/users/repository.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { sessions, users } from '../../src/platform/db/schema.ts';
import { createOnboardedStudent, createStudent } from '../helpers/factories.ts';
import { ensureOffered } from '../helpers/offer-track.ts';
import { callFunction, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { formAction, TestBrowser } from '../helpers/test-browser.ts';
import { ENGINES } from '../helpers/test-database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The session cache (docs/product.md#quality-bars quality bar on hot reads) must not weaken sign-out, one device
// per login (docs/product.md#overview) or expiry: on the process that made the change they take effect at once.
// The cache and the session lookup read the app's clock, so the tests move it instead of sleeping.
describe.each(ENGINES)('session revocation with the session cache on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock();
  /** Topics this app's hub was told of: tests start once their sign-in's own notices arrived. */
  const seen = new Set<string>();
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    await ensureOffered(t.app.database.db, 'let-elem');
    t.app.liveHub.subscribeNotices((notice) => seen.add(notice.topic));
  });
  afterAll(() => t.close());

  async function settled(userId: string) {
    while (!seen.has(`sessions/${userId}`)) await sleep(10);
    seen.clear();
  }
  async function student() {
    const user = await createStudent(t);
    await settled(user.userId);
    return user;
  }
  const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
  /** Two reads: the second is answered from the cache. */
  async function warm(cookie: string) {
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(sessionCacheOf(t.app).get(hashToken(cookie.replace('pasado_session=', '')))).not.toBe(
      null,
    );
  }
  const revokeBehindTheAppsBack = (userId: string) =>
    t.app.database.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'signed-out' })
      .where(eq(sessions.userId, userId));

  async function signInThroughPopup(browser: TestBrowser, email: string, device: string) {
    const start = await browser.navigate(`${t.url}/api/auth/login?device=${device}`);
    const html = await start.response?.text();
    const done = await browser.navigate(formAction(html ?? '', start.url), {
      method: 'POST',
      form: { email },
    });
    expect(done.response?.status).toBe(200);
  }

  it('is in play: a revocation made outside the app is served from the cache until the TTL', async () => {
    // Without this, the tests below would pass with the cache deleted.
    const { cookie, userId } = await student();
    await warm(cookie);
    await revokeBehindTheAppsBack(userId);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(SESSION_CACHE_TTL_MS - 1);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(1);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('signing out ends the session at once, though it was being served from the cache', async () => {
    const { cookie } = await student();
    await warm(cookie);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: t.origin },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("signing in on a second device ends the first device's cached session at once", async () => {
    const phone = new TestBrowser();
    const laptop = new TestBrowser();
    await signInThroughPopup(phone, 'cached.phone@example.com', 'device-cached-phone');
    const read = () => phone.request(new URL(`${t.url}/api/me`), 'GET');
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    await signInThroughPopup(laptop, 'cached.phone@example.com', 'device-cached-laptop');
    expect((await read()).status).toBe(401);
    expect((await laptop.request(new URL(`${t.url}/api/me`), 'GET')).status).toBe(200);
  });

  it('an expired session is refused even while its cache entry is fresh', async () => {
    // Expires well inside the TTL of the entry the reads below put in the cache.
    const ttlMs = 3_000;
    const { token, userId } = await signIn(t.app.database.db, {
      identity: {
        issuer: 'https://issuer.test',
        subject: 'short',
        email: 'short@example.com',
        emailVerified: true,
        name: null,
      },
      deviceId: 'device-short-lived',
      deviceInfo: 'vitest',
      ttlMs,
      now: clock.now(),
    });
    const cookie = `pasado_session=${token}`;
    await settled(userId);
    await warm(cookie);
    clock.advance(ttlMs - 1);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(1);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('a write checks the session in the database, and drops a stale cache entry', async () => {
    const { cookie, userId } = await student();
    await warm(cookie);
    await revokeBehindTheAppsBack(userId);
    const write = await callFunction(t, cookie, 'applyRevAccess', {
      knowFrom: 'Other',
      reviewer: 'let-elem',
    });
    expect(write.statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('a progress notice keeps the cached session; a role change drops it', async () => {
    const { cookie, userId } = await student();
    await warm(cookie);
    await revokeBehindTheAppsBack(userId);
    // Every answer, rating and finish announces users/{uid} (ADR 036): the session stays cached.
    await touchUser(t.app.database.db, userId);
    while (!seen.has(`users/${userId}`)) await sleep(10);
    expect((await me(cookie)).statusCode).toBe(200);
    // A role change announces sessions/{uid}: the next request reads the session afresh.
    await setRole(t.app.database.db, userId, 'student');
    await settled(userId);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  async function subscriptionOfAnotherStudent(): Promise<string> {
    const owner = await createOnboardedStudent(t);
    await settled(owner.userId);
    return owner.trialId;
  }
  const setRoleBehindTheAppsBack = (userId: string, role: 'student' | 'admin') =>
    t.app.database.db.update(users).set({ role }).where(eq(users.id, userId));

  it('staff sessions are never cached: a role taken away ends at once', async () => {
    const subscriptionId = await subscriptionOfAnotherStudent();
    const staff = await student();
    await setRoleBehindTheAppsBack(staff.userId, 'admin');
    const read = () =>
      t.app.inject({
        url: `/api/subscriptions/${subscriptionId}`,
        headers: { cookie: staff.cookie },
      });
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    await setRoleBehindTheAppsBack(staff.userId, 'student');
    expect((await read()).statusCode).toBe(403);
  });

  it('claims that disagree with the cached session refresh it (a new staff member)', async () => {
    const subscriptionId = await subscriptionOfAnotherStudent();
    const staff = await student();
    await warm(staff.cookie);
    await setRoleBehindTheAppsBack(staff.userId, 'admin');
    const claims = await t.app.inject({
      url: '/api/auth/claims',
      headers: { cookie: staff.cookie },
    });
    expect(claims.json().claims.role).toBe('admin');
    const read = await t.app.inject({
      url: `/api/subscriptions/${subscriptionId}`,
      headers: { cookie: staff.cookie },
    });
    expect(read.statusCode).toBe(200);
  });
});
