import type { ReviewItem, ReviewQueueResponse } from '@pasado/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { manilaDateTime } from '../../../lib/format.ts';
import { fakeApi } from '../../../testing/fake-api.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { PaymentsSection } from './payments-section.tsx';

const PAID_AT = '2026-11-25T03:10:00.000Z';

const LINE: NonNullable<ReviewItem['statementLine']> = {
  reference: '9012345678901',
  amountCentavos: 19_900,
  occurredAt: PAID_AT,
  sender: 'JUAN DELA CRUZ',
  claimedBy: 'none',
  matchedBy: 'amountAndTime',
};

/** A purchase proven by a screenshot not read yet: it cites no reference of its own. */
const UNREAD: ReviewItem = {
  subscriptionId: '5f0c2a9e-7d1b-4c3a-9e8f-0a1b2c3d4e5f',
  status: 'pending',
  student: { id: '2b7e1a40-5c3d-4e8f-9a01-b2c3d4e5f607', email: 'unread.student@example.com' },
  plan: { id: '1-month', name: '1 Month', price: 199, discount: 0, durationInDays: 30 },
  submittedAt: '2026-11-25T04:00:00.000Z',
  updatedAt: '2026-11-25T04:00:00.000Z',
  startsAt: '2026-11-25T04:00:00.000Z',
  expiryDate: '2026-12-25T04:00:00.000Z',
  isExtension: false,
  queued: false,
  transactions: [
    {
      id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      createdAt: '2026-11-25T04:00:00.000Z',
      price: 199,
      discountAmount: 0,
      finalPrice: 199,
      refCode: null,
      screenshotPath: 'images/paymentScreenshots/1_gcash.png',
      screenshotUrl: '/api/files/images/paymentScreenshots/1_gcash.png',
      reading: null,
    },
  ],
  amount: { expected: 199, recorded: 199, mismatch: false, problem: null },
  flags: [],
  statementLine: LINE,
  actions: ['approve', 'requestVerification', 'revoke'],
};

const page = (items: ReviewItem[]): ReviewQueueResponse => ({
  items,
  counts: {
    needsAction: items.length,
    pending: items.length,
    forVerification: 0,
    approved: 0,
    completed: 0,
    suspended: 0,
    revoked: 0,
    expired: 0,
  },
  nextCursor: null,
});

// docs/product.md#staff: a payment card shows the statement line its Approve claims, however the
// reconciliation matched it; a match by amount and time was shown nowhere on the card.
describe('the Payments tab', () => {
  it('shows the statement line a purchase without a reference is matched to, and how', async () => {
    fakeApi({ 'GET /api/admin/payments': page([UNREAD]) });
    renderScreen(<PaymentsSection />);
    const card = await screen.findByRole('article', { name: UNREAD.student.email });
    const statement = within(card).getByText('Statement').parentElement;
    expect(statement?.textContent).toBe(
      `Statement ₱199 · ref 9012 3456 7890 1 · ${manilaDateTime(PAID_AT)} · from JUAN DELA CRUZ · matched by amount and time only`,
    );
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('says a line found by the reference the student typed is matched by reference and amount', async () => {
    const typed: ReviewItem = {
      ...UNREAD,
      transactions: UNREAD.transactions.map((t) => ({ ...t, refCode: '9012345678901' })),
      statementLine: { ...LINE, matchedBy: 'reference' },
    };
    fakeApi({ 'GET /api/admin/payments': page([typed]) });
    renderScreen(<PaymentsSection />);
    const card = await screen.findByRole('article', { name: UNREAD.student.email });
    expect(within(card).getByText('Statement').parentElement?.textContent).toMatch(
      / · matched by reference and amount$/,
    );
  });
});
