import { MESSAGES } from '@pasado/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { purchaseDetails } from '../../testing/docs.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { VerifyPaymentBanner } from './verify-payment-banner.tsx';

const SUBSCRIPTION = '5f0c2a9e-7d1b-4c3a-9e8f-0a1b2c3d4e5f';

// docs/product.md "Subscription banner": the Verify Payment modal says what to email support.
describe('the Verify Payment modal', () => {
  it('lists the payment details to send and links to an email to support about this purchase', async () => {
    fakeApi({ 'GET /api/purchase/details': purchaseDetails() });
    const { user } = renderScreen(<VerifyPaymentBanner subscriptionId={SUBSCRIPTION} />);
    await user.click(screen.getByRole('button', { name: MESSAGES.VERIFY_PAYMENT }));
    const dialog = screen.getByRole('dialog', { name: 'Verify Payment' });
    const items = [...dialog.querySelectorAll('li strong')].map((s) => s.textContent);
    expect(items).toEqual(['Reference code', 'Mode of payment', 'Time', 'Screenshot']);
    const mail = await screen.findByRole('link', { name: 'Email support' });
    const href = new URL(mail.getAttribute('href') ?? '');
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('support@pasado.ph');
    expect(href.searchParams.get('subject')).toBe('Payment verification (5f0c2a9e)');
    expect(href.searchParams.get('body')).toContain(`Subscription: ${SUBSCRIPTION}`);
  });

  it('says when the support address did not load, and loads it again on request', async () => {
    let answers = 0;
    fakeApi({
      'GET /api/purchase/details': () => {
        answers += 1;
        return answers === 1
          ? reply(503, { error: { message: 'Unavailable' } })
          : purchaseDetails();
      },
    });
    const { user } = renderScreen(<VerifyPaymentBanner subscriptionId={SUBSCRIPTION} />);
    await user.click(screen.getByRole('button', { name: MESSAGES.VERIFY_PAYMENT }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('We could not load the support address. Try again');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('link', { name: 'support@pasado.ph' })).textContent).toBe(
      'support@pasado.ph',
    );
  });
});
