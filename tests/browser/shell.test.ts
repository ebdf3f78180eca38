import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../apps/server/src/platform/db/schema.ts';
import { announce, topics } from '../../apps/server/src/platform/live/topics.ts';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, onboardedPhone, settledPath, signIn } from './helpers/session.ts';

describe('app shell', () => {
  const fx = useBrowserFixture();

  it("shows 'Loading App' until the session is known, but not on onboarding", async () => {
    const { page } = await fx.phone();
    await signIn(page, 'slow.network@example.com');
    await settledPath(page, '/onboarding');

    // A slow mobile network: hold the claims answer back.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/claims*', async (route) => {
      await held;
      await route.continue();
    });
    // Watch the DOM from the first byte: the overlay must not even flash while code loads.
    await page.addInitScript(() => {
      const seen = { overlay: false };
      Object.assign(window, { __overlaySeen: seen });
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Loading App')) seen.overlay = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/onboarding');
    await expect.poll(() => page.locator('.inline-loading').count()).toBe(1);
    expect(
      await page.evaluate(
        () => (window as unknown as { __overlaySeen: { overlay: boolean } }).__overlaySeen.overlay,
      ),
    ).toBe(false);
    await page.goto('/quiz');
    const overlay = page.getByText('Loading App');
    await expect.poll(() => overlay.isVisible()).toBe(true);
    await screenshot(page, 'loading-app');
    release();
    await settledPath(page, '/onboarding');
    await expect.poll(() => overlay.count()).toBe(0);
  });

  it('catches up on a change missed while the connection was down: reconnect, then snapshot', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'flaky.network@example.com');
    await completeOnboarding(page);
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());

    // The mobile link drops: every open connection is cut and new streams fail for now.
    let streamsRefused = 0;
    await page.route('**/api/live*', async (route) => {
      streamsRefused += 1;
      await route.abort('internetdisconnected');
    });
    fx.server.app.server.closeAllConnections();
    await expect.poll(() => streamsRefused).toBeGreaterThanOrEqual(1);

    // Staff suspend the subscription meanwhile; the phone cannot hear it.
    await fx.server.app.database.db.transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({ status: 'suspended' })
        .where(eq(subscriptions.id, me.subscription.id));
      await announce(tx, topics.subscription(me.subscription.id));
    });
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/quiz');

    // The link comes back: the next retry connects and its snapshot carries the change.
    await page.unroute('**/api/live*');
    await settledPath(page, '/subscription/suspended');
  });

  // A link opened its page where the last one was scrolled: quiz home's last link opened the
  // study launcher near its foot, and "How this works" opened the readiness page mid-way.
  it('opens a linked page at its top, returns to the place on Back, and keeps it for a filter', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'scroll.place@example.com');
    await completeOnboarding(page);
    await settledPath(page, '/quiz');
    const toStudy = page.getByRole('link', { name: 'Study with flash cards, notes and drills' });
    await toStudy.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const homePlace = await page.evaluate(() => window.scrollY);
    expect(homePlace).toBeGreaterThan(100);

    await toStudy.click();
    await page.waitForURL(/\/study\b/);
    await page.getByLabel('Subject').waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // A filter rewrites the launcher's query only: the student stays where they chose it.
    await page.evaluate(() => window.scrollTo(0, 120));
    const launcherPlace = await page.evaluate(() => window.scrollY);
    expect(launcherPlace).toBeGreaterThan(0);
    const topic = page.getByLabel('Topic');
    const one = await topic.locator('option').nth(1).getAttribute('value');
    await topic.selectOption(one ?? '');
    await page.waitForURL(/topic=/);
    // The frames in which a new page would have been placed.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(launcherPlace);

    await page.goBack();
    await page.waitForURL('**/quiz');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(homePlace);
  });

  it('the Tasks tab shows a red dot while rewards are unclaimed, following live changes', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'red.dot@example.com');
    await completeOnboarding(page);
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    const menu = page.getByRole('navigation', { name: 'Main' });
    expect(await menu.getByRole('button', { name: 'Tasks, rewards to claim' }).count()).toBe(0);

    const setDrillPoints = (points: number) =>
      fx.server.app.database.db.transaction(async (tx) => {
        await tx.update(users).set({ unclaimedDrillPoints: points }).where(eq(users.id, me.id));
        await announce(tx, topics.user(me.id));
      });
    await setDrillPoints(40);
    await expect
      .poll(() => menu.getByRole('button', { name: 'Tasks, rewards to claim' }).count())
      .toBe(1);
    await screenshot(page, 'tasks-red-dot');
    await setDrillPoints(0);
    await expect
      .poll(() => menu.getByRole('button', { name: 'Tasks, rewards to claim' }).count())
      .toBe(0);
  });

  it('a signed-in screen, its live updates and the message form load no zod', async () => {
    // No service worker, so the schemas cannot come from its cache (ADR 019).
    const s = await onboardedPhone(
      await fx.phone({ serviceWorkers: 'block' }),
      'no.zod@example.com',
    );
    // The contract's schemas (zod, 23 KB) never arrive: nothing below may need them (issue 10:
    // building them, then parsing the stream's first snapshot, were long tasks on every screen).
    const asked: string[] = [];
    await s.context.route(/\/assets\/zod-[\w-]+\.js$/, (route) => {
      asked.push(route.request().url());
      return route.abort();
    });
    await s.page.goto('/tasks');
    const menu = s.page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    // A live change still lands.
    await fx.server.app.database.db.transaction(async (tx) => {
      await tx.update(users).set({ unclaimedDrillPoints: 40 }).where(eq(users.id, s.userId));
      await announce(tx, topics.user(s.userId));
    });
    await expect
      .poll(() => menu.getByRole('button', { name: 'Tasks, rewards to claim' }).count())
      .toBe(1);
    // The message form opens and checks what is typed.
    await s.page.getByRole('button', { name: 'Send us a message' }).click();
    await expect.poll(() => s.page.getByRole('dialog').isVisible()).toBe(true);
    expect(asked).toEqual([]);
  });
});
