import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ensureOffered } from '../../../apps/server/test/helpers/offer-track.ts';
import { startTestApp, type TestApp } from '../../../apps/server/test/helpers/test-app.ts';
import type { Engine } from '../../../apps/server/test/helpers/test-database.ts';
import { launchChromium, newPhoneContext, recordDialogs } from './chromium.ts';

export interface Phone {
  context: BrowserContext;
  page: Page;
  dialogs: string[];
  pageErrors: string[];
  /** The page's last console lines and failed requests, printed when a test fails. */
  log: string[];
}

const LOG_LINES = 60;

/**
 * The database a browser file's server runs on: production's PostgreSQL when the run has one
 * (`TEST_DATABASE_URL`, as CI does), else the embedded PGlite. PGlite runs every statement in
 * WebAssembly on the server's event loop, in the test's own process, beside Chromium; on these two
 * cores that was a large share of the browser project's time. The files that pass `'pglite'` keep
 * the embedded default (what `npm start` runs) covered end to end in a real browser.
 */
export const browserEngine = (): Engine => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/**
 * One server (in this process, on a fresh database of its own, so tests can arrange data
 * directly) and one Chromium per test file; each test opens its own phones (browser contexts).
 */
export function useBrowserFixture(engine: Engine = browserEngine()) {
  const state = {} as { server: TestApp; browser: Browser; phones: Phone[] };

  beforeAll(async () => {
    // Each is kept as soon as it is up, so afterAll closes whatever started even if the other failed.
    await Promise.all([
      startTestApp(engine).then((server) => {
        state.server = server;
      }),
      launchChromium().then((browser) => {
        state.browser = browser;
      }),
    ]);
    state.phones = [];
  });

  // The tracks the tests onboard to must be offered (issue 12): made so through the importer, after
  // each file has seeded what it wants (a seeded subject is used, else a sample one).
  beforeEach(async () => {
    for (const reviewer of ['let-elem', 'cse-pro']) {
      await ensureOffered(state.server.app.database.db, reviewer);
    }
  });

  afterEach(async ({ task }) => {
    const phones = state.phones.splice(0);
    if (task.result?.state === 'fail') await Promise.all(phones.map(describePhone));
    const errors = phones.flatMap((p) => p.pageErrors);
    await Promise.all(phones.map(closePhone));
    // An uncaught exception in the page is a bug, whatever the test was looking at.
    if (errors.length > 0) throw new Error(`Uncaught errors in the page:\n${errors.join('\n')}`);
  });

  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });

  return {
    get server() {
      return state.server;
    },
    /**
     * A fresh phone; `userAgent` overrides the default Android Chrome (e.g. an app's web view).
     * `serviceWorkers: 'block'` for a test that slows or fails the app's own files with
     * `page.route`: the service worker answers them from its cache, unseen by the route (ADR 019).
     */
    async phone(
      options: { userAgent?: string; serviceWorkers?: 'allow' | 'block' } = {},
    ): Promise<Phone> {
      const context = await newPhoneContext(
        state.browser,
        state.server.url,
        options.userAgent,
        options.serviceWorkers,
      );
      // A missed expectation should fail in seconds, not hang until the test's own timeout.
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const log: string[] = [];
      const note = (line: string) => {
        log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
        if (log.length > LOG_LINES) log.shift();
      };
      page.on('console', (message) => note(`console.${message.type()}: ${message.text()}`));
      page.on('requestfailed', (request) =>
        note(
          `request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`,
        ),
      );
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (response.status() >= 400 || pathname.startsWith('/api/auth/')) {
          note(`response ${response.status()}: ${response.request().method()} ${pathname}`);
        }
      });
      // The service worker's own requests (its precache at install) are the context's, not the
      // page's: a first install that stalls or loses a file says which, in the failure's log.
      context.on('serviceworker', (worker) => note(`service worker started: ${worker.url()}`));
      context.on('requestfailed', (request) => {
        if (request.serviceWorker())
          note(`worker request failed: ${request.url()} ${request.failure()?.errorText}`);
      });
      context.on('response', (response) => {
        if (response.request().serviceWorker() && response.status() >= 400)
          note(`worker response ${response.status()}: ${response.url()}`);
      });
      context.on('page', (opened) => {
        if (opened !== page) opened.on('framenavigated', (f) => note(`other tab at ${f.url()}`));
      });
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) note(`navigated: ${frame.url()}`);
      });
      const phone = { context, page, dialogs: recordDialogs(page), pageErrors, log };
      state.phones.push(phone);
      return phone;
    },
  };
}

/**
 * What a failed test's phone showed: its address, its text and its last console lines, so a
 * failure seen once in a full run can be read afterwards (issue 22's flakes).
 */
async function describePhone(phone: Phone): Promise<void> {
  const { page } = phone;
  // A page held by an open alert never answers: the text is given up on after a moment.
  const text = await Promise.race([
    page.evaluate(() => document.body?.innerText ?? ''),
    new Promise<string>((resolve) => setTimeout(resolve, 3_000, '(no answer: an alert open?)')),
  ]).catch((error: unknown) => `(no text: ${error})`);
  console.error(
    [
      `--- phone at ${page.url()}`,
      `text: ${text.slice(0, 1_500)}`,
      ...phone.log,
      `dialogs: ${phone.dialogs.join(' | ')}`,
    ].join('\n'),
  );
}

/**
 * Leaves the app first (ends its live stream and any reload in flight), then closes. Chromium can
 * hang closing a context whose page is mid-reload, so the close is bounded.
 */
async function closePhone(phone: Phone): Promise<void> {
  await phone.page.goto('about:blank', { timeout: 5_000 }).catch(() => undefined);
  await Promise.race([
    phone.context.close(),
    new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref()),
  ]);
}
