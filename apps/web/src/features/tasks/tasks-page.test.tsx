import type { ChallengeView, ClaimResult } from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { progressSummary, userDoc } from '../../testing/docs.ts';
import { fakeApi, networkDown, reply } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { TasksPage } from './tasks-page.tsx';

type Routes = Parameters<typeof fakeApi>[0];

const streak = (
  id: string,
  title: string,
  points: number,
  current: number,
  target: number,
  status: ChallengeView['status'],
): ChallengeView => ({
  id,
  title,
  points,
  status,
  kind: 'streak',
  description: `Study ${target} days in a row.`,
  current,
  target,
});

/** A three-day streak (streak-3 earned), 25 drill points waiting. */
const EARNED = progressSummary({
  streak: { current: 3, longest: 3, lastDay: '2026-11-25', freezes: 0, lastFrozenDay: null },
  unclaimedDrillPoints: 25,
  challenges: {
    streak: [
      streak('streak-3', '3-day streak', 20, 3, 3, 'unclaimed'),
      streak('streak-7', '7-day streak', 50, 3, 7, 'locked'),
    ],
    mastery: [],
  },
});

const claimed = (gems: number, extra: Partial<ClaimResult> = {}): ClaimResult => ({
  rewardKey: 'streak-3',
  gems,
  alreadyClaimed: false,
  level: 'emerald',
  leveledUp: false,
  ...extra,
});

/**
 * The phone loses its connection, as the browser says it: navigator.onLine and the `offline`
 * event, which TanStack Query's onlineManager follows. The web project's files share the window:
 * goOnline puts both back.
 */
let onLine: { mockRestore(): void } | null = null;
function goOffline() {
  onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}
function goOnline() {
  onLine?.mockRestore();
  onLine = null;
  window.dispatchEvent(new Event('online'));
}

function openTasks(routes: Routes = {}) {
  const api = fakeApi({
    'GET /api/progress/summary': EARNED,
    'GET /api/me': userDoc(),
    ...routes,
  });
  return { api, ...renderScreen(<TasksPage />, { path: '/tasks' }) };
}

// docs/product.md "Tasks": challenges, drill points, claims that pay once.
describe('the tasks screen', () => {
  it('shows the drill points to claim, the streak, and each challenge with its progress', async () => {
    openTasks();
    expect((await screen.findByText('points to claim')).textContent).toBe('25 points to claim');
    expect(document.querySelector('.streak-line')?.textContent).toBe(
      'Current streak: 3 days · Longest: 3',
    );
    const section = screen.getByRole('region', { name: 'Streak challenges' });
    expect(within(section).getByText('1 to claim')).toBeTruthy();
    expect(within(section).getByText('3/3')).toBeTruthy();
    expect(within(section).getByText('3/7')).toBeTruthy();
    expect(
      within(section).getByRole('button', { name: 'Claim 20 gems for 3-day streak' }),
    ).toBeTruthy();
    expect(
      within(section).getByText('Locked, reward', { exact: false }).parentElement?.textContent,
    ).toBe('Locked, reward +50');
  });

  it('claims a challenge and says how many gems were added', async () => {
    const { api, user } = openTasks({ 'POST /api/progress/claims/challenge': claimed(20) });
    await user.click(await screen.findByRole('button', { name: 'Claim 20 gems for 3-day streak' }));
    const section = screen.getByRole('region', { name: 'Streak challenges' });
    expect((await within(section).findByRole('status')).textContent).toBe('+20 gems added.');
    expect(api.sentTo('POST /api/progress/claims/challenge')[0]?.body).toEqual({
      kind: 'streak',
      id: 'streak-3',
    });
  });

  it('a claim that reaches a new level says so', async () => {
    const { user } = openTasks({
      'POST /api/progress/claims/drill-points': claimed(25, { level: 'sapphire', leveledUp: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    await expect
      .poll(() => document.querySelector('.drill-card__status')?.textContent)
      .toBe('+25 gems added. You reached Sapphire!');
  });

  it('drill points claimed elsewhere meanwhile: nothing added, and it says so', async () => {
    const { user } = openTasks({
      'POST /api/progress/claims/drill-points': claimed(0, { alreadyClaimed: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    await expect
      .poll(() => document.querySelector('.drill-card__status')?.textContent)
      .toBe('Already claimed earlier: no gems added this time.');
  });

  // The server answers a challenge paid before with that first outcome, its gems included: the
  // screen said "+20 gems added (already claimed)." for a tap that added nothing.
  it('a challenge claimed on another device: says this tap added nothing', async () => {
    const { user } = openTasks({
      'POST /api/progress/claims/challenge': claimed(20, { alreadyClaimed: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Claim 20 gems for 3-day streak' }));
    const section = screen.getByRole('region', { name: 'Streak challenges' });
    await expect
      .poll(() => within(section).getByRole('status').textContent)
      .toBe('Already claimed earlier: no gems added this time.');
  });

  it('one of anything is counted in the singular', async () => {
    const { user } = openTasks({
      'GET /api/progress/summary': progressSummary({
        ...EARNED,
        unclaimedDrillPoints: 1,
        gemsToSpend: 1,
        streak: { current: 1, longest: 1, lastDay: '2026-11-25', freezes: 0, lastFrozenDay: null },
        challenges: {
          streak: [streak('streak-1', 'First day', 1, 1, 1, 'unclaimed')],
          mastery: [],
        },
      }),
      'POST /api/progress/claims/drill-points': claimed(1),
    });
    expect((await screen.findByText('point to claim')).textContent).toBe('1 point to claim');
    expect(document.querySelector('.streak-line')?.textContent).toBe(
      'Current streak: 1 day · Longest: 1',
    );
    expect(screen.getByRole('button', { name: 'Claim 1 gem for First day' })).toBeTruthy();
    expect(document.querySelector('.freeze-card__held')?.textContent).toBe(
      '0 of 2 held · 1 gem to spend',
    );
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    await expect
      .poll(() => document.querySelector('.drill-card__status')?.textContent)
      .toBe('+1 gem added.');
  });

  // TanStack Query pauses a mutation while offline (networkMode 'online'): the button said
  // "Claiming…" for good, the other claims waited, and the claim went out unannounced once online.
  it('offline, a claim tap says so at once and sends nothing; back online it claims', async () => {
    const { api, user } = openTasks({ 'POST /api/progress/claims/challenge': claimed(20) });
    const section = await screen.findByRole('region', { name: 'Streak challenges' });
    const claimButton = within(section).getByRole('button', {
      name: 'Claim 20 gems for 3-day streak',
    });
    goOffline();
    try {
      await user.click(claimButton);
      await expect
        .poll(() => within(section).getByRole('status').textContent)
        .toBe('You are offline: the reward was not claimed. Try again when you are back online.');
      expect(claimButton.textContent).toBe('Claim +20');
      expect((screen.getByRole('button', { name: 'Claim' }) as HTMLButtonElement).disabled).toBe(
        false,
      );
    } finally {
      goOnline();
    }
    // Nothing waits to go out once the phone is back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sentTo('POST /api/progress/claims/challenge')).toHaveLength(0);
    await user.click(claimButton);
    await expect
      .poll(() => within(section).getByRole('status').textContent)
      .toBe('+20 gems added.');
    expect(api.sentTo('POST /api/progress/claims/challenge')).toHaveLength(1);
  });

  it('a failed claim asks to try again', async () => {
    const { user } = openTasks({
      'POST /api/progress/claims/drill-points': reply(503, { error: { message: 'Unavailable' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    await expect
      .poll(() => document.querySelector('.drill-card__status')?.textContent)
      .toBe('The reward was not claimed. Check your connection and try again.');
  });

  it('nothing to claim: says where drill points come from', async () => {
    openTasks({ 'GET /api/progress/summary': progressSummary() });
    const drill = await screen.findByRole('region', { name: 'Drill points' });
    expect(drill.textContent).toContain('No drill points to claim. Earn them in Study → Drill.');
    expect(within(drill).queryByRole('button')).toBeNull();
    expect(within(drill).getByRole('link', { name: 'Study → Drill' }).getAttribute('href')).toBe(
      '/study',
    );
  });

  describe('the streak freeze (issue 23)', () => {
    const withFreezes = (
      freezes: number,
      gemsToSpend: number,
      lastFrozenDay: string | null = null,
    ) =>
      progressSummary({
        ...EARNED,
        gemsToSpend,
        streak: { current: 3, longest: 3, lastDay: '2026-11-25', freezes, lastFrozenDay },
      });

    it('buys one with gems and shows how many are held', async () => {
      let summary = withFreezes(0, 120);
      const { api, user } = openTasks({
        'GET /api/progress/summary': () => summary,
        'POST /api/progress/streak-freeze': () => {
          summary = withFreezes(1, 70);
          return { freezes: 1, gemsToSpend: 70, alreadyBought: false };
        },
      });
      const card = await screen.findByRole('region', { name: 'Streak freeze' });
      expect(card.querySelector('.freeze-card__held')?.textContent).toBe(
        '0 of 2 held · 120 gems to spend',
      );
      await user.click(within(card).getByRole('button', { name: 'Buy for 50 gems' }));
      expect(await within(card).findByText('Streak freeze bought.')).toBeTruthy();
      await expect
        .poll(() => card.querySelector('.freeze-card__held')?.textContent)
        .toBe('1 of 2 held · 70 gems to spend');
      expect(api.sentTo('POST /api/progress/streak-freeze')).toHaveLength(1);
    });

    it('a tap again after an answer that never came sends the same purchase: bought once', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      let summary = withFreezes(0, 150);
      const bought = new Set<string>();
      const { api, user } = openTasks({
        'GET /api/progress/summary': () => summary,
        'POST /api/progress/streak-freeze': ({ body }) => {
          // The server buys once per purchase id (docs/product.md#streak-freeze).
          const { purchaseId } = body as { purchaseId: string };
          const alreadyBought = bought.has(purchaseId);
          if (!alreadyBought) bought.add(purchaseId);
          summary = withFreezes(bought.size, 150 - 50 * bought.size);
          // The first purchase is made, but its answer is lost on the way back.
          if (bought.size === 1 && !alreadyBought) return networkDown();
          return { freezes: bought.size, gemsToSpend: 150 - 50 * bought.size, alreadyBought };
        },
      });
      const card = await screen.findByRole('region', { name: 'Streak freeze' });
      const buyButton = () => within(card).getByRole('button', { name: 'Buy for 50 gems' });
      await user.click(buyButton());
      expect(
        await within(card).findByText(
          'The purchase was not confirmed. Check your connection and try again: a freeze is never bought twice.',
        ),
      ).toBeTruthy();
      await user.click(buyButton());
      await expect
        .poll(() => card.querySelector('.freeze-card__held')?.textContent)
        .toBe('1 of 2 held · 100 gems to spend');
      // A purchase after that one is a new one.
      await user.click(buyButton());
      await expect
        .poll(() => card.querySelector('.freeze-card__held')?.textContent)
        .toBe('2 of 2 held · 50 gems to spend');
      const ids = api
        .sentTo('POST /api/progress/streak-freeze')
        .map((r) => (r.body as { purchaseId: string }).purchaseId);
      expect(ids).toHaveLength(3);
      expect(ids[1]).toBe(ids[0]);
      expect(ids[2]).not.toBe(ids[0]);
      vi.restoreAllMocks();
    });

    it('offline, a purchase tap says so at once and sends nothing; back online it buys', async () => {
      let summary = withFreezes(0, 120);
      const { api, user } = openTasks({
        'GET /api/progress/summary': () => summary,
        'POST /api/progress/streak-freeze': () => {
          summary = withFreezes(1, 70);
          return { freezes: 1, gemsToSpend: 70, alreadyBought: false };
        },
      });
      const card = await screen.findByRole('region', { name: 'Streak freeze' });
      const buyButton = within(card).getByRole('button', { name: 'Buy for 50 gems' });
      goOffline();
      try {
        await user.click(buyButton);
        expect(
          await within(card).findByText(
            'You are offline: no freeze was bought. Try again when you are back online.',
          ),
        ).toBeTruthy();
        expect((buyButton as HTMLButtonElement).disabled).toBe(false);
      } finally {
        goOnline();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.sentTo('POST /api/progress/streak-freeze')).toHaveLength(0);
      await user.click(buyButton);
      expect(await within(card).findByText('Streak freeze bought.')).toBeTruthy();
      expect(api.sentTo('POST /api/progress/streak-freeze')).toHaveLength(1);
    });

    it('one gem short: "1 more gem"', async () => {
      openTasks({ 'GET /api/progress/summary': withFreezes(0, 49) });
      const card = await screen.findByRole('region', { name: 'Streak freeze' });
      expect(within(card).getByText('Earn 1 more gem to buy one.')).toBeTruthy();
    });

    it('with too few gems, or two held, the button waits and says why', async () => {
      openTasks({ 'GET /api/progress/summary': withFreezes(0, 30) });
      const card = await screen.findByRole('region', { name: 'Streak freeze' });
      expect(
        (within(card).getByRole('button', { name: 'Buy for 50 gems' }) as HTMLButtonElement)
          .disabled,
      ).toBe(true);
      expect(within(card).getByText('Earn 20 more gems to buy one.')).toBeTruthy();
    });

    it('says when a freeze kept the streak', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-26T04:00:00Z'));
      try {
        openTasks({ 'GET /api/progress/summary': withFreezes(2, 500, '2026-11-24') });
        const card = await screen.findByRole('region', { name: 'Streak freeze' });
        expect(within(card).getByText('A streak freeze kept your streak on Nov 24.')).toBeTruthy();
        expect(within(card).getByText('You hold the most you can keep.')).toBeTruthy();
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
