import type { Dialog } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import {
  completeOnboarding,
  settledPath,
  signIn,
  signInThroughPopup,
  tamperWithDeviceStore,
} from './helpers/session.ts';

// docs/product.md#single-device one active device per login, #errors the device alerts.
describe('one device per login', () => {
  const fx = useBrowserFixture();

  /** A student signed in on a laptop with a second tab on quiz home, whose alerts wait in `held`. */
  async function twoTabs(email: string) {
    const laptop = await fx.phone();
    await signInThroughPopup(laptop.page, email);
    await completeOnboarding(laptop.page);
    const secondTab = await laptop.context.newPage();
    const held: Dialog[] = [];
    secondTab.on('dialog', (dialog) => held.push(dialog));
    await secondTab.goto('/quiz');
    await settledPath(secondTab, '/quiz');
    return { laptop, secondTab, held };
  }

  it('a second device signing in signs the first one out, live, with the spec alert', async () => {
    const phone = await fx.phone();
    await signInThroughPopup(phone.page, 'two.phones@example.com');
    await completeOnboarding(phone.page);

    const laptop = await fx.phone();
    await signInThroughPopup(laptop.page, 'two.phones@example.com');
    await settledPath(laptop.page, '/quiz');

    await settledPath(phone.page, '/login');
    expect(phone.dialogs).toEqual([
      'You have been logged out because your account was accessed on another device.',
    ]);
    expect(laptop.dialogs).toEqual([]);
    await screenshot(phone.page, 'signed-out-by-other-device');
    const status = await phone.page.evaluate(async () => (await fetch('/api/me')).status);
    expect(status).toBe(401);
  });

  // Each tab ends the session on its own, and a background tab shows its alert only when the
  // student looks at it: the tab left behind deleted the new device id and signed the new session
  // out with the browser's one cookie once its alert was dismissed.
  it('a second tab whose alert waits leaves the sign-in again in the first tab alone', async () => {
    const { laptop, secondTab, held } = await twoTabs('two.tabs@example.com');

    const phone = await fx.phone();
    await signIn(phone.page, 'two.tabs@example.com');
    await settledPath(laptop.page, '/login');
    await expect.poll(() => held.length).toBe(1);
    await signInThroughPopup(laptop.page, 'two.tabs@example.com');
    await settledPath(laptop.page, '/quiz');

    await held[0]?.accept();
    await settledPath(secondTab, '/quiz');
    await settledPath(laptop.page, '/quiz');
    expect(held.map((d) => d.message())).toEqual([
      'You have been logged out because your account was accessed on another device.',
    ]);
    expect(await laptop.page.evaluate(async () => (await fetch('/api/me')).status)).toBe(200);
  });

  it('a tab stopped by its alert in the middle of a write keeps the other from /login no longer than a moment', async () => {
    const { laptop, secondTab, held } = await twoTabs('stopped.tab@example.com');
    // An alert shown while a write to the phone's offline store is under way: the store stays
    // locked until it is dismissed, as when the tab's own sign-out alert comes mid-write.
    void secondTab.evaluate(() => {
      const open = indexedDB.open('pasado-offline');
      open.onupgradeneeded = () => open.result.createObjectStore('snapshots');
      open.onsuccess = () => {
        const write = open.result.transaction('snapshots', 'readwrite');
        write.objectStore('snapshots').put('written while its alert is up', 'stopped-tab-probe');
        alert('An alert in the middle of a write');
      };
    });
    await expect.poll(() => held.length).toBe(1);

    const phone = await fx.phone();
    await signIn(phone.page, 'stopped.tab@example.com');
    await settledPath(laptop.page, '/login');
    expect(laptop.dialogs).toEqual([
      'You have been logged out because your account was accessed on another device.',
    ]);

    // Once the other tab goes on, what the phone kept of the student is deleted after all.
    secondTab.on('dialog', (dialog) => void dialog.accept());
    await held[0]?.accept();
    await expect
      .poll(() =>
        laptop.page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('pasado-offline');
              open.onsuccess = () => {
                const count = open.result
                  .transaction('snapshots')
                  .objectStore('snapshots')
                  .getAllKeys();
                count.onsuccess = () =>
                  resolve(count.result.filter((key) => String(key).startsWith('snapshot:')).length);
              };
            }),
        ),
      )
      .toBe(0);
  });

  it('a missing local device id: the invalid-device alert, signed out', async () => {
    const { page, dialogs } = await fx.phone();
    await signInThroughPopup(page, 'lost.device@example.com');
    await completeOnboarding(page);
    await tamperWithDeviceStore(page, null);
    await page.reload();
    await settledPath(page, '/login');
    expect(dialogs).toEqual(['Invalid device ID detected. Please try logging in again.']);
    expect(await page.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);
  });

  it('an unreadable local device id: the login-error alert, signed out', async () => {
    const { page, dialogs } = await fx.phone();
    await signInThroughPopup(page, 'broken.store@example.com');
    await completeOnboarding(page);
    // A value that does not deobfuscate is what a corrupted store looks like.
    await tamperWithDeviceStore(page, '%%% not obfuscated %%%');
    await page.reload();
    await settledPath(page, '/login');
    expect(dialogs).toEqual(['Error while trying to log in. Please try again.']);
  });
});
