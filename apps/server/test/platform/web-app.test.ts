import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantReviewerAccess } from '../../src/modules/content/reviewers.repository.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

/** A built web app of our own: index.html, a few assets and the route list the web build writes. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pasado-web-dist-'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), 'export const a = 1;');
  writeFileSync(path.join(dir, 'assets/index-abc123.css'), 'body{margin:0}');
  writeFileSync(
    path.join(dir, 'assets/logo-abc123.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const routes = [
    { path: '/login', data: ['/api/auth/claims'] },
    {
      path: '/quiz',
      data: ['/api/auth/claims', '/api/me', '/api/reviewers', '/api/quiz/:reviewer/quiz-home'],
    },
    {
      path: '/quiz/:reviewer/mock',
      data: ['/api/me', '/api/quiz/:reviewer/attempts/:attempt'],
    },
  ];
  writeFileSync(path.join(dir, '.vite/route-preloads.json'), JSON.stringify({ routes }));
  return dir;
}

describe.each(ENGINES)('the web app’s HTML on %s (issue 10: announced data)', (engine) => {
  let t: TestApp;
  let dist: string;
  let cookie: string;
  beforeAll(async () => {
    dist = fakeBuild();
    t = await startTestApp(engine, { WEB_DIST_DIR: dist });
    ({ cookie } = await signedInUser(t));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: 'text/html', ...headers } });

  const fetchHint = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${url}">`;

  it('a signed-in navigation announces the JSON its screen asks for, in the head', async () => {
    const res = await page('/quiz?reviewer=let-elem', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    for (const url of ['/api/auth/claims', '/api/me', '/api/reviewers'])
      expect(head).toContain(fetchHint(url));
    expect(res.body.replace(/<link rel="preload"[^>]*>/g, '')).toBe(INDEX_HTML);
  });

  it("quiz home's data is announced for the reviewer the screen opens on, found from the session", async () => {
    const student = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const home = (url: string, cookieHeader: string) =>
      page(url, { cookie: cookieHeader }).then((res) =>
        [...res.body.matchAll(/href="(\/api\/quiz\/[^"]+)"/g)].map((m) => m[1]),
      );
    // The student's first (their only) reviewer; one the address names but they do not hold is
    // never announced (the screen opens on their first).
    expect(await home('/quiz', student.cookie)).toEqual(['/api/quiz/let-elem/quiz-home']);
    expect(await home('/quiz?reviewer=cse-pro', student.cookie)).toEqual([
      '/api/quiz/let-elem/quiz-home',
    ]);
    // Holding both, the address's choice.
    await grantReviewerAccess(t.app.database.db, student.userId, 'cse-pro');
    expect(await home('/quiz?reviewer=cse-pro', student.cookie)).toEqual([
      '/api/quiz/cse-pro/quiz-home',
    ]);
    // No reviewer yet, or a cookie of no live session: nothing for quiz home.
    expect(await home('/quiz?reviewer=let-elem', cookie)).toEqual([]);
    const stale = await page('/quiz', { cookie: 'pasado_session=not-a-session' });
    expect(stale.body).toContain(fetchHint('/api/reviewers'));
    expect(stale.body).not.toContain('/api/quiz/');
  });

  it('a `:name` segment matches one segment, no more and no fewer', async () => {
    const mock = await page('/quiz/let-elem/mock', { cookie });
    expect(mock.body).toContain(fetchHint('/api/me'));
    expect(mock.body).not.toContain(fetchHint('/api/reviewers'));
    for (const url of ['/quiz/let-elem/mock/extra', '/quiz//mock', '/nowhere']) {
      const res = await page(url, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it("a URL's `:name` is the path's segment, else the query's parameter, and only a plain one", async () => {
    const id = crypto.randomUUID();
    const mock = await page(`/quiz/let-elem/mock?attempt=${id}`, { cookie });
    expect(mock.body).toContain(fetchHint(`/api/quiz/let-elem/attempts/${id}`));
    // Without the attempt, or with one the app would have to encode, that URL is left out.
    for (const query of ['', '?attempt=', '?attempt=a%22b', '?attempt=..%2Fme']) {
      const res = await page(`/quiz/let-elem/mock${query}`, { cookie });
      expect(res.body).toContain(fetchHint('/api/me'));
      expect(res.body).not.toContain('/attempts/');
    }
  });

  it('signed out, only /login is announced: the guard sends every other screen there', async () => {
    expect((await page('/quiz')).body).toBe(INDEX_HTML);
    const login = await page('/login');
    expect(login.body).toContain(fetchHint('/api/auth/claims'));
  });

  it('is sent compressed when the browser accepts it, and varies on it', async () => {
    const plain = await page('/quiz', { cookie });
    const gzip = await page('/quiz', { cookie, 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const refused = await page('/quiz', { cookie, 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it("sends a built chunk without the document's security headers, and nothing else", async () => {
    const js = await t.app.inject({ url: '/assets/index-abc123.js' });
    const css = await t.app.inject({ url: '/assets/index-abc123.css' });
    for (const res of [js, css]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'strict-transport-security',
      ])
        expect(res.headers[name], name).toBeUndefined();
    }
    // A document, the service worker (a worker follows its own CSP), an SVG (it can be opened as a
    // document), an API answer and a missing chunk answered with the app keep every header.
    for (const [url, accept] of [
      ['/quiz', 'text/html'],
      ['/sw.js', '*/*'],
      ['/assets/logo-abc123.svg', '*/*'],
      ['/api/health', '*/*'],
      ['/assets/missing-abc123.js', 'text/html'],
    ] as const) {
      const res = await t.app.inject({ url, headers: { accept } });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBeDefined();
    }
  });
});
