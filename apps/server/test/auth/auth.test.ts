import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { formAction, TestBrowser } from '../helpers/test-browser.ts';
import { ENGINES } from '../helpers/test-database.ts';

describe.each(ENGINES)('sign-in and sessions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  /** The popup's journey: /api/auth/login → provider → sign-in page → callback. */
  async function signInThroughPopup(browser: TestBrowser, email: string, device: string) {
    const start = await browser.navigate(`${t.url}/api/auth/login?device=${device}`);
    expect(start.url.pathname).toMatch(/^\/dev-idp\/interaction\//);
    const html = await start.response?.text();
    const done = await browser.navigate(formAction(html ?? '', start.url), {
      method: 'POST',
      form: { email },
    });
    return {
      url: done.url,
      status: done.response?.status,
      html: (await done.response?.text()) ?? '',
    };
  }

  it('signs in through the real OIDC flow and opens a session bound to the device', async () => {
    const browser = new TestBrowser();
    const done = await signInThroughPopup(browser, 'Popup.User@Example.com', 'device-popup-01');
    expect(done.url.pathname).toBe('/api/auth/callback');
    expect(done.status).toBe(200);
    expect(done.html).toContain('data-payload="{&#34;type&#34;:&#34;pasado:signed-in&#34;}"');
    expect(done.html).toContain('src="/api/auth/popup-result.js"');

    const claims = await browser.request(new URL(`${t.url}/api/auth/claims`), 'GET');
    expect(claims.status).toBe(200);
    expect(await claims.json()).toEqual({
      claims: {
        uid: expect.any(String),
        email: 'popup.user@example.com',
        isOnboarded: false,
        subscriptionStatus: null,
        role: 'student',
        access: {},
      },
      subscriptionExpired: false,
      expiredSubscriptionId: null,
    });
    const devices = (await (
      await browser.request(new URL(`${t.url}/api/me/devices`), 'GET')
    ).json()) as { currentDeviceUsed: string };
    expect(devices.currentDeviceUsed).toBe('device-popup-01');
  });

  it('the session cookie is httpOnly and SameSite=Lax', async () => {
    const response = await fetch(`${t.url}/api/auth/login?device=device-cookie-01`, {
      redirect: 'manual',
    });
    const loginCookie = response.headers.getSetCookie().find((c) => c.startsWith('pasado_login='));
    expect(loginCookie).toMatch(/HttpOnly/);
    expect(loginCookie).toMatch(/SameSite=Lax/);
    expect(loginCookie).toMatch(/Path=\/api\/auth/);
  });

  it('a second device signing in signs the first one out', async () => {
    const phone = new TestBrowser();
    const laptop = new TestBrowser();
    await signInThroughPopup(phone, 'two.devices@example.com', 'device-phone-01');
    expect((await phone.request(new URL(`${t.url}/api/me`), 'GET')).status).toBe(200);
    await signInThroughPopup(laptop, 'two.devices@example.com', 'device-laptop-01');
    expect((await laptop.request(new URL(`${t.url}/api/me`), 'GET')).status).toBe(200);
    expect((await phone.request(new URL(`${t.url}/api/me`), 'GET')).status).toBe(401);
  });

  it('refuses to start without a valid device id', async () => {
    for (const device of ['', 'short', 'has spaces in it', '<script>alert(1)</script>']) {
      const res = await t.app.inject({
        url: `/api/auth/login?device=${encodeURIComponent(device)}`,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('a callback without the pending sign-in cookie shows a clear error and signs no one in', async () => {
    const res = await t.app.inject({ url: '/api/auth/callback?code=x&state=y' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      'Your sign-in took too long or was started elsewhere. Please try again.',
    );
    expect(res.body).toContain('pasado:sign-in-failed');
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('pasado_session=');
  });

  it('a forged pending sign-in cookie is refused', async () => {
    const forged = encodeURIComponent(
      JSON.stringify({ state: 'a', nonce: 'b', codeVerifier: 'c', deviceId: 'device-forged' }),
    );
    const res = await t.app.inject({
      url: '/api/auth/callback?code=x&state=a',
      headers: { cookie: `pasado_login=${forged}` },
    });
    expect(res.statusCode).toBe(400);
  });

  it('a callback whose state does not match is refused', async () => {
    const browser = new TestBrowser();
    const start = await browser.navigate(`${t.url}/api/auth/login?device=device-state-01`);
    const html = await start.response?.text();
    const done = await browser.navigate(formAction(html ?? '', start.url), {
      method: 'POST',
      form: { email: 'state@example.com' },
      stopAt: `${t.url}/api/auth/callback`,
    });
    const tampered = new URL(done.url);
    tampered.searchParams.set('state', 'not-the-state');
    const res = await browser.request(tampered, 'GET');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('pasado:sign-in-failed');
  });

  it('claims reflect the database on every call (force refresh)', async () => {
    const { cookie, userId } = await signedInUser(t);
    const { setRole } = await import('../../src/modules/users/repository.ts');
    await setRole(t.app.database.db, userId, 'admin');
    const res = await t.app.inject({ url: '/api/auth/claims?force=1', headers: { cookie } });
    expect(res.json().claims.role).toBe('admin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('logout ends the session; it needs a session and our origin', async () => {
    const { cookie } = await signedInUser(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    // Issue 21 finding 7: the DNS-rebinding shape, Origin http:// + the request's own Host.
    const rebound = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, host: 'rebound.example:8080', origin: 'http://rebound.example:8080' },
    });
    expect(rebound.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: t.origin },
    });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: t.origin },
    });
    expect(again.statusCode).toBe(401);
  });

  it('serves the popup result script from our origin', async () => {
    const res = await t.app.inject({ url: '/api/auth/popup-result.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/javascript/);
    expect(res.body).toContain("new BroadcastChannel('pasado-auth')");
  });
});

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('sends a strict CSP and the usual hardening headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('refuses bodies over 1 MB', async () => {
    const { cookie } = await signedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/functions/addSessionLog',
      headers: { cookie, origin: t.origin, 'content-type': 'application/json' },
      payload: JSON.stringify({ data: { type: 'x', payload: { blob: 'x'.repeat(1_100_000) } } }),
    });
    expect(res.statusCode).toBe(413);
  });
});
