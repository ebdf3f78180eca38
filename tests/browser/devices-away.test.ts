import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signInThroughPopup } from './helpers/session.ts';

const OTHER_DEVICE_ALERT =
  'You have been logged out because your account was accessed on another device.';

// docs/product.md#single-device "While away": the other device signed in while this phone's live
// stream was down, or the app closed. The stream reconnected to a 401 and retried for good, the
// phone staying on /quiz; a cold start went to /login; neither showed the alert.
describe('one device per login, the phone away when the other signs in', () => {
  const fx = useBrowserFixture();

  it('the live stream down: the alert when it reconnects', async () => {
    const phone = await fx.phone();
    await signInThroughPopup(phone.page, 'stream.down@example.com');
    await completeOnboarding(phone.page);
    await settledPath(phone.page, '/quiz');
    // Every stream the phone opens from now fails, as on a dead network; the open one goes too.
    await phone.context.route('**/api/live?*', (route) => route.abort());
    await phone.page.evaluate(() => window.dispatchEvent(new Event('online')));

    const laptop = await fx.phone();
    await signInThroughPopup(laptop.page, 'stream.down@example.com');
    await settledPath(laptop.page, '/quiz');
    await phone.page.waitForTimeout(1_000);
    expect(phone.dialogs).toEqual([]);

    await phone.context.unroute('**/api/live?*');
    // The browser says it is back online: the stream reconnects at once.
    await phone.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await settledPath(phone.page, '/login');
    expect(phone.dialogs).toEqual([OTHER_DEVICE_ALERT]);
    expect(laptop.dialogs).toEqual([]);
    await screenshot(phone.page, 'signed-out-by-other-device-while-away-390');
    await phone.page.setViewportSize({ width: 360, height: 740 });
    await screenshot(phone.page, 'signed-out-by-other-device-while-away-360');
  });

  it('the app closed: the alert on the next start, once', async () => {
    const phone = await fx.phone();
    await signInThroughPopup(phone.page, 'app.closed@example.com');
    await completeOnboarding(phone.page);
    await settledPath(phone.page, '/quiz');
    await phone.page.goto('about:blank');

    const laptop = await fx.phone();
    await signInThroughPopup(laptop.page, 'app.closed@example.com');
    await settledPath(laptop.page, '/quiz');

    await phone.page.goto('/quiz');
    await settledPath(phone.page, '/login');
    expect(phone.dialogs).toEqual([OTHER_DEVICE_ALERT]);
    await phone.page.reload();
    await settledPath(phone.page, '/login');
    expect(phone.dialogs).toEqual([OTHER_DEVICE_ALERT]);
    expect(laptop.dialogs).toEqual([]);
  });
});
