import type { LeaderboardResponse } from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { LeaderboardDashboardPage } from './leaderboard-page.tsx';

const WEEK: LeaderboardResponse = {
  board: 'week',
  period: {
    name: 'This week',
    startsAt: '2026-11-22T16:00:00.000Z',
    endsAt: '2026-11-29T15:59:59.999Z',
  },
  top: [
    { rank: 1, name: 'Maria R.', initials: 'MCR', level: 'ruby', points: 1_500, isMe: false },
    { rank: 2, name: 'Ana S.', initials: 'AS', level: 'emerald', points: 40, isMe: true },
  ],
  me: { rank: 2, points: 40 },
  ranked: 1_204,
};

function openLeaderboard(week: LeaderboardResponse, season?: LeaderboardResponse) {
  fakeApi({
    'GET /api/leaderboard?board=week': week,
    ...(season ? { 'GET /api/leaderboard?board=season': season } : {}),
  });
  return renderScreen(<LeaderboardDashboardPage />, { path: '/leaderboard' });
}

// docs/product.md "Leaderboard": this week's and the season's rankings, and the student's own.
describe('the leaderboard', () => {
  it('lists the top students with initials, level and points, and marks the student', async () => {
    openLeaderboard(WEEK);
    const list = await screen.findByRole('list', { name: 'Top students' });
    const [first, me] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toBe('1MCRMaria R.Ruby1,500 points pts');
    expect(me?.classList.contains('board-row--me')).toBe(true);
    expect(me?.querySelector('.board-row__name')?.textContent).toBe('Ana S. (you)');
  });

  it("shows the week's dates, how many are ranked, and the student's rank and points", async () => {
    openLeaderboard(WEEK);
    await screen.findByRole('list', { name: 'Top students' });
    expect(document.querySelector('.leaderboard__period')?.textContent).toBe(
      'Nov 23 – Nov 29 · 1,204 ranked',
    );
    expect(document.querySelector('.my-standing')?.textContent).toBe('Your rank#240 pts');
  });

  it('before a first point: says every correct answer counts', async () => {
    openLeaderboard({ ...WEEK, top: [], me: null, ranked: 0 });
    expect(await screen.findByText('No points yet')).toBeTruthy();
    expect(document.querySelector('.my-standing')?.textContent).toBe(
      'You have no points this week yet. Every correct answer counts.',
    );
  });

  it('the Season tab: no season running says so', async () => {
    const { user } = openLeaderboard(WEEK, {
      board: 'season',
      period: null,
      top: [],
      me: null,
      ranked: 0,
    });
    await screen.findByRole('list', { name: 'Top students' });
    await user.click(screen.getByRole('tab', { name: 'Season' }));
    expect(await screen.findByText('No season is running')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Season' }).getAttribute('aria-selected')).toBe('true');
  });

  it("the Season tab: the season's name and end", async () => {
    const { user } = openLeaderboard(WEEK, {
      ...WEEK,
      board: 'season',
      period: {
        name: 'December push',
        startsAt: '2026-11-25T16:00:00.000Z',
        endsAt: '2026-12-05T15:59:59.999Z',
      },
    });
    await screen.findByRole('list', { name: 'Top students' });
    await user.click(screen.getByRole('tab', { name: 'Season' }));
    await expect
      .poll(() => document.querySelector('.leaderboard__period')?.textContent)
      .toBe('December push · ends Dec 5 · 1,204 ranked');
  });
});
