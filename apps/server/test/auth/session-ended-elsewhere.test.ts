import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

const HOUR = 60 * 60 * 1000;

/** A phone's cookies: what the server sets and clears, sent back with each request. */
class Phone {
  private readonly jar = new Map<string, string>();
  constructor(cookie: string) {
    const [name = '', value = ''] = cookie.split('=');
    this.jar.set(name, value);
  }
  get cookieNames(): string[] {
    return [...this.jar.keys()].sort();
  }
  async send(t: TestApp, method: 'GET' | 'POST', url: string) {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: t.origin, ...(cookie ? { cookie } : {}) },
    });
    for (const set of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (set.maxAge === 0 || set.value === '') this.jar.delete(set.name);
      else this.jar.set(set.name, set.value);
    }
    return res;
  }
}

const LIVE = `/api/live?topics=${encodeURIComponent('users/x')}`;
const revokedWith = (reason: string) => `event: revoked\ndata: ${JSON.stringify({ reason })}\n\n`;
const reasonOf = (res: { json(): unknown }) =>
  (res.json() as { error: { reason?: string } }).error.reason;

// docs/product.md#errors: 'You have been logged out because your account was accessed on another
// device.' A phone whose live stream was down when another device signed in got a plain 401 from
// /api/live (an error EventSource retries for good) and from the claims read, and never the alert.
describe.each(ENGINES)('a session ended while its phone was away, on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
  });
  afterAll(() => t.close());

  /** A phone signed in, then the same student signing in on another device. */
  async function phoneReplacedByAnotherDevice() {
    const first = await signedInUser(t);
    await signedInUser(t, { email: first.email });
    return new Phone(first.cookie);
  }

  describe('by a sign-in on another device', () => {
    it('the live stream answers 200 and `revoked` with other-device, once', async () => {
      const phone = await phoneReplacedByAnotherDevice();
      const res = await phone.send(t, 'GET', LIVE);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.body).toBe(revokedWith('other-device'));
      expect(phone.cookieNames).toEqual([]);
      // Told: a later stream (the app does not open one, but a stale tab might) is plainly ended.
      expect((await phone.send(t, 'GET', LIVE)).body).toBe(revokedWith('signed-out'));
    });

    it('the claims read answers 401 with reason other-device, once', async () => {
      const phone = await phoneReplacedByAnotherDevice();
      const res = await phone.send(t, 'GET', '/api/auth/claims');
      expect(res.statusCode).toBe(401);
      expect(reasonOf(res)).toBe('other-device');
      expect(phone.cookieNames).toEqual([]);
      const again = await phone.send(t, 'GET', '/api/auth/claims');
      expect(again.statusCode).toBe(401);
      expect(reasonOf(again)).toBeUndefined();
    });

    it('a cold start tells it though another request dropped the cookie first', async () => {
      const phone = await phoneReplacedByAnotherDevice();
      // A queued write, or the page itself (web-app.ts reads the session to announce its data).
      const write = await phone.send(t, 'GET', '/api/me');
      expect(write.statusCode).toBe(401);
      expect(reasonOf(write)).toBeUndefined();
      expect(phone.cookieNames).toEqual(['pasado_session_ended']);
      expect(reasonOf(await phone.send(t, 'GET', '/api/auth/claims'))).toBe('other-device');
      expect(reasonOf(await phone.send(t, 'GET', '/api/auth/claims'))).toBeUndefined();
    });

    it('the live stream tells it though a request before it dropped the cookie', async () => {
      const phone = await phoneReplacedByAnotherDevice();
      expect((await phone.send(t, 'GET', '/api/me')).statusCode).toBe(401);
      expect((await phone.send(t, 'GET', LIVE)).body).toBe(revokedWith('other-device'));
    });

    it('the forced sign-out after the alert takes the note: /login does not show it again', async () => {
      const phone = await phoneReplacedByAnotherDevice();
      const logout = await phone.send(t, 'POST', '/api/auth/logout');
      expect(logout.statusCode).toBe(401);
      expect(phone.cookieNames).toEqual([]);
      expect(reasonOf(await phone.send(t, 'GET', '/api/auth/claims'))).toBeUndefined();
    });

    it('a live session on the phone is not told of an older one', async () => {
      const phone = await phoneReplacedByAnotherDevice();
      expect((await phone.send(t, 'GET', '/api/me')).statusCode).toBe(401);
      const again = await signedInUser(t);
      const res = await t.app.inject({
        url: '/api/auth/claims',
        headers: { cookie: `${again.cookie}; pasado_session_ended=other-device` },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('otherwise: no alert, the app goes to /login', () => {
    it('signed out elsewhere: `revoked` signed-out, a claims 401 without a reason', async () => {
      const { cookie } = await signedInUser(t);
      expect((await new Phone(cookie).send(t, 'POST', '/api/auth/logout')).statusCode).toBe(204);
      expect((await new Phone(cookie).send(t, 'GET', LIVE)).body).toBe(revokedWith('signed-out'));
      const claims = await new Phone(cookie).send(t, 'GET', '/api/auth/claims');
      expect(claims.statusCode).toBe(401);
      expect(reasonOf(claims)).toBeUndefined();
    });

    it('expired: `revoked` signed-out, a claims 401 without a reason', async () => {
      const { cookie } = await signedInUser(t, { ttlMs: HOUR });
      clock.advance(HOUR + 1);
      expect((await new Phone(cookie).send(t, 'GET', LIVE)).body).toBe(revokedWith('signed-out'));
      const claims = await new Phone(cookie).send(t, 'GET', '/api/auth/claims');
      expect(claims.statusCode).toBe(401);
      expect(reasonOf(claims)).toBeUndefined();
    });

    it('no session cookie at all: `revoked` signed-out', async () => {
      const res = await t.app.inject({ url: LIVE });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(revokedWith('signed-out'));
    });
  });
});
