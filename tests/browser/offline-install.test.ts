import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../apps/server/test/helpers/test-app.ts';
import { launchChromium, newPhoneContext, screenshot } from './helpers/chromium.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';
import { seedSmallCrimBank } from './helpers/small-bank.ts';

/**
 * Issue 11 deliverable 1: installable (manifest, icons, a service worker controlling the page) and
 * the update flow (a new version waits for the student's Reload, never swapping in under a mock).
 * The server serves a copy of the build, so a test can publish a "new version" by changing sw.js.
 */
describe('installable app and its updates', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'pasado-dist-'));
  let server: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    cpSync(path.resolve(import.meta.dirname, '../../apps/web/dist'), dist, { recursive: true });
    [server, browser] = await Promise.all([
      startTestApp('pglite', { WEB_DIST_DIR: dist }),
      launchChromium(),
    ]);
    await seedSmallCrimBank(server.app.database.db);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function phone() {
    const context = await newPhoneContext(browser, server.url);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors };
  }

  const controlled = (page: Page) =>
    page.evaluate(() => navigator.serviceWorker.controller?.state ?? null);

  /** A phone signed in and onboarded, on quiz home, with the service worker in control. */
  async function studentOnQuizHome(email: string) {
    const opened = await phone();
    await signIn(opened.page, email);
    await completeOnboarding(opened.page, /Criminology/);
    await settledPath(opened.page, '/quiz');
    await expect.poll(() => controlled(opened.page), { timeout: 20_000 }).toBe('activated');
    return opened;
  }

  it('has a valid manifest with real icons, and a service worker controls the page', async () => {
    const { context, page, errors } = await phone();
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(href ?? '');
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'Pasado',
      start_url: '/quiz',
      display: 'standalone',
      theme_color: '#0f5e63',
    });
    expect(manifest.name.length).toBeGreaterThan(0);
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type']).toBe('image/png');
      const bytes = await image.body();
      // PNG signature, then the IHDR width and height the manifest promises.
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([w, h]);
    }

    // The worker registers after load and claims the page it was installed from.
    await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe('activated');
    // Chromium's own installability check (manifest, icons, worker with a fetch handler).
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A Playwright context is incognito, which Chrome never installs from; anything else is ours.
    expect(
      installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
    ).toEqual([]);
    const { errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as {
      errors: { message: string }[];
    };
    expect(manifestErrors).toEqual([]);

    // The shell now loads with no network at all (the app, not the browser's "no internet" page).
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator('#root > *').count()).toBeGreaterThan(0);
    expect(await page.title()).toBe('Pasado');
    expect(errors).toEqual([]);
    await context.close();
  });

  // A page whose document came while the worker was not in charge (loaded during the first
  // install's activation, or a hard reload) stayed out of its control until the next load: a CI
  // run found the worker active and the page uncontrolled for 80 s (2026-11-29).
  it('a page loaded past the worker is taken into its control, with no reload', async () => {
    const { context, page, errors } = await studentOnQuizHome('past.worker@example.com');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.reload', { ignoreCache: true });
    await page.waitForLoadState('load');
    await page.getByRole('link', { name: 'Start lite quiz' }).waitFor();
    await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe('activated');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a phone offline before the registration chunk came registers once back online, with no error', async () => {
    const { context, page, errors } = await phone();
    // The registration's own chunk cannot be fetched: the signal went before it came.
    const blocked = /register-service-worker-[^/]*\.js$/;
    await context.route(blocked, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => /register-service-worker-/.test(e.name)),
    );
    expect(await controlled(page)).toBeNull();
    await context.unroute(blocked);
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => controlled(page), { timeout: 15_000 }).toBe('activated');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a first install that loses a file on the way installs again by itself, with no reload', async () => {
    const { context, page, errors } = await phone();
    // One of the files the worker precaches drops once, as on flaky mobile data: that fails the
    // whole install, and the browser forgets the registration.
    // Only the worker's own downloads are counted (the browser may fetch the icon for itself).
    let fetchedByWorker = 0;
    await context.route('**/icon-192.png', (route) => {
      if (route.request().serviceWorker() === null) return route.continue();
      fetchedByWorker += 1;
      return fetchedByWorker === 1 ? route.abort('connectionreset') : route.continue();
    });
    await page.goto('/login');
    await expect.poll(() => fetchedByWorker, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await controlled(page)).toBeNull();
    // The page tries again on its own (after 10 s) and the second install takes.
    await expect.poll(() => controlled(page), { timeout: 30_000 }).toBe('activated');
    expect(fetchedByWorker).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a new version waits during a mock until the student reloads', async () => {
    const { context, page, errors } = await studentOnQuizHome('update.student@example.com');
    await page.getByRole('link', { name: 'Start mock exam' }).click();
    await page.waitForURL(/\/quiz\/crim\/mock\?attempt=/);
    const mockUrl = page.url();
    await page.getByText('Item 1 of 12').waitFor();
    await page.locator('.quiz__card .choice').nth(0).click();
    await page.getByText('All answers saved').waitFor();

    // A deploy: the server now has a different service worker.
    appendFileSync(path.join(dist, 'sw.js'), '\n// next version\n');
    const firstController = await page.evaluate(
      () => navigator.serviceWorker.controller?.scriptURL,
    );
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await page.getByText('A new version is ready.').waitFor({ timeout: 20_000 });
    await screenshot(page, 'offline-update-prompt-mock');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'offline-update-prompt-mock-360');

    // Nothing swapped in: same page, same worker, the mock goes on. (A window, not an event: what
    // is checked is that nothing happens.)
    await page.waitForTimeout(1_000);
    expect(page.url()).toBe(mockUrl);
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null,
    );
    expect(waiting).toBe('installed');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Item 2 of 12').waitFor();
    await page.locator('.quiz__card .choice').nth(0).click();
    await page.getByText('All answers saved').waitFor();

    // The student's choice: the new version takes over and the mock resumes where it was.
    await Promise.all([
      page.waitForEvent('load', { timeout: 20_000 }),
      page.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await page.getByText(/Item \d+ of 12/).waitFor();
    expect(await page.locator('.quiz__progress-text').textContent()).toBe('2/12');
    expect(await page.getByText('A new version is ready.').count()).toBe(0);
    const waitingAfter = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
    );
    expect(waitingAfter).toBeNull();
    expect(firstController).toContain('/sw.js');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a tab left open through three deploys is told, and its Reload takes the newest', async () => {
    const { context, page, errors } = await studentOnQuizHome('three.deploys@example.com');
    /** The worker waiting now, remembered by the page, to tell the next one from it. */
    const waitingIsNew = () =>
      page.evaluate(async () => {
        const seen = window as unknown as { lastWaiting?: ServiceWorker | null };
        const waiting = (await navigator.serviceWorker.getRegistration())?.waiting ?? null;
        if (waiting === null || waiting === seen.lastWaiting) return false;
        seen.lastWaiting = waiting;
        return true;
      });
    for (const deploy of [1, 2, 3]) {
      appendFileSync(path.join(dist, 'sw.js'), `\n// deploy ${deploy} of three\n`);
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await expect.poll(waitingIsNew, { timeout: 20_000 }).toBe(true);
      await page.getByText('A new version is ready.').waitFor({ timeout: 10_000 });
    }
    // A tab opened meanwhile finds the version waiting and says so too.
    const second = await context.newPage();
    await second.goto('/quiz');
    await second.getByText('A new version is ready.').waitFor({ timeout: 20_000 });
    await second.close();
    await Promise.all([
      page.waitForEvent('load', { timeout: 20_000 }),
      page.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await settledPath(page, '/quiz');
    // The newest took over: nothing is left waiting, and nothing more to tell.
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting ?? null,
        active: registration?.active?.state ?? null,
      };
    });
    expect(after).toEqual({ waiting: null, active: 'activated' });
    expect(await page.getByText('A new version is ready.').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
