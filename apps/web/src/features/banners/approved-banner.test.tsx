import { MESSAGES } from '@pasado/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IDS } from '../../testing/docs.ts';
import { fakeApi, reply, result } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { ApprovedBanner } from './approved-banner.tsx';

const PROPS = { subscriptionId: IDS.paid, userId: IDS.user, email: 'maria.santos@example.com' };

// docs/product.md "Subscription banner": closing the approved banner completes the purchase.
describe("the 'Payment approved!' banner", () => {
  it('sets the subscription completed when clicked, then refreshes the claims', async () => {
    const api = fakeApi({
      'POST /api/functions/updateSubscriptionStatus': result({
        subscriptionId: IDS.paid,
        from: 'approved',
        status: 'completed',
      }),
      'GET /api/auth/claims?force=1': { claims: null, subscriptionExpired: false },
    });
    const { user } = renderScreen(<ApprovedBanner {...PROPS} />);
    await user.click(screen.getByRole('button', { name: MESSAGES.PAYMENT_APPROVED }));
    await expect.poll(() => api.sentTo('GET /api/auth/claims').length).toBe(1);
    expect(api.sentTo('POST /api/functions/updateSubscriptionStatus')).toEqual([
      expect.objectContaining({
        body: {
          data: {
            userEmail: PROPS.email,
            userId: PROPS.userId,
            subId: PROPS.subscriptionId,
            newStat: 'completed',
          },
        },
      }),
    ]);
  });

  it('says it was not closed when the server refuses, and tries again on the next tap', async () => {
    let calls = 0;
    fakeApi({
      'POST /api/functions/updateSubscriptionStatus': () => {
        calls += 1;
        return reply(503, { error: { status: 'UNAVAILABLE', message: 'Try later.' } });
      },
    });
    const { user } = renderScreen(<ApprovedBanner {...PROPS} />);
    const banner = screen.getByRole('button', { name: /^Payment approved!/ });
    await user.click(banner);
    expect((await screen.findByText('Not closed. Tap to try again.')).id).toBe(
      banner.getAttribute('aria-describedby'),
    );
    await user.click(banner);
    await expect.poll(() => calls).toBe(2);
  });
});
