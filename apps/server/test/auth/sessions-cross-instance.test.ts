import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { signIn } from '../../src/modules/auth/service.ts';
import { SESSION_CACHE_TTL_MS } from '../../src/modules/auth/session-plugin.ts';
import { loadConfig } from '../../src/platform/config/app-config.ts';
import { type Database, openDatabase } from '../../src/platform/db/client.ts';
import { sessions } from '../../src/platform/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Well under the cache TTL: a 401 this soon came from the NOTIFY, not from the entry ageing out. */
const PROMPT_MS = SESSION_CACHE_TTL_MS / 2;

function appConfig() {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '8080',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    DATA_DIR: '.test-data',
  });
}

// Two app instances, each with its own pool and NOTIFY listener, on one PostgreSQL database: as
// two server processes behind a load balancer. Instance B learns of revocations made through A
// only from the sessions/{uid} notice.
describe.skipIf(!process.env.TEST_DATABASE_URL)('session cache across two instances', () => {
  let testDb: TestDatabase;
  let secondDb: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  /** Topics B has been told of, so a test starts after its sign-in's own notices arrived. */
  const seenByB = new Set<string>();

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    secondDb = await openDatabase({ engine: 'postgres', url: testDb.url ?? '', poolSize: 3 });
    [a, b] = await Promise.all([
      buildApp(appConfig(), { database: testDb.database }),
      buildApp(appConfig(), { database: secondDb }),
    ]);
    b.liveHub.subscribeNotices((notice) => seenByB.add(notice.topic));
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await secondDb?.close();
    await testDb?.drop();
  });

  let counter = 0;
  async function student(deviceId = `device-cross-${++counter}`, email?: string) {
    const { userId, token } = await signIn(testDb.database.db, {
      identity: {
        issuer: 'https://issuer.test',
        subject: `cross-${email ?? counter}`,
        email: email ?? `cross${counter}@example.com`,
        emailVerified: true,
        name: null,
      },
      deviceId,
      deviceInfo: 'vitest',
      ttlMs: 60 * 60 * 1000,
      now: new Date(),
    });
    while (!seenByB.has(`sessions/${userId}`)) await sleep(10);
    seenByB.clear();
    return { userId, cookie: `pasado_session=${token}` };
  }
  const me = (app: FastifyInstance, cookie: string) =>
    app.inject({ url: '/api/me', headers: { cookie } });
  /** Polls B until the session is refused; returns how long that took. */
  async function msUntilRefused(cookie: string): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < SESSION_CACHE_TTL_MS * 2) {
      if ((await me(b, cookie)).statusCode === 401) return Date.now() - started;
      await sleep(20);
    }
    throw new Error('B kept the session');
  }

  it('control: without a notice, B keeps serving its cached session', async () => {
    const { userId, cookie } = await student();
    expect((await me(b, cookie)).statusCode).toBe(200);
    await testDb.database.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'signed-out' })
      .where(eq(sessions.userId, userId));
    expect((await me(a, cookie)).statusCode).toBe(401);
    expect((await me(b, cookie)).statusCode).toBe(200);
  });

  it('signing out through A ends the session on B within the NOTIFY delivery time', async () => {
    const { cookie } = await student();
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect((await me(b, cookie)).statusCode).toBe(200);
    const out = await a.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'http://127.0.0.1:8080' },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(a, cookie)).statusCode).toBe(401);
    expect(await msUntilRefused(cookie)).toBeLessThan(PROMPT_MS);
  });

  it("signing in on another device ends the first device's session on B promptly", async () => {
    const first = await student('device-cross-phone', 'cross.two@example.com');
    expect((await me(b, first.cookie)).statusCode).toBe(200);
    expect((await me(b, first.cookie)).statusCode).toBe(200);
    const second = await student('device-cross-laptop', 'cross.two@example.com');
    expect(await msUntilRefused(first.cookie)).toBeLessThan(PROMPT_MS);
    expect((await me(b, second.cookie)).statusCode).toBe(200);
  });
});
