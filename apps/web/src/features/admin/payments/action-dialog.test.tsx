import { ADMIN_MESSAGES, type ReviewItem } from '@pasado/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Answer, fakeApi, reply } from '../../../testing/fake-api.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { ActionDialog } from './action-dialog.tsx';

const ITEM: ReviewItem = {
  subscriptionId: '5f0c2a9e-7d1b-4c3a-9e8f-0a1b2c3d4e5f',
  status: 'pending',
  student: { id: '2b7e1a40-5c3d-4e8f-9a01-b2c3d4e5f607', email: 'queue.student@example.com' },
  plan: { id: '1-month', name: '1 Month', price: 199, discount: 100, durationInDays: 30 },
  submittedAt: '2026-11-25T04:00:00.000Z',
  updatedAt: '2026-11-25T04:00:00.000Z',
  startsAt: '2026-11-28T04:00:00.000Z',
  expiryDate: '2026-12-28T04:00:00.000Z',
  isExtension: true,
  queued: true,
  transactions: [],
  amount: { expected: 99, recorded: 99, mismatch: false, problem: null },
  flags: [],
  actions: ['approve', 'requestVerification', 'revoke'],
};

const ACTIONS = `POST /api/admin/payments/${ITEM.subscriptionId}/actions`;

function openDialog(answer: Answer) {
  const api = fakeApi({ [ACTIONS]: answer });
  const onDone = vi.fn();
  const onClose = vi.fn();
  const view = renderScreen(
    <ActionDialog target={{ item: ITEM, action: 'approve' }} onClose={onClose} onDone={onDone} />,
  );
  return { api, onDone, onClose, ...view };
}

const confirm = () => screen.getByRole('button', { name: 'Approve' });
const reason = () => screen.getByLabelText('Reason');

// docs/product.md "Staff console": every action on a payment needs a reason, kept in the audit log.
describe("a staff action's dialog", () => {
  it('names the payment and refuses to act without a reason', async () => {
    const { api, user } = openDialog({});
    const dialog = screen.getByRole('dialog', { name: 'Approve this payment' });
    expect(dialog.querySelector('.dialog__text')?.textContent).toBe(
      'queue.student@example.com · 1 Month · ₱99Now Pending.',
    );
    await user.type(reason(), '  ok ');
    await user.click(confirm());
    expect(screen.getByRole('alert').textContent).toBe(ADMIN_MESSAGES.REASON_REQUIRED);
    expect(reason().getAttribute('aria-invalid')).toBe('true');
    expect(api.sent).toEqual([]);
  });

  it('sends the action with the trimmed reason and the status staff saw, then reports it', async () => {
    const { api, user, onDone, onClose } = openDialog({
      subscriptionId: ITEM.subscriptionId,
      from: 'pending',
      status: 'approved',
    });
    await user.type(reason(), ' GCash statement shows the transfer ');
    await user.click(confirm());
    await expect.poll(() => onDone.mock.calls).toEqual([['queue.student@example.com: Approved.']]);
    expect(onClose).toHaveBeenCalled();
    expect(api.sentTo(ACTIONS)[0]?.body).toEqual({
      action: 'approve',
      reason: 'GCash statement shows the transfer',
      expectedStatus: 'pending',
    });
  });

  it("keeps the reason and shows the server's refusal", async () => {
    const refusal = ADMIN_MESSAGES.changedMeanwhile('approved');
    const { user, onDone } = openDialog(
      reply(409, { error: { status: 'FAILED_PRECONDITION', message: refusal } }),
    );
    await user.type(reason(), 'GCash statement shows the transfer');
    await user.click(confirm());
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect((reason() as HTMLTextAreaElement).value).toBe('GCash statement shows the transfer');
    expect(onDone).not.toHaveBeenCalled();
  });
});
