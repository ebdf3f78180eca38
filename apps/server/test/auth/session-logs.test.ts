import { SESSION_LOG_LIMITS } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionLogs } from '../../src/platform/db/schema.ts';
import { appWithLockHolder } from '../helpers/lock-holder.ts';
import { callFunction, signedInUser } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

// Session logs sent at once each counted the day's logs before any was written: all passed the
// cap (docs/product.md#session-logs). The interleaving is forced: another connection holds the
// session_logs table against inserts (reads still pass) while five logs arrive together.
describe.runIf(ENGINES.includes('postgres'))('session logs sent at once, on postgres', () => {
  const { app, holder } = appWithLockHolder();

  it(`still stop at ${SESSION_LOG_LIMITS.perDay} a day`, async () => {
    const t = app();
    const { cookie, userId } = await signedInUser(t);
    const db = t.app.database.db;
    await db.insert(sessionLogs).values(
      Array.from({ length: SESSION_LOG_LIMITS.perDay - 2 }, () => ({
        userId,
        type: 'earlier',
        payload: {},
      })),
    );
    await holder.hold('lock table session_logs in share mode');
    const sent = Array.from({ length: 5 }, () =>
      callFunction(t, cookie, 'addSessionLog', { type: 'at_once' }),
    );
    // One log waits for the table, the other four for it (or all five for the table).
    await expect.poll(() => holder.waiting()).toBeGreaterThanOrEqual(5);
    await holder.release();
    const codes = (await Promise.all(sent)).map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 200, 429, 429, 429]);
    const stored = await db.select().from(sessionLogs).where(eq(sessionLogs.userId, userId));
    expect(stored).toHaveLength(SESSION_LOG_LIMITS.perDay);
  });
});
