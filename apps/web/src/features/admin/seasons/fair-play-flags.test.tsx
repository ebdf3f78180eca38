import { FAIR_PLAY_REASON_LABELS } from '@pasado/core';
import type { FairPlayFlag } from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { FairPlayFlags } from './fair-play-flags.tsx';

const FLAG: FairPlayFlag = {
  id: '4f3e2d1c-0b9a-4876-9543-210fedcba987',
  student: {
    userId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    email: 'farmer@example.com',
    displayName: null,
  },
  day: '2026-11-26',
  reasons: ['fastPace', 'nearPerfect', 'dailyCap'],
  evidence: { answers: 1050, correct: 1050, seconds: 5250, gems: 1000, cappedFinishes: 5 },
  createdAt: '2026-11-26T16:05:00.000Z',
};

const DISMISS = `POST /api/admin/fair-play/flags/${FLAG.id}/dismiss`;

// Issue 21 finding 3: a flagged day is shown to staff with its evidence, never punished by itself.
describe('the fair-play flags', () => {
  it('shows each flagged day with its reasons and figures', async () => {
    fakeApi({ 'GET /api/admin/fair-play/flags': { flags: [FLAG] } });
    renderScreen(<FairPlayFlags />);
    const flag = await screen.findByRole('listitem', { name: 'farmer@example.com, 2026-11-26' });
    expect([...flag.querySelectorAll('.chip')].map((c) => c.textContent)).toEqual([
      FAIR_PLAY_REASON_LABELS.fastPace,
      FAIR_PLAY_REASON_LABELS.nearPerfect,
      FAIR_PLAY_REASON_LABELS.dailyCap,
    ]);
    expect(FAIR_PLAY_REASON_LABELS.fastPace).toBe('Answers faster than 6 s an item');
    expect(within(flag).getByText(/answers,/).textContent).toBe(
      '1,050 answers, 100 % right, 5 s an answer (1 h 28 min in all); 1,000 gems awarded',
    );
    expect(within(flag).getByText('Nov 26, 2026')).toBeTruthy();
  });

  it('dismissing a flag asks the server and lists what is left', async () => {
    let dismissed = false;
    const api = fakeApi({
      'GET /api/admin/fair-play/flags': () => ({ flags: dismissed ? [] : [FLAG] }),
      [DISMISS]: () => {
        dismissed = true;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderScreen(<FairPlayFlags />);
    const flag = await screen.findByRole('listitem', { name: 'farmer@example.com, 2026-11-26' });
    await user.click(within(flag).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('No flagged days.')).toBeTruthy();
    expect(api.sentTo(DISMISS)).toHaveLength(1);
  });
});
