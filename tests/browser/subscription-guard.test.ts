import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../apps/server/src/platform/db/schema.ts';
import { screenshot } from './helpers/chromium.ts';
import { type Phone, useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signInThroughPopup } from './helpers/session.ts';

// SPEC §4 route guard outcomes that depend on the subscription status claim.
describe('the guard and the subscription status', () => {
  const fx = useBrowserFixture();

  async function onboardedStudent(
    email: string,
  ): Promise<Phone & { userId: string; subscriptionId: string }> {
    const phone = await fx.phone();
    await signInThroughPopup(phone.page, email);
    await completeOnboarding(phone.page);
    const me = await phone.page.evaluate(async () => (await fetch('/api/me')).json());
    return { ...phone, userId: me.id, subscriptionId: me.subscription.id };
  }

  const db = () => fx.server.app.database.db;

  it('no subscription: every page goes to /subscription/no-subscription, purchase stays open', async () => {
    const s = await onboardedStudent('no.sub@example.com');
    await db().update(users).set({ currentSubscriptionId: null }).where(eq(users.id, s.userId));
    await s.page.goto('/quiz');
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
    const s = await onboardedStudent('suspended@example.com');
    await db()
      .update(subscriptions)
      .set({ status: 'suspended' })
      .where(eq(subscriptions.id, s.subscriptionId));
    for (const path of ['/quiz', '/account', '/subscription/purchase', '/subscription/revoked']) {
      await s.page.goto(path);
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
    const s = await onboardedStudent('revoked@example.com');
    await db()
      .update(subscriptions)
      .set({ status: 'revoked' })
      .where(eq(subscriptions.id, s.subscriptionId));
    await s.page.goto('/study');
    await settledPath(s.page, '/subscription/revoked');
    await screenshot(s.page, 'subscription-revoked');
    await s.page.goto('/subscription/purchase');
    await settledPath(s.page, '/subscription/purchase');
  });

  it('expired status: locked to /subscription/no-subscription', async () => {
    const s = await onboardedStudent('expired.status@example.com');
    await db()
      .update(subscriptions)
      .set({ status: 'expired' })
      .where(eq(subscriptions.id, s.subscriptionId));
    await s.page.goto('/tasks');
    await settledPath(s.page, '/subscription/no-subscription');
  });

  it('an expiry date in the past: the spec alert, the status set to expired, no-subscription', async () => {
    const s = await onboardedStudent('lapsed@example.com');
    await db()
      .update(subscriptions)
      .set({ expiryDate: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.id, s.subscriptionId));
    await s.page.goto('/quiz');
    await settledPath(s.page, '/subscription/no-subscription');
    expect(s.dialogs).toEqual(['Your current subscription has expired!']);
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, s.subscriptionId));
    expect(row?.status).toBe('expired');
  });

  it('the subscription lapsing while the page is open: alert, then no-subscription', async () => {
    const s = await onboardedStudent('lapsing.live@example.com');
    const expiry = Date.now() + 6_000;
    await db()
      .update(subscriptions)
      .set({ expiryDate: new Date(expiry) })
      .where(eq(subscriptions.id, s.subscriptionId));
    await s.page.reload();
    await settledPath(s.page, '/quiz');
    await s.page.waitForTimeout(Math.max(0, expiry - Date.now()) + 500);
    // Moving between tabs runs the guard again with the current time.
    await s.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Study' })
      .click();
    await settledPath(s.page, '/subscription/no-subscription');
    expect(s.dialogs).toEqual(['Your current subscription has expired!']);
  });

  it('an active status sends the user away from the status pages', async () => {
    const s = await onboardedStudent('active@example.com');
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
    const s = await onboardedStudent('live.suspend@example.com');
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
