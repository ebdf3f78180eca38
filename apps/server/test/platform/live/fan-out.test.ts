import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../src/modules/auth/service.ts';
import { openLiveStream } from '../../helpers/live-stream.ts';
import { freePort } from '../../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';

const MAIN = fileURLToPath(new URL('../../../src/main.ts', import.meta.url));

interface ServerProcess {
  url: string;
  child: ChildProcess;
}

async function startServerProcess(databaseUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server process did not start');
}

// docs/product.md#live-updates: a change written through one server process reaches the clients of
// another, through PostgreSQL NOTIFY. Two real processes on one PostgreSQL database.
describe.skipIf(!process.env.TEST_DATABASE_URL)('live fan-out across two server processes', () => {
  let testDb: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    [a, b] = await Promise.all([
      startServerProcess(testDb.url ?? ''),
      startServerProcess(testDb.url ?? ''),
    ]);
  });

  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    await testDb.drop();
  });

  it('a write on process A reaches a stream on process B', async () => {
    const { userId, token } = await signIn(testDb.database.db, {
      identity: {
        issuer: 'https://issuer.test',
        subject: 'fan-out',
        email: 'fan.out@example.com',
        emailVerified: true,
        name: null,
      },
      deviceId: 'device-fan-out',
      deviceInfo: 'vitest',
      ttlMs: 60_000,
      now: new Date(),
    });
    const cookie = `pasado_session=${token}`;
    const stream = await openLiveStream(b.url, cookie, [`users/${userId}`]);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');

      const res = await fetch(`${a.url}/api/functions/applyRevAccess`, {
        method: 'POST',
        headers: { cookie, origin: a.url, 'content-type': 'application/json' },
        body: JSON.stringify({
          data: { knowFrom: 'Facebook', reviewer: 'let-sec', major: 'let-sec.english' },
        }),
      });
      expect(res.status).toBe(200);

      const change = await stream.waitFor((e) => (e.data as { kind: string }).kind === 'change');
      expect(change.data).toMatchObject({ topic: `users/${userId}`, data: { isOnboarded: true } });
    } finally {
      stream.close();
    }
  });

  it('signing in on another device through process A ends the stream held by process B', async () => {
    const identity = {
      issuer: 'https://issuer.test',
      subject: 'fan-out-2',
      email: 'fan.out2@example.com',
      emailVerified: true,
      name: null,
    };
    const first = await signIn(testDb.database.db, {
      identity,
      deviceId: 'device-first',
      deviceInfo: 'x',
      ttlMs: 60_000,
      now: new Date(),
    });
    const stream = await openLiveStream(b.url, `pasado_session=${first.token}`, [
      `login_devices/${first.userId}`,
    ]);
    await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');
    await signIn(testDb.database.db, {
      identity,
      deviceId: 'device-second',
      deviceInfo: 'x',
      ttlMs: 60_000,
      now: new Date(),
    });
    const revoked = await stream.waitFor((e) => e.event === 'revoked');
    expect(revoked.data).toEqual({ reason: 'other-device' });
  });
});
