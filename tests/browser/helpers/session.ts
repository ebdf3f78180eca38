import { obfuscate } from '@pasado/core/rules';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInStudent } from '../../../scripts/bench/sign-in.ts';
import type { Phone } from './fixture.ts';

/**
 * Signs in the way a student does: Sign in on /login opens the popup, the development provider
 * asks for an email, the popup closes itself and the app moves on.
 */
export async function signInThroughPopup(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  await popup.getByLabel('Email').fill(email);
  // Listen before clicking: the popup may finish and close before a later listener is attached.
  const closed = popup.isClosed()
    ? Promise.resolve()
    : popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
}

/**
 * Signs `email` in on this phone through the same OpenID Connect exchange, run from the test
 * instead of the popup's window (scripts/bench/sign-in.ts): the session cookie is the server's,
 * and the phone keeps the device id it signed in with, as the login page would have stored it.
 * Then the app opens where the guard sends a signed-in student. For every test that is not about
 * the popup itself (those use signInThroughPopup): a popup window costs seconds on a busy machine.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  // A same-origin file that is not the app: the device id is stored before the app first reads it.
  await page.goto('/icon.svg');
  const { origin } = new URL(page.url());
  const deviceId = crypto.randomUUID();
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const cookie = await signInStudent(origin, email, deviceId, userAgent);
  const [name = '', value = ''] = cookie.split(/=(.*)/s);
  await page.context().addCookies([{ name, value, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  await storeDeviceId(page, obfuscate(deviceId));
  await page.goto('/');
  await page.waitForURL((url) => url.pathname !== '/' && url.pathname !== '/login');
}

export async function completeOnboarding(
  page: Page,
  reviewerName: RegExp | string = /LET — Elementary/,
) {
  await page.waitForURL('**/onboarding');
  // The track list may render again as its data lands (a radio then detaches under the click):
  // check until it holds.
  const radio = page.getByRole('radio', { name: reviewerName });
  await expect
    .poll(
      async () => {
        await radio.check({ timeout: 5_000 }).catch(() => undefined);
        return radio.isChecked().catch(() => false);
      },
      { timeout: 25_000 },
    )
    .toBe(true);
  await page.getByLabel('How did you hear about us?').selectOption('Facebook');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/quiz');
}

/**
 * A student on `phone`: signed in as `email` through the popup and onboarded through the UI, with
 * the ids the server gave them (the trial is their current subscription).
 */
export async function onboardedPhone(
  phone: Phone,
  email: string,
): Promise<Phone & { userId: string; email: string; subscriptionId: string }> {
  await signIn(phone.page, email);
  await completeOnboarding(phone.page);
  const me = await phone.page.evaluate(async () => (await fetch('/api/me')).json());
  return { ...phone, userId: me.id, email: me.email, subscriptionId: me.subscription.id };
}

/**
 * The path the app settles on, once the guard has done its work. A returning phone first paints
 * on the claims it kept and moves when the server's answer comes (ADR 019, issue 25), and a live
 * change may reload the page meanwhile: the path must hold for a moment, not only be reached.
 */
export async function settledPath(page: Page, path: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await page.waitForURL((url) => url.pathname === path, {
      timeout: Math.max(1, deadline - Date.now()),
    });
    await page.waitForLoadState('load').catch(() => undefined);
    await page.waitForTimeout(SETTLE_MS);
    if (new URL(page.url()).pathname === path || Date.now() > deadline) break;
  }
  expect(new URL(page.url()).pathname).toBe(path);
}

/** Longer than a claims round trip on the test server, so a path that holds this long is kept. */
const SETTLE_MS = 400;

export async function cookieFor(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === 'pasado_session');
  if (!session) throw new Error('not signed in');
  return `pasado_session=${session.value}`;
}

/**
 * Changes the app's local device store (IndexedDB 'pasado' v1, store 'sessions-table') the way a
 * cleared or corrupted browser profile would: `null` clears it, a string replaces the device id.
 */
export async function tamperWithDeviceStore(page: Page, deviceId: string | null): Promise<void> {
  await storeDeviceId(page, deviceId);
}

/** Writes the app's local device store (null clears it); creates it as idb-keyval would. */
async function storeDeviceId(page: Page, deviceId: string | null): Promise<void> {
  await page.evaluate(
    (value) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('pasado', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('sessions-table');
        request.onsuccess = () => {
          const tx = request.result.transaction('sessions-table', 'readwrite');
          const store = tx.objectStore('sessions-table');
          if (value === null) store.clear();
          else store.put(value, 'deviceId');
          tx.oncomplete = () => {
            request.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        request.onerror = () => reject(request.error);
      }),
    deviceId,
  );
}
