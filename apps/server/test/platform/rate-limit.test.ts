import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const LIMIT = 1_200;
const SIGN_IN_STARTS_PER_MINUTE = 120;

// The global limit guards the API: per student when signed in, per address otherwise. The web
// app's static files are exempt, so students behind one carrier-grade NAT never lock each other
// out by loading pages.
describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('allows 1,200 anonymous API requests a minute per address, then answers 429; pages still load', async () => {
    const from = { remoteAddress: '203.0.113.7' };
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await t.app.inject({ url: '/api/health', ...from });
      expect(res.statusCode).toBe(200);
    }
    const refused = await t.app.inject({ url: '/api/health', ...from });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ status: 'RESOURCE_EXHAUSTED' });
    expect(refused.json().error.message).toMatch(/^Too many requests\. Try again in \d+ s\.$/);

    const page = await t.app.inject({ url: '/login', headers: { accept: 'text/html' }, ...from });
    expect(page.statusCode).not.toBe(429);
    // Another address is unaffected.
    const other = await t.app.inject({ url: '/api/health', remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(200);
  });

  it('counts an encoded path on the route it reaches: /%61pi/… is limited like /api/…', async () => {
    // Sign-in starts are limited per address (120 a minute); the router decodes %61 to "a".
    for (const [n, path] of [
      [1, '/%61pi/auth/login?device=dev-0001'],
      [2, '/%61%70%69/auth/login?device=dev-0001'],
      [3, '/api/auth/%6cogin?device=dev-0001'],
    ] as const) {
      const from = { remoteAddress: `198.51.100.${20 + n}` };
      for (let i = 0; i < SIGN_IN_STARTS_PER_MINUTE; i += 1) {
        expect((await t.app.inject({ url: path, ...from })).statusCode).toBe(302);
      }
      expect((await t.app.inject({ url: path, ...from })).statusCode).toBe(429);
      // The plain path shares that budget: it is the same route.
      expect(
        (await t.app.inject({ url: '/api/auth/login?device=dev-0001', ...from })).statusCode,
      ).toBe(429);
    }
  });

  // A school room or a carrier's address finishes as many sign-ins as it starts: the callback
  // allowed 30 a minute against the start's 120, and its refusal was the API's JSON, left on
  // screen in the sign-in window.
  it('lets one address finish as many sign-ins as it starts, and refuses past that with a page', async () => {
    const from = { remoteAddress: '198.51.100.50' };
    for (let i = 0; i < SIGN_IN_STARTS_PER_MINUTE; i += 1) {
      // No pending sign-in: refused with the popup's page, but counted all the same.
      const res = await t.app.inject({ url: '/api/auth/callback?code=x&state=y', ...from });
      expect(res.statusCode, `callback ${i + 1}`).toBe(400);
    }
    const refused = await t.app.inject({ url: '/api/auth/callback?code=x&state=y', ...from });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toMatch(/Too many requests\. Try again in \d+ s\./);
    expect(refused.body).not.toContain('RESOURCE_EXHAUSTED');
  });

  it('answers 404 for what the router does not route (double-encoded, upper case, trailing slash)', async () => {
    const from = { remoteAddress: '198.51.100.30' };
    for (const url of [
      '/%2561pi/auth/login?device=dev-0001',
      '/API/auth/login?device=dev-0001',
      '/api/health/',
    ]) {
      const res = await t.app.inject({ url, headers: { accept: 'application/json' }, ...from });
      expect(res.statusCode).toBe(404);
    }
  });

  it('counts signed-in students one by one, not by their shared address', async () => {
    const nat = { remoteAddress: '198.51.100.40' };
    const a = await createStudent(t);
    const b = await createStudent(t);
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await t.app.inject({ url: '/api/me', headers: { cookie: a.cookie }, ...nat });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: a.cookie }, ...nat })).statusCode,
    ).toBe(429);
    // Another student behind the same address still has the whole budget, and so does the address.
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: b.cookie }, ...nat })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/health', ...nat })).statusCode).toBe(200);
  });
});

describe('RATE_LIMITS=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { RATE_LIMITS: 'off' });
  });
  afterAll(() => t.close());

  it('turns every limit off (benchmarks and load tests)', async () => {
    const from = { remoteAddress: '203.0.113.9' };
    for (let i = 0; i < 150; i += 1) {
      const res = await t.app.inject({ url: '/api/auth/login?device=dev-0001', ...from });
      expect(res.statusCode).toBe(302);
    }
  });
});
