import { IN_APP_FORM_SERVER_MESSAGES, MESSAGES, manilaDayKey } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inAppFormVisits, subscriptions, users } from '../../apps/server/src/platform/db/schema.ts';
import { animationsSettled, screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';

/** An Android app's WebView (`; wv)`), as the Pasado mobile app opens the form (docs/product.md#screens). */
const ANDROID_WEB_VIEW_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36';

describe('in-app free-trial form (docs/product.md#app-shell, In-app free-trial form)', () => {
  const fx = useBrowserFixture();
  const webView = () => fx.phone({ userAgent: ANDROID_WEB_VIEW_UA });

  it('inside a web view only the form shows; the request, then the success step', async () => {
    const { page } = await webView();
    // The server counts visits per Manila day (UTC+8): a UTC date is another day from 16:00 UTC.
    const today = manilaDayKey(new Date());
    const visitsToday = async () =>
      (
        await fx.server.app.database.db
          .select()
          .from(inAppFormVisits)
          .where(eq(inAppFormVisits.day, today))
      )[0]?.visits ?? 0;
    const visitsBefore = await visitsToday();

    await page.goto('/quiz');
    await expect
      .poll(() => page.getByRole('heading', { name: MESSAGES.GET_STARTED }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText(MESSAGES.ELIGIBLE_TRIAL).isVisible()).toBe(true);
    // Nothing of the normal app: no menu, no sign-in, no redirect to /login.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/quiz');
    await expect.poll(visitsToday).toBe(visitsBefore + 1);

    // What the form refuses before sending, and its busy state, are
    // features/in-app-form/in-app-form-page.test.tsx; here the real call and its records.
    const submit = page.getByRole('button', { name: 'Start my free trial' });
    await page.getByLabel('First name').fill('Juan');
    await page.getByLabel('Last name').fill('Dela Cruz');
    await page.getByLabel('Email').fill('  Juan.DelaCruz@Example.COM ');
    await screenshot(page, 'in-app-form-step-1');

    // Hold the answer to see the busy button and the request the server gets.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent: unknown = null;
    await page.route('**/api/functions/submitInAppForm', async (route) => {
      sent = route.request().postDataJSON();
      await held;
      await route.continue();
    });
    await submit.click();
    const busyButton = page.getByRole('button', { name: MESSAGES.SUBMITTING });
    await expect.poll(() => busyButton.isVisible()).toBe(true);
    expect(await busyButton.isDisabled()).toBe(true);
    // The request leaves once the contract's schemas have checked the input (loaded with the first
    // call, ADR 024): it may trail the busy button by a tick.
    await expect
      .poll(() => sent)
      .toEqual({
        data: { firstName: 'Juan', lastName: 'Dela Cruz', email: 'juan.delacruz@example.com' },
      });
    release();

    await expect
      .poll(() => page.getByRole('heading', { name: MESSAGES.CONGRATULATIONS }).isVisible())
      .toBe(true);
    expect(await page.getByText(MESSAGES.CHECK_SPAM).isVisible()).toBe(true);
    expect(await page.getByTestId('confetti').count()).toBe(1);
    await animationsSettled(page);
    await screenshot(page, 'in-app-form-step-2');

    const [user] = await fx.server.app.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'juan.delacruz@example.com'));
    // The name stays private and the trial starts at the owner's onboarding (docs/product.md#in-app-form).
    expect(user).toMatchObject({
      displayName: null,
      providerName: 'Juan Dela Cruz',
      isOnboarded: false,
    });
    const trials = await fx.server.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user?.id ?? ''));
    expect(trials).toEqual([]);
  });

  it("shows the server's message when it refuses", async () => {
    const { page } = await webView();
    await page.goto('/');
    const fill = async (email: string) => {
      await page.getByLabel('First name').fill('Ana');
      await page.getByLabel('Last name').fill('Reyes');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Start my free trial' }).click();
    };
    await fill('ana.reyes@example.com');
    await expect
      .poll(() => page.getByRole('heading', { name: MESSAGES.CONGRATULATIONS }).isVisible())
      .toBe(true);

    await page.reload();
    await fill('Ana.Reyes@example.com');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(IN_APP_FORM_SERVER_MESSAGES.ACCOUNT_EXISTS);
  });

  it('a normal browser never sees the form nor downloads its code', async () => {
    const { page } = await fx.phone();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/login');
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.getByText(MESSAGES.GET_STARTED).count()).toBe(0);
    expect(requested.filter((url) => url.includes('in-app-form'))).toEqual([]);
  });
});
