import { PURCHASE_MESSAGES } from '@pasado/core';
import type {
  LoginDevicesDoc,
  PaymentHistoryItem,
  SubscriptionDoc,
  UserDoc,
} from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IDS, progressSummary, subscriptionDoc, userDoc } from '../../testing/docs.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { claimsFor, LET_ELEM, MARCH_2027, SEPTEMBER_2027 } from '../../testing/reviewers.ts';
import { DAY } from '../../testing/time.ts';
import { AccountPage } from './account-page.tsx';

type Routes = Parameters<typeof fakeApi>[0];

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

const THREE_MONTHS = {
  id: '3-months',
  name: '3 Months',
  description: 'Full access for 90 days.',
  price: 299,
  discount: 0,
  durationInDays: 90,
};

const payment = (overrides: Partial<PaymentHistoryItem> = {}): PaymentHistoryItem => ({
  id: 'txn-1',
  subscriptionId: IDS.paid,
  createdAt: '2026-11-25T13:30:00.000Z',
  planName: '3 Months',
  price: 299,
  discountAmount: 0,
  finalPrice: 299,
  refCode: '1234567890123',
  hasScreenshot: false,
  isFreeTrial: false,
  subscriptionStatus: 'pending',
  ...overrides,
});

const devices: LoginDevicesDoc = {
  userId: IDS.user,
  currentDeviceUsed: 'device-phone',
  devices: [
    {
      userDeviceID: 'device-laptop',
      deviceInfo: 'Mozilla/5.0 (Windows NT 10.0) Firefox/120.0',
      createdAt: '2026-11-20T02:00:00.000Z',
      isActive: false,
    },
    {
      userDeviceID: 'device-phone',
      deviceInfo: ANDROID_CHROME,
      createdAt: '2026-11-24T02:00:00.000Z',
      isActive: true,
    },
  ],
};

/** /account for `me` with their subscriptions; `routes` add or replace answers. */
function openAccount(me: UserDoc, subscriptions: SubscriptionDoc[], routes: Routes = {}) {
  const api = fakeApi({
    'GET /api/me': me,
    ...Object.fromEntries(subscriptions.map((s) => [`GET /api/subscriptions/${s.id}`, s])),
    'GET /api/progress/summary': progressSummary(),
    'GET /api/progress/payments': { payments: [] },
    'GET /api/me/devices': devices,
    // No track held: no exam date card (its own tests hold a track).
    'GET /api/auth/claims': claimsFor([]),
    'GET /api/reviewers': { reviewers: [] },
    ...routes,
  });
  return { api, ...renderScreen(<AccountPage />, { path: '/account' }) };
}

/** A card's text once its data is in (a loading card is aria-busy). */
async function loaded(name: string): Promise<HTMLElement> {
  const card = await screen.findByRole('region', { name });
  await expect.poll(() => card.getAttribute('aria-busy')).toBe('false');
  return card;
}

// docs/product.md "Account": profile, progress, subscription, payments and devices.
describe('the account screen', () => {
  it("shows the student's name, email and initials", async () => {
    openAccount(userDoc({ displayName: 'Maria Clara Santos' }), [subscriptionDoc()]);
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Maria Clara Santos')).toBeTruthy();
    expect(within(profile).getByText('maria.santos@example.com')).toBeTruthy();
    expect(profile.querySelector('.profile__avatar')?.textContent).toBe('MCS');
  });

  it('shows the level, gems, streak and the gems still needed for the next level', async () => {
    openAccount(userDoc(), [subscriptionDoc()], {
      'GET /api/progress/summary': progressSummary({
        level: 'sapphire',
        gemsTotal: 620,
        nextLevel: { name: 'ruby', minGems: 1500 },
        streak: { current: 4, longest: 9, lastDay: '2026-11-25', freezes: 0, lastFrozenDay: null },
      }),
    });
    const progress = await loaded('Your progress');
    expect(within(progress).getByText('Sapphire')).toBeTruthy();
    expect(within(progress).getByText('620')).toBeTruthy();
    expect(within(progress).getByText('4 days')).toBeTruthy();
    expect(within(progress).getByText('880 gems to Ruby · Longest streak: 9')).toBeTruthy();
  });

  it('a one-day streak is "1 day"; at the top level there is no next level', async () => {
    openAccount(userDoc(), [subscriptionDoc()], {
      'GET /api/progress/summary': progressSummary({
        level: 'diamond',
        gemsTotal: 8_100,
        nextLevel: null,
        streak: { current: 1, longest: 30, lastDay: '2026-11-25', freezes: 0, lastFrozenDay: null },
      }),
    });
    const progress = await loaded('Your progress');
    expect(within(progress).getByText('1 day')).toBeTruthy();
    expect(within(progress).getByText('8,100')).toBeTruthy();
    expect(within(progress).getByText('You reached the top level.')).toBeTruthy();
  });

  it('a queued purchase: next in line, and buying again is blocked with the reason', async () => {
    const queued = subscriptionDoc({
      id: IDS.paid,
      status: 'pending',
      isFreeTrial: false,
      selectedPlan: THREE_MONTHS,
      expiryDate: new Date(Date.now() + 93 * DAY).toISOString(),
    });
    openAccount(userDoc({ queuedSubscriptions: [IDS.paid] }), [subscriptionDoc(), queued]);
    const subscription = await loaded('Subscription');
    expect(within(subscription).getAllByText('Free trial')).toHaveLength(2);
    expect(within(subscription).getByText('Expires')).toBeTruthy();
    expect(within(subscription).getByText('(Manila)')).toBeTruthy();
    expect(within(subscription).getByRole('heading', { name: 'Next in line' })).toBeTruthy();
    expect(within(subscription).getByText(/^3 Months · until /)).toBeTruthy();
    expect(within(subscription).getByText('Payment under review')).toBeTruthy();
    expect(within(subscription).getByText(PURCHASE_MESSAGES.PURCHASE_BLOCKED)).toBeTruthy();
    expect(within(subscription).queryByRole('link')).toBeNull();
  });

  it('nothing blocking: a link to extend the subscription', async () => {
    openAccount(userDoc(), [subscriptionDoc()]);
    const subscription = await loaded('Subscription');
    const link = within(subscription).getByRole('link', { name: 'Extend your subscription' });
    expect(link.getAttribute('href')).toBe('/subscription/purchase');
  });

  it('no subscription: says so, with a link to buy one', async () => {
    openAccount(userDoc({ subscription: null }), []);
    const subscription = await loaded('Subscription');
    expect(within(subscription).getByText('You have no subscription yet.')).toBeTruthy();
    expect(within(subscription).getByRole('link', { name: 'Buy a subscription' })).toBeTruthy();
  });

  it('lists payments with their proof, amount and status; none yet says so', async () => {
    openAccount(userDoc(), [subscriptionDoc()], {
      'GET /api/progress/payments': {
        payments: [
          payment(),
          payment({
            id: 'txn-0',
            refCode: null,
            hasScreenshot: true,
            finalPrice: 99,
            subscriptionStatus: 'completed',
          }),
        ],
      },
    });
    const payments = await loaded('Payment history');
    const [first, second] = within(payments).getAllByRole('listitem');
    expect(first?.textContent).toContain('Ref. 1234567890123');
    expect(first?.textContent).toContain('₱299');
    expect(first?.textContent).toContain('Payment under review');
    expect(second?.textContent).toContain('Screenshot');
    expect(second?.textContent).toContain('₱99');
    expect(second?.textContent).toContain('Active');
  });

  it('no payments yet', async () => {
    openAccount(userDoc(), [subscriptionDoc()]);
    expect(within(await loaded('Payment history')).getByText('No payments yet.')).toBeTruthy();
  });

  it('names each device by browser and system and marks the one in use', async () => {
    openAccount(userDoc(), [subscriptionDoc()]);
    const list = within(await loaded('Devices')).getAllByRole('listitem');
    expect(list.map((item) => item.querySelector('.devices__name')?.textContent)).toEqual([
      'Firefox on Windows',
      'Chrome on Android',
    ]);
    expect(within(list[1] as HTMLElement).getByText('This device')).toBeTruthy();
    expect(within(list[0] as HTMLElement).queryByText('This device')).toBeNull();
  });

  it('a card that fails offers a retry; the others still show', async () => {
    let asked = 0;
    const { user } = openAccount(userDoc(), [subscriptionDoc()], {
      'GET /api/progress/payments': () => {
        asked += 1;
        return asked === 1
          ? reply(503, { error: { message: 'Unavailable' } })
          : { payments: [payment()] };
      },
    });
    const payments = await loaded('Payment history');
    expect(within(payments).getByRole('alert').textContent).toBe(
      'We could not load this. Check your connection and try again.Try again',
    );
    expect(within(await loaded('Devices')).getByText('Chrome on Android')).toBeTruthy();
    await user.click(within(payments).getByRole('button', { name: 'Try again' }));
    expect(await within(payments).findByText('Ref. 1234567890123')).toBeTruthy();
  });

  it('shows the student’s exam date and changes it (issue 23)', async () => {
    const choice = { current: MARCH_2027, options: [MARCH_2027, SEPTEMBER_2027] };
    const { api, user } = openAccount(userDoc(), [subscriptionDoc()], {
      'GET /api/auth/claims': claimsFor(['let-elem']),
      'GET /api/reviewers': { reviewers: [LET_ELEM] },
      'GET /api/reviewers/let-elem/sitting': choice,
      'PUT /api/reviewers/let-elem/sitting': { ...choice, current: SEPTEMBER_2027 },
    });
    const card = await screen.findByRole('region', { name: 'Exam date' });
    expect(await within(card).findByText(/LET — Elementary: Mar 21, 2027/)).toBeTruthy();
    await user.selectOptions(within(card).getByLabelText('Exam date'), 'Sep 26, 2027');
    await expect.poll(() => api.sentTo('PUT /api/reviewers/let-elem/sitting').length).toBe(1);
    expect(await within(card).findByText(/LET — Elementary: Sep 26, 2027/)).toBeTruthy();
  });

  it('shows the streak freezes held and the gems to spend', async () => {
    openAccount(userDoc(), [subscriptionDoc()], {
      'GET /api/progress/summary': progressSummary({
        gemsTotal: 180,
        gemsToSpend: 80,
        streak: { current: 2, longest: 2, lastDay: '2026-11-25', freezes: 2, lastFrozenDay: null },
      }),
    });
    const progress = await loaded('Your progress');
    expect(within(progress).getByText(/Streak freezes: 2 of 2 · 80 gems to spend/)).toBeTruthy();
  });

  it('one gem is "1 gem": to the next level and to spend', async () => {
    openAccount(userDoc(), [subscriptionDoc()], {
      'GET /api/progress/summary': progressSummary({
        gemsTotal: 499,
        gemsToSpend: 1,
        nextLevel: { name: 'sapphire', minGems: 500 },
        streak: { current: 2, longest: 2, lastDay: '2026-11-25', freezes: 0, lastFrozenDay: null },
      }),
    });
    const progress = await loaded('Your progress');
    expect(within(progress).getByText('1 gem to Sapphire · Longest streak: 2')).toBeTruthy();
    expect(within(progress).getByText(/Streak freezes: 0 of 2 · 1 gem to spend/)).toBeTruthy();
  });
});
