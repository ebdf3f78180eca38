import { formatManilaDate } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import { subscriptions, users } from '../../apps/server/src/platform/db/schema.ts';
import { announce, topics } from '../../apps/server/src/platform/live/topics.ts';
import { HOUR } from '../../apps/server/test/helpers/durations.ts';
import { callFunction } from '../../apps/server/test/helpers/test-app.ts';
import {
  makeStaff,
  purchaseInput,
  setStatus,
} from '../../apps/server/test/subscriptions/purchase-helpers.ts';
import { screenshot } from './helpers/chromium.ts';
import { type Phone, useBrowserFixture } from './helpers/fixture.ts';
import { cookieFor, onboardedPhone, settledPath } from './helpers/session.ts';

// docs/product.md#subscription-banner; #states "Queued subscriptions are re-fetched when a live change is seen".
describe('the subscription banners', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;

  const student = async (email: string) => onboardedPhone(await fx.phone(), email);
  type Student = Awaited<ReturnType<typeof student>>;

  const banner = (s: Phone) => s.page.locator('[data-banner="subscription"]');
  const bannerText = async (s: Phone) =>
    (await banner(s).count()) === 0 ? null : (await banner(s).innerText()).replace(/\s+/g, ' ');

  async function buy(s: Student, finalPrice: number): Promise<string> {
    const res = await callFunction(
      fx.server,
      await cookieFor(s.context),
      'subscribeUser',
      purchaseInput({ finalPrice }),
    );
    expect(res.statusCode).toBe(200);
    return res.json().result.subscriptionId;
  }

  it("free trial: 'Save now!' with the countdown, then 'Purchase now!'; hidden on the purchase page", async () => {
    const s = await student('trial.banner@example.com');
    const [trial] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, s.subscriptionId));
    const ends = `Free trial ends ${formatManilaDate(trial?.expiryDate ?? new Date())}.`;
    await expect.poll(() => bannerText(s)).toMatch(/Save now! 23:5\d:\d\d/);
    expect(await bannerText(s)).toContain(ends);
    // The top padding follows the banner count (docs/product.md#app-shell).
    expect(await s.page.locator('.app').getAttribute('data-banners')).toBe('1');
    await screenshot(s.page, 'banner-free-trial-save-now');

    await banner(s)
      .getByRole('link', { name: /Save now!/ })
      .click();
    await settledPath(s.page, '/subscription/purchase');
    await expect.poll(() => banner(s).count()).toBe(0);
    expect(await s.page.locator('.app').getAttribute('data-banners')).toBe('0');

    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(users.id, s.userId));
    await touchUser(db(), s.userId);
    await s.page.goto('/quiz');
    await expect.poll(() => bannerText(s)).toBe(`${ends} Purchase now!`);
    await screenshot(s.page, 'banner-free-trial-purchase-now');
  });

  it('pending → staff approve live → click closes it (completed) and it is gone', async () => {
    const s = await student('approve.banner@example.com');
    await expect.poll(() => bannerText(s)).toMatch(/Save now!/);
    // A purchase while on the trial is queued (docs/product.md#extension); the banner follows live.
    const subId = await buy(s, 99);
    await expect.poll(() => bannerText(s)).toBe('Your payment is under review.');
    await screenshot(s.page, 'banner-pending');
    await s.page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(s.page, 'banner-pending-dark');
    await s.page.emulateMedia({ colorScheme: 'light' });

    const staff = await makeStaff(fx.server);
    const approved = await setStatus(fx.server, staff, s, subId, 'approved', 'GCash ref checked');
    expect(approved.statusCode).toBe(200);
    await expect.poll(() => bannerText(s)).toBe('Payment approved! Click here to close.');
    await screenshot(s.page, 'banner-approved');

    await banner(s).getByRole('button', { name: 'Payment approved! Click here to close.' }).click();
    await expect.poll(() => banner(s).count()).toBe(0);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(row?.status).toBe('completed');
    // Still the trial's page, no reload: the queued purchase waits its turn.
    expect(new URL(s.page.url()).pathname).toBe('/quiz');
  });

  it('forVerification, arriving live: the Verify Payment modal explains what to email', async () => {
    const s = await student('verify.banner@example.com');
    // No current subscription: this purchase becomes the current one.
    await db().update(users).set({ currentSubscriptionId: null }).where(eq(users.id, s.userId));
    await touchUser(db(), s.userId);
    const subId = await buy(s, 199);
    await s.page.goto('/quiz');
    await expect.poll(() => bannerText(s)).toBe('Your payment is under review.');

    // A staff change written straight to the database and announced, as the console does.
    await db().transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({ status: 'forVerification' })
        .where(eq(subscriptions.id, subId));
      await announce(tx, topics.subscription(subId));
    });
    const verify = banner(s).getByRole('button', {
      name: 'Verify payment to avoid suspension! Verify now.',
    });
    await expect.poll(() => verify.isVisible()).toBe(true);
    await screenshot(s.page, 'banner-for-verification');

    await verify.click();
    const dialog = s.page.getByRole('dialog', { name: 'Verify Payment' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // What it says and the email it writes are features/banners/verify-payment-banner.test.tsx;
    // the native dialog's Escape and focus are the browser's.
    await dialog.getByRole('link', { name: 'Email support' }).waitFor();
    await screenshot(s.page, 'banner-verify-payment-modal');
    await s.page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Focus goes back to the banner that opened it.
    expect(await verify.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
