import { MESSAGES } from '@pasado/core/rules';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userDoc } from '../../testing/docs.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { MenuLayout } from './menu-layout.tsx';

const TABS = ['quiz', 'study', 'tasks', 'leaderboard', 'account'].map((tab) => ({
  path: tab,
  element: <h1>{tab}</h1>,
}));

function openMenu(path: string, me = userDoc()) {
  fakeApi({ 'GET /api/me': me });
  return renderScreen(<MenuLayout messageButton={null} />, { path, route: '/', children: TABS });
}

const menu = () => screen.getByRole('navigation', { name: 'Main' });
const tab = (name: string | RegExp) => within(menu()).getByRole('button', { name });

// docs/product.md "App shell": five tabs, the current one disabled, a red dot on Tasks.
describe('the bottom menu', () => {
  it('disables the tab of the screen shown, and only that one', async () => {
    openMenu('/leaderboard');
    await screen.findByRole('heading', { name: 'leaderboard' });
    const disabled = within(menu())
      .getAllByRole('button')
      .filter((b) => (b as HTMLButtonElement).disabled)
      .map((b) => b.textContent);
    expect(disabled).toEqual(['Leaderboard']);
    expect(tab('Leaderboard').getAttribute('aria-current')).toBe('page');
  });

  it('puts a red dot on Tasks while drill points wait to be claimed', async () => {
    openMenu('/quiz', userDoc({ unclaimedDrillPoints: 40 }));
    expect(
      await within(menu()).findByRole('button', { name: 'Tasks, rewards to claim' }),
    ).toBeTruthy();
  });

  it('puts a red dot on Tasks while a streak reward waits to be claimed', async () => {
    openMenu(
      '/quiz',
      userDoc({
        challengesProgress: {
          streak: [{ id: 'streak-3', title: '3-day streak', points: 20, status: 'unclaimed' }],
          mastery: [],
        },
      }),
    );
    expect(
      await within(menu()).findByRole('button', { name: 'Tasks, rewards to claim' }),
    ).toBeTruthy();
  });

  it('no dot when nothing waits', async () => {
    openMenu('/quiz', userDoc({ unclaimedDrillPoints: 0 }));
    await screen.findByRole('heading', { name: 'quiz' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tab('Tasks').getAttribute('aria-label')).toBeNull();
  });

  it("shows 'Transitioning...' and moves 400 ms after the tap, keeping the chosen reviewer", async () => {
    const { router } = openMenu('/quiz?reviewer=let-elem');
    await screen.findByRole('heading', { name: 'quiz' });
    vi.useFakeTimers();
    fireEvent.click(tab('Study'));
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.TRANSITIONING);
    expect(tab('Study').classList.contains('is-pending')).toBe(true);
    act(() => vi.advanceTimersByTime(399));
    expect(router.state.location.pathname).toBe('/quiz');
    await act(async () => vi.advanceTimersByTime(1));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/study?reviewer=let-elem',
    );
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('the reviewer goes along only between Quiz and Study', async () => {
    const { router } = openMenu('/quiz?reviewer=let-elem');
    await screen.findByRole('heading', { name: 'quiz' });
    vi.useFakeTimers();
    fireEvent.click(tab('Tasks'));
    await act(async () => vi.advanceTimersByTime(400));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/tasks');
  });
});
