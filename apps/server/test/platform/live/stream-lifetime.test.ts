import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setRole, touchUser } from '../../../src/modules/users/repository.ts';
import { ManualClock } from '../../../src/platform/clock.ts';
import type { Database } from '../../../src/platform/db/client.ts';
import { HEARTBEAT_MS, LiveHub, perUserTopic } from '../../../src/platform/live/hub.ts';
import { openLiveStream } from '../../helpers/live-stream.ts';
import { signedInUser, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { ENGINES } from '../../helpers/test-database.ts';

// A stream lives no longer than the right to watch it (docs/product.md#live-updates).
describe.each(ENGINES)('how long a live stream lives on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;

  it("staff whose admin role is taken away stop receiving other students' documents", async () => {
    const staff = await signedInUser(t);
    const student = await signedInUser(t);
    await setRole(db(), staff.userId, 'admin');
    const stream = await openLiveStream(t.url, staff.cookie, [`users/${student.userId}`]);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((e) => (e.data as { kind?: string }).kind === 'snapshot');

      await setRole(db(), staff.userId, 'student');
      await touchUser(db(), student.userId);
      const closed = await stream.waitFor((e) => e.event === 'closed');
      expect(closed.data).toEqual({ reason: 'not-allowed' });
      await stream.waitForEnd();
      expect(stream.events.filter((e) => (e.data as { kind?: string }).kind === 'change')).toEqual(
        [],
      );
      // And it cannot come back.
      expect((await openLiveStream(t.url, staff.cookie, [`users/${student.userId}`])).status).toBe(
        403,
      );
    } finally {
      stream.close();
    }
  });

  it('a stream opened while its session signs out is ended too', async () => {
    const me = await signedInUser(t);
    const hub = t.app.liveHub;
    const mayWatch = hub.mayWatch.bind(hub);
    vi.spyOn(hub, 'mayWatch').mockImplementationOnce(async (viewer, topic) => {
      // The sign-out commits, and its sessions/{uid} notice is handled, after the route read the
      // session and before the stream is registered: the notice finds no stream to end.
      const noticed = new Promise<void>((resolve) => {
        const off = hub.subscribeNotices((notice) => {
          if (notice.topic !== `sessions/${me.userId}`) return;
          off();
          resolve();
        });
      });
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: t.origin, cookie: me.cookie },
      });
      expect(logout.statusCode).toBe(204);
      await noticed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return mayWatch(viewer, topic);
    });
    const stream = await openLiveStream(t.url, me.cookie, [`users/${me.userId}`]);
    try {
      expect(stream.status).toBe(200);
      const revoked = await stream.waitFor((e) => e.event === 'revoked');
      expect(revoked.data).toEqual({ reason: 'signed-out' });
      await stream.waitForEnd();
    } finally {
      stream.close();
      vi.restoreAllMocks();
    }
  });

  it('staff who keep the role keep the stream', async () => {
    const staff = await signedInUser(t);
    const student = await signedInUser(t);
    await setRole(db(), staff.userId, 'admin');
    const stream = await openLiveStream(t.url, staff.cookie, [`users/${student.userId}`]);
    try {
      await stream.waitFor((e) => (e.data as { kind?: string }).kind === 'snapshot');
      // A notice that rechecks the stream (the role set again), then a change it must get.
      await setRole(db(), staff.userId, 'admin');
      await touchUser(db(), student.userId);
      await stream.waitFor((e) => (e.data as { kind?: string }).kind === 'change');
      expect(stream.ended).toBe(false);
    } finally {
      stream.close();
    }
  });
});

// A session ends by expiry or idleness without any notice; before, a stream stayed open past it
// until something else announced sessions/{uid}. The hub reads the app clock, moved here, and checks
// on its heartbeat timer, run by fake timers.
describe("a live stream at its session's end", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is ended at the end, and not before when the session was used meanwhile', async () => {
    vi.useFakeTimers();
    const HOUR = 60 * 60 * 1000;
    const clock = new ManualClock();
    const session = { endsAt: clock.nowMs() + HOUR };
    const database = { db: {}, listen: async () => async () => {} } as unknown as Database;
    const hub = new LiveHub(database, { error: vi.fn() } as unknown as FastifyBaseLogger, {
      topics: { users: perUserTopic(async () => null, z.object({})) },
      sessionState: async (_db, _tokenHash, now) =>
        now.getTime() >= session.endsAt
          ? { ended: 'expired' }
          : { ended: null, endsAt: new Date(session.endsAt) },
      roleOf: async () => 'student',
      clock,
    });
    await hub.start();
    const writes: string[] = [];
    const res = {
      write: (chunk: string) => writes.push(chunk),
      end: vi.fn(),
    } as unknown as ServerResponse;
    const connection = { userId: 'u1', sessionTokenHash: 'h', topics: ['users/u1'], res };
    hub.add(connection);
    expect(await hub.admit(connection)).toBe(true);
    const revoked = () => writes.filter((w) => w.startsWith('event: revoked'));

    // Used just before its end: good for another hour, so the check at the old end keeps it.
    clock.advance(HOUR - 1);
    session.endsAt += HOUR;
    clock.advance(1);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(revoked()).toEqual([]);
    expect(hub.size).toBe(1);

    clock.advance(HOUR);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    await vi.waitFor(() =>
      expect(revoked()).toEqual(['event: revoked\ndata: {"reason":"signed-out"}\n\n']),
    );
    expect(res.end).toHaveBeenCalledOnce();
    expect(hub.size).toBe(0);
    await hub.stop();
  });
});
