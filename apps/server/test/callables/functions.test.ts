import { SESSION_LOG_LIMITS, SESSION_LOG_MESSAGES } from '@pasado/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepSessionLogs } from '../../src/modules/auth/service.ts';
import { sessionLogs } from '../../src/platform/db/schema.ts';
import { ensureOffered } from '../helpers/offer-track.ts';
import { callFunction, signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

describe.each(ENGINES)('server functions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    for (const reviewer of ['let-elem', 'cse-pro'])
      await ensureOffered(t.app.database.db, reviewer);
  });
  afterAll(() => t.close());

  const claimsOf = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/claims?force=1', headers: { cookie } })).json().claims;

  it('refuses a caller without a session', async () => {
    const res = await callFunction(t, null, 'getServerTime', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Sign in to continue.' },
      requestId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    });
  });

  it('refuses a call from another origin, even with a session', async () => {
    const { cookie } = await signedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/functions/getServerTime',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { data: {} },
    });
    expect(res.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/functions/getServerTime',
      headers: { cookie },
      payload: { data: {} },
    });
    expect(missing.statusCode).toBe(403);
  });

  it('answers an unknown function with NOT_FOUND', async () => {
    const { cookie } = await signedInUser(t);
    const res = await callFunction(t, cookie, 'mintMoney', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error.status).toBe('NOT_FOUND');
  });

  it('getServerTime returns the server clock', async () => {
    const { cookie } = await signedInUser(t);
    const before = Date.now();
    const res = await callFunction(t, cookie, 'getServerTime', {});
    expect(res.statusCode).toBe(200);
    const { serverTime } = res.json().result;
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(serverTime).toBeLessThanOrEqual(Date.now());
  });

  it('getServerTime refuses unexpected input', async () => {
    const { cookie } = await signedInUser(t);
    const res = await callFunction(t, cookie, 'getServerTime', { hack: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.status).toBe('INVALID_ARGUMENT');
  });

  it('addSessionLog stores the entry for the caller only', async () => {
    const { cookie, userId } = await signedInUser(t);
    const res = await callFunction(t, cookie, 'addSessionLog', {
      type: 'app_open',
      payload: { screen: 'quiz' },
    });
    expect(res.json()).toEqual({ result: { success: true } });
    const rows = await t.app.database.db.query.sessionLogs.findMany({
      where: (log, { eq }) => eq(log.userId, userId),
    });
    expect(rows.map((r) => [r.type, r.payload])).toEqual([['app_open', { screen: 'quiz' }]]);
  });

  it('addSessionLog refuses a missing type and writes nothing', async () => {
    const { cookie, userId } = await signedInUser(t);
    const res = await callFunction(t, cookie, 'addSessionLog', { type: '  ', payload: {} });
    expect(res.statusCode).toBe(400);
    const rows = await t.app.database.db.query.sessionLogs.findMany({
      where: (log, { eq }) => eq(log.userId, userId),
    });
    expect(rows).toHaveLength(0);
  });

  // Issue 21 finding 5: 30 calls once stored 30.8 MB; now a few KB of flat fields, a daily cap,
  // and a retention period.
  it('addSessionLog refuses a large or nested payload and writes nothing', async () => {
    const { cookie, userId } = await signedInUser(t);
    for (const payload of [
      { blob: 'x'.repeat(SESSION_LOG_LIMITS.maxStringLength + 1) },
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, 'é'.repeat(190)])),
      { nested: { deep: true } },
      { list: [1, 2, 3] },
    ]) {
      const res = await callFunction(t, cookie, 'addSessionLog', { type: 'big', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    const rows = await t.app.database.db.query.sessionLogs.findMany({
      where: (log, { eq }) => eq(log.userId, userId),
    });
    expect(rows).toHaveLength(0);
  });

  it(`addSessionLog keeps at most ${SESSION_LOG_LIMITS.perDay} logs a student a Manila day`, async () => {
    const { cookie, userId } = await signedInUser(t);
    const db = t.app.database.db;
    // The day's allowance spent but one.
    await db.insert(sessionLogs).values(
      Array.from({ length: SESSION_LOG_LIMITS.perDay - 1 }, () => ({
        userId,
        type: 'earlier',
        payload: {},
      })),
    );
    const log = () => callFunction(t, cookie, 'addSessionLog', { type: 'one_more' });
    expect((await log()).statusCode).toBe(200);
    const refused = await log();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(SESSION_LOG_MESSAGES.dailyCap);
  });

  it('session logs past the retention period are swept', async () => {
    const { userId } = await signedInUser(t);
    const db = t.app.database.db;
    const now = new Date();
    const day = 24 * 60 * 60_000;
    const age = (days: number) => new Date(now.getTime() - days * day);
    await db.insert(sessionLogs).values([
      { userId, type: 'old', payload: {}, createdAt: age(SESSION_LOG_LIMITS.retentionDays + 1) },
      { userId, type: 'recent', payload: {}, createdAt: age(SESSION_LOG_LIMITS.retentionDays - 1) },
    ]);
    expect(await sweepSessionLogs(db, now)).toBeGreaterThanOrEqual(1);
    const rows = await db.query.sessionLogs.findMany({
      where: (l, { eq }) => eq(l.userId, userId),
    });
    expect(rows.map((r) => r.type)).toEqual(['recent']);
  });

  it('a body that is not { data } is refused', async () => {
    const { cookie } = await signedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/functions/getServerTime',
      headers: { cookie, origin: t.origin, 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(res.statusCode).toBe(400);
  });

  describe('applyRevAccess', () => {
    it('grants the reviewer, onboards and starts a 3-day free trial', async () => {
      const { cookie } = await signedInUser(t);
      expect(await claimsOf(cookie)).toMatchObject({
        isOnboarded: false,
        subscriptionStatus: null,
        access: {},
      });

      const before = Date.now();
      const res = await callFunction(t, cookie, 'applyRevAccess', {
        knowFrom: 'TikTok',
        reviewer: 'let-elem',
      });
      expect(res.json()).toEqual({ result: { success: true, freeTrialStarted: true } });

      expect(await claimsOf(cookie)).toMatchObject({
        isOnboarded: true,
        subscriptionStatus: 'completed',
        access: { 'let-elem': 'Granted' },
      });
      const me = (await t.app.inject({ url: '/api/me', headers: { cookie } })).json();
      const sub = (
        await t.app.inject({ url: `/api/subscriptions/${me.subscription.id}`, headers: { cookie } })
      ).json();
      expect(sub.isFreeTrial).toBe(true);
      const days = (Date.parse(sub.expiryDate) - before) / 86_400_000;
      expect(days).toBeGreaterThan(2.99);
      expect(days).toBeLessThan(3.01);
    });

    it('never starts a second free trial', async () => {
      const { cookie, userId } = await signedInUser(t);
      await callFunction(t, cookie, 'applyRevAccess', {
        knowFrom: 'Facebook',
        reviewer: 'let-elem',
      });
      const again = await callFunction(t, cookie, 'applyRevAccess', {
        knowFrom: 'Other',
        reviewer: 'cse-pro',
      });
      expect(again.json()).toEqual({ result: { success: true, freeTrialStarted: false } });
      const subs = await t.app.database.db.query.subscriptions.findMany({
        where: (s, { eq }) => eq(s.userId, userId),
      });
      expect(subs).toHaveLength(1);
    });

    it('once onboarded, a second call switches track: the new grant replaces the old, audited (issue 21)', async () => {
      const { cookie, userId } = await signedInUser(t);
      await callFunction(t, cookie, 'applyRevAccess', {
        knowFrom: 'Facebook',
        reviewer: 'let-elem',
      });
      const again = await callFunction(t, cookie, 'applyRevAccess', {
        knowFrom: 'Other',
        reviewer: 'cse-pro',
      });
      expect(again.json()).toEqual({ result: { success: true, freeTrialStarted: false } });
      // One track at a time: never a second reviewer's content added for free.
      expect((await claimsOf(cookie)).access).toEqual({ 'cse-pro': 'Granted' });
      const audit = await t.app.database.db.query.auditLog.findMany({
        where: (a, { and, eq }) => and(eq(a.targetId, userId), eq(a.action, 'switchTrack')),
      });
      expect(audit.map((a) => a.details)).toEqual([{ from: ['let-elem'], to: 'cse-pro' }]);
    });

    it('two devices onboarding at once start one trial', async () => {
      const { cookie, userId } = await signedInUser(t);
      const results = await Promise.all([
        callFunction(t, cookie, 'applyRevAccess', { knowFrom: 'Facebook', reviewer: 'let-elem' }),
        callFunction(t, cookie, 'applyRevAccess', { knowFrom: 'Facebook', reviewer: 'let-elem' }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const started = results.filter((r) => r.json().result.freeTrialStarted);
      expect(started).toHaveLength(1);
      const subs = await t.app.database.db.query.subscriptions.findMany({
        where: (s, { eq }) => eq(s.userId, userId),
      });
      expect(subs).toHaveLength(1);
    });

    it('refuses an unknown reviewer and changes nothing', async () => {
      const { cookie } = await signedInUser(t);
      const res = await callFunction(t, cookie, 'applyRevAccess', {
        knowFrom: 'TikTok',
        reviewer: 'nope',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'Choose one of the listed reviewers.',
      });
      expect(await claimsOf(cookie)).toMatchObject({
        isOnboarded: false,
        subscriptionStatus: null,
        access: {},
      });
    });

    it('refuses an answer outside the "how did you hear" options', async () => {
      const { cookie } = await signedInUser(t);
      const res = await callFunction(t, cookie, 'applyRevAccess', {
        knowFrom: 'Spam',
        reviewer: 'let-elem',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/^knowFrom: /);
    });
  });
});
