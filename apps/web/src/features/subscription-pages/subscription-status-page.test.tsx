import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { type Answer, fakeApi, reply } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import {
  InvalidSubscriptionPage,
  NoSubscriptionPage,
  RevokedPage,
  SuspendedPage,
} from './subscription-status-page.tsx';

const CONFIGURED = {
  wallet: { name: 'GCash', number: '0917 000 0000', accountName: 'Pasado' },
  supportEmail: 'help@review.example',
};

function open(page: ReactNode, details: Answer = CONFIGURED) {
  fakeApi({ 'GET /api/purchase/details': details });
  renderScreen(page);
}

const links = () =>
  screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')] as const);

// docs/product.md "Subscription status pages": where the guard locks a student, and the way out.
describe('the subscription status pages', () => {
  it('suspended: locked, no purchase; contact support at the configured address, or sign out', async () => {
    open(<SuspendedPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Your subscription is suspended',
    );
    await expect.poll(links).toEqual([
      ['Contact support', 'mailto:help@review.example'],
      ['Sign out', '/logout'],
    ]);
  });

  it('revoked: a new purchase is the way out', () => {
    open(<RevokedPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Your subscription was revoked',
    );
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/subscription/purchase',
    );
  });

  it('no subscription: the plans, and that progress is kept', () => {
    open(<NoSubscriptionPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'You have no active subscription',
    );
    expect(screen.getByText(/Your progress is kept\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/subscription/purchase',
    );
  });

  it("an invalid record: support or a plan; the default address until the server's arrives", () => {
    open(<InvalidSubscriptionPage />, reply(503, { error: { message: 'Unavailable' } }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'We could not verify your subscription',
    );
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      'mailto:support@pasado.ph',
    );
  });
});
