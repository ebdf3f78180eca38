import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { DAY } from '../helpers/durations.ts';
import { signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

// ASVS 5.0 V7 (issue 9, finding 7): a session unused for SESSION_IDLE_DAYS ends, within its
// absolute lifetime; using it keeps it alive.
describe.each(ENGINES)('session idle timeout on %s', (engine) => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { SESSION_IDLE_DAYS: '7', SESSION_TTL_DAYS: '30' }, { clock });
  });
  afterAll(() => t.close());

  const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });

  it('ends a session left unused for 7 days; each use keeps it alive', async () => {
    const { cookie } = await signedInUser(t, { ttlMs: 30 * DAY });
    clock.advance(6 * DAY);
    expect((await me(cookie)).statusCode).toBe(200);
    // Used on day 6: alive until day 13, past the first 7 days.
    clock.advance(6 * DAY);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(7 * DAY + 1_000);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends at 7 idle days even inside a fresh cache entry', async () => {
    const { cookie } = await signedInUser(t, { ttlMs: 30 * DAY });
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(7 * DAY);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
