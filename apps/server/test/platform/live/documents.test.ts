import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveStream } from '../../helpers/live-stream.ts';
import { ensureOffered } from '../../helpers/offer-track.ts';
import { callFunction, signedInUser, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { ENGINES } from '../../helpers/test-database.ts';

describe.each(ENGINES)('live stream on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    for (const reviewer of ['nle', 'crim']) await ensureOffered(t.app.database.db, reviewer);
  });
  afterAll(() => t.close());

  it('ends at once, with `revoked`, for a caller without a session', async () => {
    // Not a 401: EventSource retries an error for good (test/auth/session-ended-elsewhere.test.ts).
    const stream = await openLiveStream(t.url, '', ['users/x']);
    expect(stream.status).toBe(200);
    const revoked = await stream.waitFor((e) => e.event === 'revoked');
    expect(revoked.data).toEqual({ reason: 'signed-out' });
    expect(stream.events).toHaveLength(1);
  });

  it("refuses unknown topics and other users' documents", async () => {
    const me = await signedInUser(t);
    const other = await signedInUser(t);
    expect((await openLiveStream(t.url, me.cookie, ['secrets/1'])).status).toBe(400);
    expect((await openLiveStream(t.url, me.cookie, [`users/${other.userId}`])).status).toBe(403);
    expect((await openLiveStream(t.url, me.cookie, [`login_devices/${other.userId}`])).status).toBe(
      403,
    );
    await callFunction(t, other.cookie, 'applyRevAccess', { knowFrom: 'Other', reviewer: 'nle' });
    const otherDoc = (
      await t.app.inject({ url: '/api/me', headers: { cookie: other.cookie } })
    ).json();
    expect(
      (await openLiveStream(t.url, me.cookie, [`subscriptions/${otherDoc.subscription.id}`]))
        .status,
    ).toBe(403);
  });

  it('sends a snapshot of every topic, then each change', async () => {
    const { cookie, userId, deviceId } = await signedInUser(t);
    const stream = await openLiveStream(t.url, cookie, [
      `users/${userId}`,
      `login_devices/${userId}`,
    ]);
    try {
      expect(stream.status).toBe(200);
      const snapshot = await stream.waitFor(
        (e) => (e.data as { topic: string }).topic === `users/${userId}`,
      );
      expect(snapshot.data).toMatchObject({
        kind: 'snapshot',
        data: { id: userId, isOnboarded: false },
      });
      await stream.waitFor(
        (e) =>
          (e.data as { kind: string; topic: string; data: { currentDeviceUsed?: string } }).data
            ?.currentDeviceUsed === deviceId,
      );

      await callFunction(t, cookie, 'applyRevAccess', { knowFrom: 'YouTube', reviewer: 'crim' });
      const change = await stream.waitFor((e) => {
        const d = e.data as { kind: string; data: { isOnboarded?: boolean } };
        return d.kind === 'change' && d.data?.isOnboarded === true;
      });
      expect(change.data).toMatchObject({
        topic: `users/${userId}`,
        data: { subscription: { status: 'completed' } },
      });
    } finally {
      stream.close();
    }
  });

  it('sends each document exactly as its GET answers it (the contract serialises both)', async () => {
    const { cookie, userId } = await signedInUser(t);
    await callFunction(t, cookie, 'applyRevAccess', { knowFrom: 'YouTube', reviewer: 'nle' });
    const get = async (url: string) => (await t.app.inject({ url, headers: { cookie } })).json();
    const me = await get('/api/me');
    const topics = {
      [`users/${userId}`]: me,
      [`subscriptions/${me.subscription.id}`]: await get(
        `/api/subscriptions/${me.subscription.id}`,
      ),
      [`login_devices/${userId}`]: await get('/api/me/devices'),
    };
    const stream = await openLiveStream(t.url, cookie, Object.keys(topics));
    try {
      for (const [topic, doc] of Object.entries(topics)) {
        const event = await stream.waitFor((e) => (e.data as { topic: string }).topic === topic);
        expect((event.data as { data: unknown }).data).toStrictEqual(doc);
      }
    } finally {
      stream.close();
    }
  });

  it('a change rolled back is never announced', async () => {
    const { cookie, userId } = await signedInUser(t);
    const stream = await openLiveStream(t.url, cookie, [`users/${userId}`]);
    try {
      await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');
      const { touchUser } = await import('../../../src/modules/users/repository.ts');
      await t.app.database.db
        .transaction(async (tx) => {
          await touchUser(tx, userId);
          throw new Error('abort');
        })
        .catch(() => undefined);
      await callFunction(t, cookie, 'applyRevAccess', { knowFrom: 'YouTube', reviewer: 'crim' });
      await stream.waitFor((e) => (e.data as { kind: string }).kind === 'change');
      const changes = stream.events.filter((e) => (e.data as { kind: string }).kind === 'change');
      // Only the committed onboarding is seen, and it carries the committed state.
      expect(
        changes.every((e) => (e.data as { data: { isOnboarded: boolean } }).data.isOnboarded),
      ).toBe(true);
    } finally {
      stream.close();
    }
  });

  it("signing in on another device ends the first device's stream with reason other-device", async () => {
    const first = await signedInUser(t, { deviceId: 'phone-aaaaaaaa' });
    const stream = await openLiveStream(t.url, first.cookie, [`login_devices/${first.userId}`]);
    await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');

    await signedInUser(t, { email: first.email, deviceId: 'laptop-bbbbbbbb' });

    const moved = await stream.waitFor(
      (e) =>
        (e.data as { data?: { currentDeviceUsed?: string } }).data?.currentDeviceUsed ===
        'laptop-bbbbbbbb',
    );
    expect(moved.event).toBe('message');
    const revoked = await stream.waitFor((e) => e.event === 'revoked');
    expect(revoked.data).toEqual({ reason: 'other-device' });
    await stream.waitForEnd();
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: first.cookie } })).statusCode,
    ).toBe(401);
  });

  it('holds at most five streams per student: a sixth closes the oldest', async () => {
    const { cookie, userId } = await signedInUser(t);
    const streams = [];
    for (let i = 0; i < 6; i += 1) {
      const stream = await openLiveStream(t.url, cookie, [`users/${userId}`]);
      await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');
      streams.push(stream);
    }
    const [oldest, ...rest] = streams;
    expect((await oldest?.waitFor((e) => e.event === 'closed'))?.data).toEqual({
      reason: 'too-many-streams',
    });
    await oldest?.waitForEnd();
    expect(rest.every((stream) => !stream.ended)).toBe(true);
    for (const stream of rest) stream.close();
  });

  it('signing out ends the stream with reason signed-out', async () => {
    const { cookie, userId } = await signedInUser(t);
    const stream = await openLiveStream(t.url, cookie, [`users/${userId}`]);
    await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: t.origin },
    });
    expect(out.statusCode).toBe(204);
    const revoked = await stream.waitFor((e) => e.event === 'revoked');
    expect(revoked.data).toEqual({ reason: 'signed-out' });
  });
});
