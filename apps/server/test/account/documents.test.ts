import { userDocSchema } from '@pasado/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOffered } from '../helpers/offer-track.ts';
import { callFunction, signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

describe.each(ENGINES)('documents on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureOffered(t.app.database.db, 'cse-pro');
  });
  afterAll(() => t.close());

  it.each([
    '/api/me',
    '/api/me/devices',
    '/api/reviewers',
    '/api/auth/claims',
    `/api/subscriptions/${crypto.randomUUID()}`,
  ])('%s answers 401 without a session', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.status).toBe('UNAUTHENTICATED');
  });

  it('a forged or stale session cookie is refused and cleared', async () => {
    const res = await t.app.inject({
      url: '/api/me',
      headers: { cookie: 'pasado_session=forged' },
    });
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/pasado_session=;/);
  });

  it('GET /api/me returns the user document with the spec defaults', async () => {
    const { cookie, email, userId } = await signedInUser(t);
    const res = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const doc = userDocSchema.parse(res.json());
    expect(doc).toMatchObject({
      id: userId,
      email,
      currentLevel: 'emerald',
      gemsCollection: {},
      subscription: null,
      queuedSubscriptions: [],
      challengesProgress: { streak: [], mastery: [] },
      isOnboarded: false,
    });
  });

  it('GET /api/me/devices lists the current device', async () => {
    const { cookie, deviceId } = await signedInUser(t);
    const doc = (await t.app.inject({ url: '/api/me/devices', headers: { cookie } })).json();
    expect(doc.currentDeviceUsed).toBe(deviceId);
    expect(doc.devices).toEqual([
      expect.objectContaining({ userDeviceID: deviceId, deviceInfo: 'vitest', isActive: true }),
    ]);
  });

  it('GET /api/reviewers lists at least three exam tracks', async () => {
    const { cookie } = await signedInUser(t);
    const { reviewers } = (
      await t.app.inject({ url: '/api/reviewers', headers: { cookie } })
    ).json();
    expect(reviewers.length).toBeGreaterThanOrEqual(3);
    expect(reviewers.map((r: { shorthand: string }) => r.shorthand)).toEqual(
      expect.arrayContaining(['cse-pro', 'let-elem', 'let-sec']),
    );
  });

  it('a subscription is readable by its owner only', async () => {
    const owner = await signedInUser(t);
    await callFunction(t, owner.cookie, 'applyRevAccess', {
      knowFrom: 'TikTok',
      reviewer: 'cse-pro',
    });
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie: owner.cookie } })).json();
    const url = `/api/subscriptions/${me.subscription.id}`;

    const mine = await t.app.inject({ url, headers: { cookie: owner.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      userId: owner.userId,
      status: 'completed',
      isFreeTrial: true,
      transactionIds: [],
    });

    const stranger = await signedInUser(t);
    const theirs = await t.app.inject({ url, headers: { cookie: stranger.cookie } });
    expect(theirs.statusCode).toBe(403);
  });

  it('a malformed subscription id is a 400, an unknown one a 404', async () => {
    const { cookie } = await signedInUser(t);
    expect(
      (await t.app.inject({ url: '/api/subscriptions/not-a-uuid', headers: { cookie } }))
        .statusCode,
    ).toBe(400);
    const unknown = await t.app.inject({
      url: `/api/subscriptions/${crypto.randomUUID()}`,
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('an unknown API path is a JSON 404, not the web app', async () => {
    const { cookie } = await signedInUser(t);
    const res = await t.app.inject({
      url: '/api/nothing-here',
      headers: { cookie, accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.status).toBe('NOT_FOUND');
  });
});
