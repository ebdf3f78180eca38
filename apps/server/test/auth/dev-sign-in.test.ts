import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerDevIdentityProvider } from '../../src/modules/auth/oidc/dev-provider.ts';
import {
  createRelyingParty,
  type LoginRequest,
  OidcLoginError,
} from '../../src/modules/auth/oidc/relying-party.ts';
import { formAction, TestBrowser } from '../helpers/test-browser.ts';

// The whole sign-in over real HTTP: relying party → development provider → callback.

const CLIENT = { clientId: 'pasado-web', clientSecret: 'a-test-client-secret-of-some-length' };
const COOKIE_KEYS = ['a-test-cookie-key-0123456789'];

let app: FastifyInstance;
let origin: string;
let issuer: string;
let redirectUri: string;
let relyingParty: ReturnType<typeof createRelyingParty>;

beforeAll(async () => {
  // The issuer carries the port, and routes must exist before Fastify is ready: so take the port
  // first, on our own server, and hand that server to Fastify.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = `${origin}/dev-idp`;
  redirectUri = `${origin}/api/auth/callback`;

  app = Fastify({
    serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
      server.on('request', handler);
      return server;
    },
  });
  // As in the app: a root form parser must not take bodies from the provider.
  await app.register(formbody);
  await registerDevIdentityProvider(app, {
    issuer,
    clients: [{ ...CLIENT, redirectUris: [redirectUri] }],
    cookieKeys: COOKIE_KEYS,
  });
  app.get('/api/auth/callback', async () => 'signed in');
  await app.ready();

  relyingParty = createRelyingParty({ issuer, ...CLIENT, redirectUri, allowInsecureHttp: true });
});

afterAll(async () => {
  app.server.closeAllConnections();
  await app.close();
  await new Promise((resolve) => app.server.close(resolve));
});

/** Opens the authorization URL and returns the sign-in page it lands on. */
async function openSignInPage(browser: TestBrowser, authorizationUrl: string) {
  const { url, response } = await browser.navigate(authorizationUrl, { stopAt: redirectUri });
  if (!response) throw new Error(`expected the sign-in page, was sent to ${url.href}`);
  return { url, response, html: await response.text() };
}

/** Submits the sign-in form; returns the callback URL the browser ends on (not requested). */
async function submitEmail(browser: TestBrowser, page: { url: URL; html: string }, email: string) {
  return browser.navigate(formAction(page.html, page.url), {
    method: 'POST',
    form: { email },
    stopAt: redirectUri,
  });
}

async function signIn(email: string, browser = new TestBrowser()) {
  const login = await relyingParty.startLogin();
  const page = await openSignInPage(browser, login.url);
  const { url, response } = await submitEmail(browser, page, email);
  if (response)
    throw new Error(
      `sign-in did not reach the callback: ${response.status} ${url.href} ${(await response.text()).slice(0, 2000)}`,
    );
  return { login, callbackUrl: url };
}

const expected = (login: LoginRequest) => ({
  state: login.state,
  nonce: login.nonce,
  codeVerifier: login.codeVerifier,
});

describe('development sign-in through OpenID Connect', () => {
  it('signs in as the email entered, with a stable subject', async () => {
    const browser = new TestBrowser();
    const login = await relyingParty.startLogin();
    const authorizationUrl = new URL(login.url);
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${issuer}/auth`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('scope')).toBe('openid email profile');

    const page = await openSignInPage(browser, login.url);
    expect(page.url.pathname).toMatch(/^\/dev-idp\/interaction\/[\w-]+$/);
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.html).toContain('<h1>Sign in as…</h1>');
    expect(page.html).toContain('value="student@example.com"');
    expect(page.html).toContain('<label for="email">Email</label>');
    expect(page.html).toContain('<button type="submit">Continue</button>');
    expect(page.html).toContain('Pasado’s development sign-in');
    expect(page.html).not.toContain('<script');

    const { url: callbackUrl, response } = await submitEmail(browser, page, 'Student@Example.com');
    expect(response).toBeNull();
    expect(callbackUrl.searchParams.get('state')).toBe(login.state);

    const identity = await relyingParty.finishLogin(callbackUrl, expected(login));
    expect(identity).toEqual({
      issuer,
      subject: 'dev:student@example.com',
      email: 'student@example.com',
      emailVerified: true,
      name: 'student',
    });

    // Another sign-in, from a fresh browser, as the same person: same subject.
    const again = await signIn('student@example.com');
    const second = await relyingParty.finishLogin(again.callbackUrl, expected(again.login));
    expect(second.subject).toBe(identity.subject);
  });

  it('asks for the email every time, so the same browser can switch accounts', async () => {
    const browser = new TestBrowser();
    const first = await signIn('ana@example.com', browser);
    await expect(
      relyingParty.finishLogin(first.callbackUrl, expected(first.login)),
    ).resolves.toMatchObject({ email: 'ana@example.com' });

    const second = await signIn('ben@example.com', browser);
    await expect(
      relyingParty.finishLogin(second.callbackUrl, expected(second.login)),
    ).resolves.toMatchObject({ email: 'ben@example.com', subject: 'dev:ben@example.com' });
  });

  it('refuses a callback whose state is not the one issued', async () => {
    const { login, callbackUrl } = await signIn('student@example.com');
    const other = await relyingParty.startLogin();
    const error = await relyingParty
      .finishLogin(callbackUrl, { ...expected(login), state: other.state })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OidcLoginError);
    expect(error).toMatchObject({ code: 'invalid_response' });
    expect((error as Error).message).not.toMatch(/state/);
  });

  it('refuses an ID token whose nonce is not the one issued', async () => {
    const { login, callbackUrl } = await signIn('student@example.com');
    await expect(
      relyingParty.finishLogin(callbackUrl, { ...expected(login), nonce: `${login.nonce}x` }),
    ).rejects.toMatchObject({ name: 'OidcLoginError', code: 'invalid_response' });
  });

  it('refuses a code exchanged with another PKCE verifier', async () => {
    const { login, callbackUrl } = await signIn('student@example.com');
    const other = await relyingParty.startLogin();
    await expect(
      relyingParty.finishLogin(callbackUrl, {
        ...expected(login),
        codeVerifier: other.codeVerifier,
      }),
    ).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('refuses an authorization request without PKCE', async () => {
    const login = await relyingParty.startLogin();
    const url = new URL(login.url);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const { url: callbackUrl } = await new TestBrowser().navigate(url, { stopAt: redirectUri });
    expect(callbackUrl.searchParams.get('error')).toBe('invalid_request');
    await expect(relyingParty.finishLogin(callbackUrl, expected(login))).rejects.toMatchObject({
      code: 'provider_refused',
      providerError: 'invalid_request',
    });
  });

  it('shows an error for an invalid email and does not sign in', async () => {
    const browser = new TestBrowser();
    const login = await relyingParty.startLogin();
    const page = await openSignInPage(browser, login.url);

    const { url, response } = await submitEmail(browser, page, 'not an email<b>');
    expect(url.href).toBe(formAction(page.html, page.url).href);
    expect(response?.status).toBe(400);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('role="alert"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('value="not an email&#60;b&#62;"');
    expect(html).not.toContain('<b>');

    // Nothing changed: the same attempt still completes with a valid email.
    const done = await submitEmail(browser, page, 'student@example.com');
    expect(done.response).toBeNull();
    await expect(relyingParty.finishLogin(done.url, expected(login))).resolves.toMatchObject({
      email: 'student@example.com',
    });
  });

  it('explains an expired or unknown sign-in instead of failing', async () => {
    const response = await fetch(`${issuer}/interaction/unknown-uid`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in has expired');
  });

  it('refuses to register in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      await expect(
        registerDevIdentityProvider(Fastify(), {
          issuer,
          clients: [{ ...CLIENT, redirectUris: [redirectUri] }],
          cookieKeys: COOKIE_KEYS,
        }),
      ).rejects.toThrow(
        'The development identity provider cannot run in production; set OIDC_ISSUER to a real provider.',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('relying party failures', () => {
  it('reports an unreachable provider safely and tries discovery again on the next call', async () => {
    const party = createRelyingParty({
      issuer: `${origin}/no-such-issuer`,
      ...CLIENT,
      redirectUri,
      allowInsecureHttp: true,
    });
    const first = await party.startLogin().catch((e: unknown) => e);
    expect(first).toBeInstanceOf(OidcLoginError);
    expect(first).toMatchObject({ code: 'provider_unavailable' });
    const second = await party.startLogin().catch((e: unknown) => e);
    expect(second).not.toBe(first);
    expect(second).toMatchObject({ code: 'provider_unavailable' });
  });

  it('refuses a plain-http provider unless allowed', async () => {
    const party = createRelyingParty({ issuer, ...CLIENT, redirectUri, allowInsecureHttp: false });
    await expect(party.startLogin()).rejects.toMatchObject({ code: 'provider_unavailable' });
  });
});
