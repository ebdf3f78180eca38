import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import { subscriptions, users } from '../../apps/server/src/platform/db/schema.ts';
import { atBothWidths, screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { onboardedPhone, settledPath } from './helpers/session.ts';

// docs/product.md#route-guard route guard outcomes that depend on the subscription status claim.
describe('the guard and the subscription status', () => {
  const fx = useBrowserFixture();

  const db = () => fx.server.app.database.db;
  const student = async (email: string) => onboardedPhone(await fx.phone(), email);
  type Student = Awaited<ReturnType<typeof student>>;
  /** Changes the student's current subscription row as staff or time would, touching the user. */
  const setSubscription = async (
    s: Student,
    values: Partial<typeof subscriptions.$inferInsert>,
  ) => {
    await db().update(subscriptions).set(values).where(eq(subscriptions.id, s.subscriptionId));
    await touchUser(db(), s.userId);
  };
  // A navigation right after a change the page hears live may be aborted by the reload that
  // change sets off: tests then tolerate it and wait for where the guard settles.
  const subscriptionStatus = async (s: Student) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.id, s.subscriptionId)))[0]
      ?.status;

  it('no subscription: every page goes to /subscription/no-subscription, purchase stays open', async () => {
    const s = await student('no.sub@example.com');
    await db().update(users).set({ currentSubscriptionId: null }).where(eq(users.id, s.userId));
    await touchUser(db(), s.userId);
    await s.page.goto('/quiz').catch(() => undefined);
    await settledPath(s.page, '/subscription/no-subscription');
    await expect
      .poll(() =>
        s.page.getByRole('heading', { name: 'You have no active subscription' }).isVisible(),
      )
      .toBe(true);
    await screenshot(s.page, 'subscription-no-subscription');
    await s.page.goto('/subscription/purchase');
    await settledPath(s.page, '/subscription/purchase');
    await s.page.goto('/subscription/suspended');
    await settledPath(s.page, '/subscription/no-subscription');
  });

  it('suspended: locked to /subscription/suspended', async () => {
    const s = await student('suspended@example.com');
    await setSubscription(s, { status: 'suspended' });
    for (const path of ['/quiz', '/account', '/subscription/purchase', '/subscription/revoked']) {
      // The live change may reload the page meanwhile (this navigation is then aborted).
      await s.page.goto(path).catch(() => undefined);
      await settledPath(s.page, '/subscription/suspended');
    }
    await expect
      .poll(() =>
        s.page.getByRole('heading', { name: 'Your subscription is suspended' }).isVisible(),
      )
      .toBe(true);
    await screenshot(s.page, 'subscription-suspended');
  });

  it('revoked: locked to /subscription/revoked, with a way to buy again', async () => {
    const s = await student('revoked@example.com');
    await setSubscription(s, { status: 'revoked' });
    await s.page.goto('/study').catch(() => undefined);
    await settledPath(s.page, '/subscription/revoked');
    await screenshot(s.page, 'subscription-revoked');
    await s.page.goto('/subscription/purchase');
    await settledPath(s.page, '/subscription/purchase');
  });

  it('expired status: locked to /subscription/no-subscription', async () => {
    const s = await student('expired.status@example.com');
    await setSubscription(s, { status: 'expired' });
    await s.page.goto('/tasks').catch(() => undefined);
    await settledPath(s.page, '/subscription/no-subscription');
  });

  it('an expiry date in the past: the spec alert, the status set to expired, no-subscription', async () => {
    const s = await student('lapsed@example.com');
    await setSubscription(s, { expiryDate: new Date(Date.now() - 60_000) });
    await s.page.goto('/quiz').catch(() => undefined);
    await settledPath(s.page, '/subscription/no-subscription');
    expect(s.dialogs).toEqual(['Your current subscription has expired!']);
    expect(await subscriptionStatus(s)).toBe('expired');
  });

  it('the subscription lapsing while the page is open: alert, then no-subscription', async () => {
    const s = await student('lapsing.live@example.com');
    const expiry = Date.now() + 6_000;
    await setSubscription(s, { expiryDate: new Date(expiry) });
    await s.page.reload();
    await settledPath(s.page, '/quiz');
    await s.page.waitForTimeout(Math.max(0, expiry - Date.now()) + 500);
    // Moving between tabs runs the guard again with the current time.
    await s.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Study' })
      .click();
    await settledPath(s.page, '/subscription/no-subscription');
    // The alert comes with the guard's forced claims; with the status page's code already cached
    // (the service worker) the page can be there first. Once, either way.
    await expect.poll(() => s.dialogs).toEqual(['Your current subscription has expired!']);
  });

  // Issue 13 item 6: the guard's expiry makes the server expire the subscription, and the live
  // change of docs/product.md#status-reload reloads the page. The reload raced the guard's redirect: it reloaded /quiz
  // while the redirect was still loading, or before the guard's answer brought the alert. Each
  // case slows one side, so the race is lost every time rather than 1 run in 3.
  describe.each([
    ['the redirect is slow (its screen loads over slow data)', 'redirect'],
    ["the guard's answer is slow (it carries the alert)", 'answer'],
  ] as const)('the expiry found by a tab tap, when %s', (_label, slow) => {
    it('alerts once, goes straight to no-subscription, and reloads only there', async () => {
      // No service worker: it would serve the slowed chunk from its cache, past page.route.
      const s = await onboardedPhone(
        await fx.phone({ serviceWorkers: 'block' }),
        `expiry.race.${slow}@example.com`,
      );
      const expiry = Date.now() + 3_000;
      await setSubscription(s, { expiryDate: new Date(expiry) });
      await s.page.reload();
      await settledPath(s.page, '/quiz');

      if (slow === 'redirect') {
        await s.page.route('**/assets/subscription-status-page-*.js', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          await route.continue();
        });
      } else {
        await s.page.route(
          (url) => url.pathname === '/api/auth/claims' && url.searchParams.get('force') === '1',
          async (route) => {
            const response = await route.fetch();
            await new Promise((resolve) => setTimeout(resolve, 2_000));
            await route.fulfill({ response });
          },
        );
      }
      const timeline: string[] = [];
      const path = () => new URL(s.page.url()).pathname;
      s.page.on('framenavigated', (frame) => {
        if (frame === s.page.mainFrame()) timeline.push(`url ${new URL(frame.url()).pathname}`);
      });
      s.page.on('load', () => timeline.push(`load ${path()}`));
      s.page.on('dialog', (dialog) => timeline.push(`alert ${dialog.message()}`));

      await s.page.waitForTimeout(Math.max(0, expiry - Date.now()) + 500);
      await s.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Study' })
        .click();
      await expect
        .poll(() => timeline.includes('load /subscription/no-subscription'), { timeout: 20_000 })
        .toBe(true);
      // Settled: nothing moves any more.
      await s.page.waitForTimeout(3_000);
      await settledPath(s.page, '/subscription/no-subscription');
      await s.page.getByRole('heading', { name: 'You have no active subscription' }).waitFor();

      const urls = timeline.filter((e) => e.startsWith('url ')).map((e) => e.slice(4));
      expect(new Set(urls), timeline.join(' → ')).toEqual(
        new Set(['/subscription/no-subscription']),
      );
      expect(
        timeline.filter((e) => !e.startsWith('url ')),
        timeline.join(' → '),
      ).toEqual([
        'alert Your current subscription has expired!',
        'load /subscription/no-subscription',
      ]);
      expect(s.dialogs).toEqual(['Your current subscription has expired!']);
      expect(await subscriptionStatus(s)).toBe('expired');
    });
  });

  // Issue 21 finding 8: the claims reply that expires the subscription carries the alert; a page
  // that reloads before that reply arrives must still say it, and only once.
  it('the expiring claims reply lost to a reload: the alert still shows, once', async () => {
    const s = await student('expiry.lost@example.com');
    await setSubscription(s, { expiryDate: new Date(Date.now() - 60_000) });
    let taken = false;
    let dropped = 0;
    // The server answers (and expires the subscription), but the page never gets the answer.
    await s.page.route(
      (url) => url.pathname === '/api/auth/claims',
      async (route) => {
        if (taken) return route.continue();
        taken = true;
        // The server's answer expires the subscription, and its live change may reload the page
        // before the answer is back here (the fetch then throws): the answer was lost all the same.
        await route.fetch().catch(() => undefined);
        await route.abort().catch(() => undefined);
        dropped += 1;
      },
    );
    await s.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Study' })
      .click();
    // The dropped reply is first fetched from the server through Playwright: on a loaded machine
    // that took longer than expect.poll's default second.
    await expect.poll(() => dropped, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => subscriptionStatus(s), { timeout: 10_000 }).toBe('expired');
    // The expiry's live change reloads the page itself, and that visit brings the alert. Only when
    // it has not come after a moment does the student reload: a reload sent while the alert opens
    // could leave it open over a page that never loads (seen once in a full run).
    const alerted = await expect
      .poll(() => s.dialogs.length, { timeout: 5_000 })
      .toBe(1)
      .then(
        () => true,
        () => false,
      );
    if (!alerted) await s.page.reload().catch(() => undefined);
    await settledPath(s.page, '/subscription/no-subscription');
    await expect.poll(() => s.dialogs).toEqual(['Your current subscription has expired!']);
    // Later visits say nothing more. The page may still be reloading itself (the expiry's live
    // change): a reload sent then finds no page attached (seen once in a full run), so it is sent
    // again once that load is done.
    await s.page.reload().catch(async () => {
      await s.page.waitForLoadState('load');
      await s.page.reload();
    });
    await settledPath(s.page, '/subscription/no-subscription');
    await s.page.waitForTimeout(500);
    expect(s.dialogs).toEqual(['Your current subscription has expired!']);
  });

  // Issue 21 finding 1: the server holds the paywall; a page whose claims are out of date learns it
  // from the refusal and goes where the guard sends that status.
  it('a content refusal from the server takes the student to the page of their status', async () => {
    const s = await student('refused.content@example.com');
    // Revoked behind the page's back: no live change, so the page still thinks it has access.
    await db()
      .update(subscriptions)
      .set({ status: 'revoked' })
      .where(eq(subscriptions.id, s.subscriptionId));
    const refused = s.page.waitForResponse(
      (r) => r.url().includes('/api/study/') && r.status() === 403,
    );
    await s.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Study' })
      .click();
    expect((await (await refused).json()).error.reason).toBe('revoked');
    await settledPath(s.page, '/subscription/revoked');
    await screenshot(s.page, 'subscription-revoked-after-refusal');
  });

  // The subscription ends while a lite quiz is open: the answer is refused on the paywall. The
  // refusal stayed under the item until the next navigation; now it is answered as every refusal
  // is: the claims read expires the subscription with the spec's alert, and the guard moves on.
  it('a lite answer refused because the subscription ended mid-quiz: the alert, then no-subscription', async () => {
    const s = await student('lapsed.mid.lite@example.com');
    await s.page.getByRole('link', { name: 'Start lite quiz' }).click();
    await s.page.waitForURL(/\/quiz\/let-elem\/lite\?attempt=/);
    await s.page.getByText(/^Item 1 of \d+$/).waitFor();
    // Ended behind the page's back: no live change, so only the refusal tells the page.
    await db()
      .update(subscriptions)
      .set({ expiryDate: new Date(Date.now() - 1_000) })
      .where(eq(subscriptions.id, s.subscriptionId));
    // Its reason is read as it arrives: the page soon reloads (the expiry's live change).
    const refused = s.page.waitForResponse(
      async (r) =>
        r.url().includes('/answers/') &&
        r.status() === 403 &&
        (await r.json()).error.reason === 'expired',
    );
    await s.page.locator('.quiz__card .choice').first().click();
    await refused;
    await settledPath(s.page, '/subscription/no-subscription');
    await expect.poll(() => s.dialogs).toEqual(['Your current subscription has expired!']);
    expect(await subscriptionStatus(s)).toBe('expired');
    await s.page.getByRole('heading', { name: 'You have no active subscription' }).waitFor();
    await atBothWidths(s.page, 'subscription-ended-mid-lite');
  });

  it('an active status sends the user away from the status pages', async () => {
    const s = await student('active@example.com');
    for (const path of [
      '/subscription/suspended',
      '/subscription/revoked',
      '/subscription/no-subscription',
      '/subscription/invalid-subscription',
    ]) {
      await s.page.goto(path);
      await settledPath(s.page, '/quiz');
    }
  });

  it('a live change to suspended reloads the page into the lock', async () => {
    const s = await student('live.suspend@example.com');
    const { announce, topics } = await import('../../apps/server/src/platform/live/topics.ts');
    await db().transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({ status: 'suspended' })
        .where(eq(subscriptions.id, s.subscriptionId));
      await announce(tx, topics.subscription(s.subscriptionId));
    });
    await settledPath(s.page, '/subscription/suspended');
  });
});
