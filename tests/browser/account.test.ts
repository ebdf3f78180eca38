import { getPlan, manilaDayKey, PURCHASE_MESSAGES } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  subscriptions,
  transactions,
  userStreaks,
  users,
} from '../../apps/server/src/platform/db/schema.ts';
import { announce, topics } from '../../apps/server/src/platform/live/topics.ts';
import { DAY } from '../../apps/server/test/helpers/durations.ts';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

// Each card's rules for the data it is given (initials, levels, what blocks buying, devices' names)
// are web unit tests in apps/web/src/features/account/; these are the screen on a real server.
describe('account', () => {
  const fx = useBrowserFixture();

  const openAccount = async (page: import('playwright-core').Page) => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Account' })
      .click();
    await settledPath(page, '/account');
  };

  it('shows the student’s real profile, progress, subscription, payments and devices', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'maria.santos@example.com');
    await completeOnboarding(page);
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    const db = fx.server.app.database.db;
    const plan = getPlan('3-months') ?? getPlan('1-month');
    if (!plan) throw new Error('no plan');

    // Real progress, and a paid 3-month extension waiting behind the free trial.
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          displayName: 'Maria Clara Santos',
          gemsCollection: { emerald: 620 },
          currentLevel: 'sapphire',
        })
        .where(eq(users.id, me.id));
      await tx
        .insert(userStreaks)
        .values({ userId: me.id, current: 4, longest: 9, lastDay: manilaDayKey(new Date()) });
      const [queued] = await tx
        .insert(subscriptions)
        .values({
          userId: me.id,
          status: 'pending',
          startsAt: new Date(Date.now() + 3 * DAY),
          expiryDate: new Date(Date.now() + 93 * DAY),
          selectedPlan: plan,
          isExtension: true,
          queuedAt: new Date(),
        })
        .returning();
      if (!queued) throw new Error('no subscription');
      await tx.insert(transactions).values({
        subscriptionId: queued.id,
        userId: me.id,
        price: plan.price,
        discountAmount: 0,
        finalPrice: plan.price,
        refCode: '1234567890123',
      });
      await announce(tx, topics.user(me.id));
    });

    await openAccount(page);
    await expect.poll(() => page.getByText('Maria Clara Santos').isVisible()).toBe(true);
    expect(await page.getByText('maria.santos@example.com').isVisible()).toBe(true);

    const progress = page.getByRole('region', { name: 'Your progress' });
    await expect.poll(() => progress.getByText('Sapphire').isVisible()).toBe(true);
    expect(await progress.getByText('620', { exact: true }).isVisible()).toBe(true);
    expect(await progress.getByText('4 days').isVisible()).toBe(true);

    const subscription = page.getByRole('region', { name: 'Subscription' });
    await expect.poll(() => subscription.getByText('Free trial').first().isVisible()).toBe(true);
    expect(await subscription.getByText('Expires').isVisible()).toBe(true);
    expect(await subscription.getByText('(Manila)').isVisible()).toBe(true);
    expect(await subscription.getByText('Next in line').isVisible()).toBe(true);
    expect(await subscription.getByText(new RegExp(plan.name)).first().isVisible()).toBe(true);
    // A queued pending purchase blocks buying again (docs/product.md#states), and the screen says why.
    expect(await subscription.getByText(PURCHASE_MESSAGES.PURCHASE_BLOCKED).isVisible()).toBe(true);
    expect(await subscription.getByRole('link', { name: /subscription/ }).count()).toBe(0);

    const payments = page.getByRole('region', { name: 'Payment history' });
    await expect.poll(() => payments.getByText('Ref. 1234567890123').isVisible()).toBe(true);
    expect(await payments.getByText(`₱${plan.price}`).isVisible()).toBe(true);
    expect(await payments.getByText('Payment under review').isVisible()).toBe(true);

    const devices = page.getByRole('region', { name: 'Devices' });
    await expect.poll(() => devices.getByText('This device').isVisible()).toBe(true);
    expect(await devices.getByText('Chrome on Android').isVisible()).toBe(true);
    await screenshot(page, 'account');
    // Nothing is wider than the phone (360 px is the narrowest screen we serve).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screenshot(page, 'account-bottom-dark-360');
    await page.emulateMedia({ colorScheme: 'light' });

    // "Send us a message" opens the same modal as the round button.
    await page.getByRole('main').getByRole('button', { name: 'Send us a message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send us a message' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.getByRole('link', { name: 'Sign out' }).click();
    await settledPath(page, '/login');
  });

  // The names refused on the phone are features/account/display-name-form.test.tsx.
  it('sets the name other students see', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'jose.secret@example.com');
    await completeOnboarding(page);
    await openAccount(page);
    const field = page.getByLabel('Display name');
    await field.fill('  Jose   Rizal ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);
    await screenshot(page, 'account-display-name');
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.displayName).toBe('Jose Rizal');
  });

  // Issue 21 finding 6: a 37-character email made the page scroll sideways at 360 px.
  it('never scrolls sideways at 360 px, even with a 64-character email', async () => {
    const { page } = await fx.phone();
    const email = `${'maria.clara.santos.dela.cruz.reviewer'.padEnd(52, 'x')}@example.com`;
    expect(email).toHaveLength(64);
    await signIn(page, email);
    await completeOnboarding(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await openAccount(page);
    await page.getByRole('heading', { name: 'Name on the leaderboard' }).waitFor();
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      const wide = [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > root.clientWidth + 0.5)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)} ${getComputedStyle(e).position}`,
        )
        .slice(0, 12);
      return { scroll: root.scrollWidth - root.clientWidth, wide };
    });
    await screenshot(page, 'account-long-email-360');
    expect(overflow).toEqual({ scroll: 0, wide: [] });
  });
});
