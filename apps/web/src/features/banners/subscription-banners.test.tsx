import { formatManilaDate, MESSAGES } from '@pasado/core';
import type { SubscriptionDoc, UserDoc } from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBanners } from '../../lib/banners.tsx';
import { IDS, purchaseDetails, subscriptionDoc, userDoc } from '../../testing/docs.ts';
import { fakeApi, result } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HOUR } from '../../testing/time.ts';
import { SubscriptionBanners } from './subscription-banners.tsx';

/** The banner area as the shell draws it (features/shell/top-banners.tsx), reduced to its content. */
function BannerArea() {
  return (
    <section aria-label="Notices">
      {useBanners().map((banner) => (
        <div key={banner.id} data-banner={banner.id}>
          {banner.content}
        </div>
      ))}
    </section>
  );
}

/** The student's documents as the server answers them, and its clock (docs/product.md#server-functions getServerTime). */
function serve(me: UserDoc, subscriptions: SubscriptionDoc[]) {
  return fakeApi({
    'GET /api/me': me,
    ...Object.fromEntries(subscriptions.map((s) => [`GET /api/subscriptions/${s.id}`, s])),
    'POST /api/functions/getServerTime': () => result({ serverTime: Date.now() }),
    'GET /api/purchase/details': purchaseDetails(),
  });
}

function showBanners(path = '/quiz') {
  return renderScreen(
    <>
      <SubscriptionBanners />
      <BannerArea />
    </>,
    { path },
  );
}

const notices = () => screen.getByRole('region', { name: 'Notices' });
const bannerText = () => notices().textContent;

// docs/product.md "Subscription banner": which banner shows for which subscription.
describe('the subscription banner', () => {
  it("free trial in its first 24 hours: the end date and 'Save now!' with the discount countdown", async () => {
    const trial = subscriptionDoc();
    serve(userDoc({ createdAt: new Date(Date.now() - 60_000).toISOString() }), [trial]);
    showBanners();
    const save = await within(notices()).findByRole('link', { name: /^Save now!/ });
    expect(save.getAttribute('href')).toBe('/subscription/purchase');
    expect(bannerText()).toContain(
      `Free trial ends ${formatManilaDate(new Date(trial.expiryDate))}.`,
    );
    expect(bannerText()).toMatch(/Save now! 23:5\d:\d\d/);
  });

  it("free trial after its first 24 hours: 'Purchase now!', no countdown", async () => {
    const trial = subscriptionDoc();
    serve(userDoc({ createdAt: new Date(Date.now() - 25 * HOUR).toISOString() }), [trial]);
    showBanners();
    const purchase = await within(notices()).findByRole('link', { name: MESSAGES.PURCHASE_NOW });
    expect(purchase.textContent).toBe(MESSAGES.PURCHASE_NOW);
    expect(bannerText()).toBe(
      `Free trial ends ${formatManilaDate(new Date(trial.expiryDate))}.${MESSAGES.PURCHASE_NOW}`,
    );
  });

  it('free trial on the purchase page: no banner, the page shows the discount itself', async () => {
    const api = serve(userDoc(), [subscriptionDoc()]);
    showBanners('/subscription/purchase');
    await expect.poll(() => api.sentTo(`GET /api/subscriptions/${IDS.trial}`).length).toBe(1);
    // The documents are in: a banner would have registered by the next render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bannerText()).toBe('');
  });

  it("a purchase queued behind the trial: 'Your payment is under review.' instead of the trial's", async () => {
    const queued = subscriptionDoc({ id: IDS.paid, status: 'pending', isFreeTrial: false });
    serve(userDoc({ queuedSubscriptions: [queued.id] }), [subscriptionDoc(), queued]);
    showBanners();
    await expect.poll(bannerText).toBe(MESSAGES.PAYMENT_UNDER_REVIEW);
  });

  it("an approved purchase: 'Payment approved! Click here to close.', a button", async () => {
    const approved = subscriptionDoc({ id: IDS.paid, status: 'approved', isFreeTrial: false });
    serve(userDoc({ subscription: { id: approved.id, status: 'approved' } }), [approved]);
    showBanners();
    expect(
      await within(notices()).findByRole('button', { name: MESSAGES.PAYMENT_APPROVED }),
    ).toBeTruthy();
  });

  it("a purchase staff could not confirm: 'Verify payment to avoid suspension! Verify now.'", async () => {
    const unconfirmed = subscriptionDoc({
      id: IDS.paid,
      status: 'forVerification',
      isFreeTrial: false,
    });
    serve(userDoc({ subscription: { id: unconfirmed.id, status: 'forVerification' } }), [
      unconfirmed,
    ]);
    showBanners();
    const verify = await within(notices()).findByRole('button', { name: MESSAGES.VERIFY_PAYMENT });
    expect(verify.getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('a completed paid plan: no banner', async () => {
    const paid = subscriptionDoc({ id: IDS.paid, isFreeTrial: false });
    const api = serve(userDoc({ subscription: { id: paid.id, status: 'completed' } }), [paid]);
    showBanners();
    await expect.poll(() => api.sentTo(`GET /api/subscriptions/${IDS.paid}`).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bannerText()).toBe('');
  });
});
