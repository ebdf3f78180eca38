import { SESSION_LOG_LIMITS } from '@pasado/core';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionLogs } from '../../src/platform/db/schema.ts';
import { callFunction, signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES, sessionsWaitingOnLocks } from '../helpers/test-database.ts';

// Session logs sent at once each counted the day's logs before any was written: all passed the
// cap (docs/product.md#session-logs). The interleaving is forced: another connection holds the
// session_logs table against inserts (reads still pass) while five logs arrive together.
describe.runIf(ENGINES.includes('postgres'))('session logs sent at once, on postgres', () => {
  let t: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    other = new pg.Client({ connectionString: t.testDb.url ?? '' });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  it(`still stop at ${SESSION_LOG_LIMITS.perDay} a day`, async () => {
    const { cookie, userId } = await signedInUser(t);
    const db = t.app.database.db;
    await db.insert(sessionLogs).values(
      Array.from({ length: SESSION_LOG_LIMITS.perDay - 2 }, () => ({
        userId,
        type: 'earlier',
        payload: {},
      })),
    );
    await other.query('begin');
    await other.query('lock table session_logs in share mode');
    const sent = Array.from({ length: 5 }, () =>
      callFunction(t, cookie, 'addSessionLog', { type: 'at_once' }),
    );
    // One log waits for the table, the other four for it (or all five for the table).
    await expect.poll(() => sessionsWaitingOnLocks(other)).toBeGreaterThanOrEqual(5);
    await other.query('commit');
    const codes = (await Promise.all(sent)).map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 200, 429, 429, 429]);
    const stored = await db.select().from(sessionLogs).where(eq(sessionLogs.userId, userId));
    expect(stored).toHaveLength(SESSION_LOG_LIMITS.perDay);
  });
});
