import { MESSAGES } from '@pasado/core';
import type { SubscriptionDoc, UserDoc } from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IDS, purchaseDetails, subscriptionDoc, userDoc } from '../../testing/docs.ts';
import { fakeApi, networkDown, reply, result, type SentRequest } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { DAY, HOUR, MINUTE } from '../../testing/time.ts';
import { PurchasePage } from './purchase-page.tsx';

type Routes = Parameters<typeof fakeApi>[0];

/** The purchase result the server answers subscribeUser with: a purchase waiting for review. */
const bought = (finalPrice: number) =>
  result({
    subscriptionId: IDS.paid,
    transactionId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    status: 'pending',
    queued: true,
    startsAt: new Date(Date.now() + 3 * DAY).toISOString(),
    expiryDate: new Date(Date.now() + 33 * DAY).toISOString(),
    price: 199,
    discountAmount: 199 - finalPrice,
    finalPrice,
  });

/**
 * The page for a student (`me`, their subscriptions) with the server's clock and configuration;
 * `routes` add or replace answers (the purchase, the upload).
 */
function openPurchasePage(
  options: { me?: UserDoc; subscriptions?: SubscriptionDoc[]; routes?: Routes } = {},
) {
  const me = options.me ?? userDoc();
  const subscriptions = options.subscriptions ?? [subscriptionDoc()];
  const api = fakeApi({
    'GET /api/me': me,
    ...Object.fromEntries(subscriptions.map((s) => [`GET /api/subscriptions/${s.id}`, s])),
    'GET /api/purchase/details': purchaseDetails(),
    'POST /api/functions/getServerTime': () => result({ serverTime: Date.now() }),
    'GET /api/auth/claims?force=1': { claims: null, subscriptionExpired: false },
    'POST /api/purchase/discount-hold': { heldUntil: null },
    ...options.routes,
  });
  return { api, ...renderScreen(<PurchasePage />, { path: '/subscription/purchase' }) };
}

/** A plan's prices as read aloud and seen: the visually hidden words stay in. */
const prices = (planId: string) => screen.getByTestId(`price-${planId}`).textContent;
const refCode = () => screen.getByLabelText('13-digit reference code') as HTMLInputElement;
const formError = () => screen.getByRole('alert').textContent;
const purchases = (api: { sentTo(key: string): SentRequest[] }) =>
  api.sentTo('POST /api/functions/subscribeUser');

// docs/product.md "Purchase page" and "Free-trial discount".
describe('the purchase page: prices and the free-trial discount', () => {
  it('a trial student in the first 24 hours sees half price, rounded up, and the countdown', async () => {
    openPurchasePage({ me: userDoc({ createdAt: new Date(Date.now() - HOUR).toISOString() }) });
    expect(await screen.findByRole('heading', { name: MESSAGES.SAVE_NOW })).toBeTruthy();
    expect(prices('1-month')).toBe('Price ₱199−₱100You pay ₱99');
    expect(prices('3-months')).toBe('Price ₱299−₱150You pay ₱149');
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(
      /^22 hours 59 minutes \d{1,2} seconds? left$/,
    );
  });

  it('after 24 hours: Expired, regular prices', async () => {
    openPurchasePage({
      me: userDoc({ createdAt: new Date(Date.now() - 25 * HOUR).toISOString() }),
    });
    expect(await screen.findByRole('heading', { name: 'Free-trial discount' })).toBeTruthy();
    expect(screen.getByTestId('discount-countdown').textContent).toBe(MESSAGES.EXPIRED);
    expect(
      screen.getByText('The 24-hour free-trial discount is over. Regular prices apply.'),
    ).toBeTruthy();
    expect(prices('1-month')).toBe('Price ₱199');
    expect(prices('3-months')).toBe('Price ₱299');
  });

  it('a student on a paid plan has no discount to count down', async () => {
    const paid = subscriptionDoc({ id: IDS.paid, isFreeTrial: false });
    openPurchasePage({
      me: userDoc({ subscription: { id: paid.id, status: 'completed' } }),
      subscriptions: [paid],
    });
    await screen.findByRole('heading', { name: 'Choose your plan' });
    await screen.findByTestId('price-1-month');
    expect(screen.queryByTestId('discount-countdown')).toBeNull();
    expect(prices('1-month')).toBe('Price ₱199');
  });

  it("shows the wallet from the server's configuration and the chosen plan's amount to send", async () => {
    const { user } = openPurchasePage();
    await user.click(await screen.findByRole('radio', { name: /3 Months/ }));
    expect(screen.getByTestId('wallet-number').textContent).toBe('0917 000 0000');
    expect(screen.getByTestId('amount-to-send').textContent).toBe('₱149');
    expect(screen.getByRole('button', { name: 'Submit payment of ₱149' })).toBeTruthy();
  });
});

// docs/product.md#free-trial-discount: a purchase started inside the window keeps its price an
// hour past it (ADR 043).
describe('the purchase page: the discount held for a purchase started in time', () => {
  const holds = (api: { sentTo(key: string): SentRequest[] }) =>
    api.sentTo('POST /api/purchase/discount-hold');

  it('asks the server to hold the price once a plan is picked, not before', async () => {
    const { api, user } = openPurchasePage({
      me: userDoc({ createdAt: new Date(Date.now() - HOUR).toISOString() }),
    });
    await screen.findByRole('heading', { name: MESSAGES.SAVE_NOW });
    expect(holds(api)).toEqual([]);
    await user.click(screen.getByRole('radio', { name: /1 Month/ }));
    await user.click(screen.getByRole('radio', { name: /3 Months/ }));
    await expect.poll(() => holds(api).length).toBe(1);
  });

  it('past the window, a held purchase keeps the discounted price and counts down to the hold', async () => {
    const createdAt = Date.now() - 24 * HOUR - 10 * MINUTE;
    const heldUntil = new Date(createdAt + 25 * HOUR).toISOString();
    const { api, user } = openPurchasePage({
      me: userDoc({ createdAt: new Date(createdAt).toISOString() }),
      routes: {
        'POST /api/purchase/discount-hold': { heldUntil },
        'POST /api/functions/subscribeUser': bought(99),
      },
    });
    await screen.findByRole('heading', { name: 'Free-trial discount' });
    expect(prices('1-month')).toBe('Price ₱199');
    await user.click(screen.getByRole('radio', { name: /1 Month/ }));
    expect(await screen.findByRole('heading', { name: 'Discount held for you' })).toBeTruthy();
    expect(
      screen.getByText(
        /^You started this purchase before the discount ended, so its price is yours until /,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(
      /^0 hours 49 minutes \d{1,2} seconds? left$/,
    );
    expect(prices('1-month')).toBe('Price ₱199−₱100You pay ₱99');
    await user.type(refCode(), '4012345678901');
    await user.click(screen.getByRole('button', { name: 'Submit payment of ₱99' }));
    await screen.findByRole('heading', { name: 'Payment sent for review' });
    expect(purchases(api)[0]?.body).toMatchObject({
      data: { transactionInfo: { price: 199, discountAmount: 100, finalPrice: 99 } },
    });
  });

  it('past the window with nothing held: Expired, and the regular price', async () => {
    const { api, user } = openPurchasePage({
      me: userDoc({ createdAt: new Date(Date.now() - 24 * HOUR - MINUTE).toISOString() }),
    });
    await user.click(await screen.findByRole('radio', { name: /1 Month/ }));
    await expect.poll(() => holds(api).length).toBe(1);
    expect(screen.getByTestId('discount-countdown').textContent).toBe(MESSAGES.EXPIRED);
    expect(screen.getByTestId('amount-to-send').textContent).toBe('₱199');
  });
});

describe('the purchase page: what is refused before anything is sent', () => {
  it('no plan picked', async () => {
    const { api, user } = openPurchasePage();
    await user.click(await screen.findByRole('button', { name: 'Submit payment' }));
    expect(formError()).toBe(MESSAGES.SELECT_PLAN);
    expect(purchases(api)).toEqual([]);
  });

  it('a reference code that is not 13 digits', async () => {
    const { api, user } = openPurchasePage();
    await user.click(await screen.findByRole('radio', { name: /1 Month/ }));
    await user.type(refCode(), '12345');
    await user.click(screen.getByRole('button', { name: 'Submit payment of ₱99' }));
    expect(formError()).toBe(MESSAGES.INVALID_REF_CODE);
    expect(refCode().getAttribute('aria-invalid')).toBe('true');
    expect(purchases(api)).toEqual([]);
  });

  it('a screenshot proof without a file', async () => {
    const { api, user } = openPurchasePage();
    await user.click(await screen.findByRole('radio', { name: /1 Month/ }));
    await user.click(screen.getByRole('radio', { name: /Screenshot/ }));
    await user.click(screen.getByRole('button', { name: 'Submit payment of ₱99' }));
    expect(formError()).toBe(MESSAGES.MISSING_UPLOAD_FILE);
    expect(
      api.sent.filter(
        (r) =>
          r.method === 'POST' &&
          !r.path.endsWith('getServerTime') &&
          r.path !== '/api/purchase/discount-hold',
      ),
    ).toEqual([]);
  });
});

describe('the purchase page: submitting', () => {
  it('sends the quoted prices and the code without spaces once, then confirms', async () => {
    const { api, user } = openPurchasePage({
      routes: { 'POST /api/functions/subscribeUser': bought(99) },
    });
    await user.click(await screen.findByRole('radio', { name: /1 Month/ }));
    await user.type(refCode(), '4012 345 678901');
    await user.click(screen.getByRole('button', { name: 'Submit payment of ₱99' }));
    expect(await screen.findByRole('heading', { name: 'Payment sent for review' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you!');
    const [sent, ...more] = purchases(api);
    expect(more).toEqual([]);
    expect(sent?.body).toMatchObject({
      data: {
        transactionInfo: {
          price: 199,
          discountAmount: 100,
          finalPrice: 99,
          refCode: '4012345678901',
        },
        subscriptionInfo: { selectedPlan: { id: '1-month', discount: 100 } },
      },
    });
    expect(
      screen.getByText('Your new plan starts when your current one ends.', { exact: false }),
    ).toBeTruthy();
  });

  it("shows the server's refusal, keeps what was typed and lets the student try again", async () => {
    const { user } = openPurchasePage({
      routes: {
        'POST /api/functions/subscribeUser': reply(409, {
          error: { status: 'ALREADY_EXISTS', message: 'This reference code was already used.' },
        }),
      },
    });
    await user.click(await screen.findByRole('radio', { name: /1 Month/ }));
    await user.type(refCode(), '7777 000 111222');
    await user.click(screen.getByRole('button', { name: 'Submit payment of ₱99' }));
    await expect.poll(formError).toBe('This reference code was already used.');
    expect(refCode().value).toBe('7777 000 111222');
    expect(
      (screen.getByRole('button', { name: 'Submit payment of ₱99' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('a lost answer asks to submit again, and the retry is the same purchase (same key)', async () => {
    let calls = 0;
    const { api, user } = openPurchasePage({
      routes: {
        'POST /api/functions/subscribeUser': () => {
          calls += 1;
          return calls === 1 ? networkDown() : bought(99);
        },
      },
    });
    await user.click(await screen.findByRole('radio', { name: /1 Month/ }));
    await user.type(refCode(), '4012345678901');
    const submit = screen.getByRole('button', { name: 'Submit payment of ₱99' });
    await user.click(submit);
    await expect
      .poll(formError)
      .toBe(
        'We could not reach Pasado. Check your connection and submit again: you will not be charged twice.',
      );
    await user.click(submit);
    await screen.findByRole('heading', { name: 'Payment sent for review' });
    const keys = purchases(api).map(
      (r) => (r.body as { data: { idempotencyKey: string } }).data.idempotencyKey,
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('a failed screenshot upload aborts the purchase', async () => {
    const { api, user } = openPurchasePage({
      routes: {
        'POST /api/uploads/payment-screenshot': reply(503, {
          error: { status: 'INTERNAL', message: 'Service unavailable.' },
        }),
      },
    });
    await user.click(await screen.findByRole('radio', { name: /1 Month/ }));
    await user.click(screen.getByRole('radio', { name: /Screenshot/ }));
    await user.upload(
      screen.getByLabelText('Screenshot of the payment'),
      new File(['png'], 'gcash receipt.png', { type: 'image/png' }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Submit payment of ₱99' }));
    await expect.poll(formError).toBe(MESSAGES.UPLOAD_SCREENSHOT_FAILED);
    expect(api.sentTo('POST /api/uploads/payment-screenshot')).toHaveLength(1);
    expect(purchases(api)).toEqual([]);
  });
});

// docs/product.md "Purchase blocking": one purchase at a time, and the page says why.
describe('the purchase page while a purchase is in progress', () => {
  const paid = (status: SubscriptionDoc['status']) =>
    subscriptionDoc({
      id: IDS.paid,
      status,
      isFreeTrial: false,
      selectedPlan: {
        id: '1-month',
        name: '1 Month',
        description: '',
        price: 199,
        discount: 0,
        durationInDays: 30,
      },
    });

  it('under review: what happens next, and no form', async () => {
    openPurchasePage({
      me: userDoc({ queuedSubscriptions: [IDS.paid] }),
      subscriptions: [subscriptionDoc(), paid('pending')],
    });
    const notice = await screen.findByRole('region', { name: 'Your payment is being reviewed' });
    expect(within(notice).getByText('under review').tagName).toBe('STRONG');
    expect(notice.textContent).toContain('1 Month plan');
    expect(notice.textContent).toContain('starts when your current plan ends');
    expect(screen.queryByRole('button', { name: /Submit payment/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your purchase');
  });

  it('needs verifying: says what to email support, with the address', async () => {
    openPurchasePage({
      me: userDoc({ subscription: { id: IDS.paid, status: 'forVerification' } }),
      subscriptions: [paid('forVerification')],
    });
    await screen.findByRole('heading', { name: 'Your payment needs verifying' });
    expect(screen.getByText(/Email support with the reference code/)).toBeTruthy();
    const mail = await screen.findByRole('link', { name: 'Email support@pasado.ph' });
    expect(mail.getAttribute('href')).toBe('mailto:support@pasado.ph');
    expect(screen.queryByRole('radio', { name: /1 Month/ })).toBeNull();
  });

  it('approved: close the banner first', async () => {
    openPurchasePage({
      me: userDoc({ subscription: { id: IDS.paid, status: 'approved' } }),
      subscriptions: [paid('approved')],
    });
    await screen.findByRole('heading', { name: 'Your payment was approved' });
    expect(screen.getByText(/Close the “Payment approved!” banner/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit payment/ })).toBeNull();
  });
});
