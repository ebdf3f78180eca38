import type { AdminSittings } from '@pasado/core/contract';
import { EXAM_SITTING_MESSAGES } from '@pasado/core/rules';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../testing/fake-api.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { SittingsPanel } from './sittings-panel.tsx';

const NLE_PARTS = [1, 2, 3, 4, 5].map((n) => ({
  id: `nle.mock.np${n}`,
  name: `Nursing Practice ${n}`,
}));
const LIST: AdminSittings = {
  sittings: [
    {
      id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      reviewer: 'nle',
      startsOn: '2027-05-08',
      days: [
        { date: '2027-05-08', parts: NLE_PARTS.slice(0, 3) },
        { date: '2027-05-09', parts: NLE_PARTS.slice(3) },
      ],
      students: 4,
    },
  ],
  tracks: [{ shorthand: 'nle', name: 'Nurse Licensure Exam', parts: NLE_PARTS }],
};

// docs/product.md#exam-sittings: staff keep the official dates; the server checks and audits.
describe('the console’s Sittings list', () => {
  it('lists each sitting with its days, parts and students', async () => {
    fakeApi({ 'GET /api/admin/content/sittings': LIST });
    renderScreen(<SittingsPanel />);
    const item = (await screen.findByText('May 8–9, 2027')).closest('li') as HTMLElement;
    expect(
      within(item).getByText('Nursing Practice 1, Nursing Practice 2, Nursing Practice 3'),
    ).toBeTruthy();
    expect(within(item).getByText('4 students chose it')).toBeTruthy();
  });

  it('adds a sitting with every part on one day, and shows the server’s refusal', async () => {
    let answer: Response | object = reply(400, {
      error: { status: 'INVALID_ARGUMENT', message: EXAM_SITTING_MESSAGES.notFuture },
    });
    const api = fakeApi({
      'GET /api/admin/content/sittings': LIST,
      'POST /api/admin/content/sittings': () => answer,
    });
    const { user } = renderScreen(<SittingsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Add a sitting' }));
    await user.type(screen.getByLabelText('Date (Manila)'), '2025-05-10');
    await user.click(screen.getByRole('button', { name: 'Add sitting' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EXAM_SITTING_MESSAGES.notFuture);

    answer = { sitting: { ...LIST.sittings[0], id: '1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' } };
    const date = screen.getByLabelText('Date (Manila)');
    await user.clear(date);
    await user.type(date, '2027-12-05');
    // Editing clears the refusal of the previous attempt.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add sitting' }));
    expect(await screen.findByText('Sitting added.')).toBeTruthy();
    expect(api.sentTo('POST /api/admin/content/sittings').map((r) => r.body)).toEqual([
      { reviewer: 'nle', days: [{ date: '2025-05-10', partIds: NLE_PARTS.map((p) => p.id) }] },
      { reviewer: 'nle', days: [{ date: '2027-12-05', partIds: NLE_PARTS.map((p) => p.id) }] },
    ]);
  });

  it('removes a sitting only once confirmed, its note shown with the list without it', async () => {
    let removed = false;
    const api = fakeApi({
      // The list is read again after the removal; the answer comes late, as on slow data.
      'GET /api/admin/content/sittings': async () => {
        if (!removed) return LIST;
        await new Promise((resolve) => setTimeout(resolve, 200));
        return { ...LIST, sittings: [] };
      },
      [`DELETE /api/admin/content/sittings/${LIST.sittings[0]?.id}`]: new Response(null, {
        status: 204,
      }),
    });
    const { user } = renderScreen(<SittingsPanel />);
    await user.click(
      await screen.findByRole('button', { name: 'Remove Nurse Licensure Exam May 8–9, 2027' }),
    );
    expect(screen.getByText(/Its students will need to choose again/)).toBeTruthy();
    expect(api.sentTo(`DELETE /api/admin/content/sittings/${LIST.sittings[0]?.id}`)).toEqual([]);
    removed = true;
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Sitting removed.')).toBeTruthy();
    expect(screen.queryByText('May 8–9, 2027')).toBeNull();
    expect(api.sentTo(`DELETE /api/admin/content/sittings/${LIST.sittings[0]?.id}`)).toHaveLength(
      1,
    );
  });
});
