import { manilaDayKey } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshChallenges } from '../../apps/server/src/modules/progress/challenges.ts';
import { userStreaks, users } from '../../apps/server/src/platform/db/schema.ts';
import { announce, topics } from '../../apps/server/src/platform/live/topics.ts';
import { atBothWidths, screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

describe('tasks', () => {
  const fx = useBrowserFixture();

  it('claims an earned streak reward and drill points once; the red dot goes away live', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'tasks.student@example.com');
    await completeOnboarding(page);
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    const db = fx.server.app.database.db;

    // A three-day streak (earns streak-3) and 25 drill points, announced as progress would be.
    await db.transaction(async (tx) => {
      await tx.insert(userStreaks).values({
        userId: me.id,
        current: 3,
        longest: 3,
        lastDay: manilaDayKey(new Date()),
      });
      await tx.update(users).set({ unclaimedDrillPoints: 25 }).where(eq(users.id, me.id));
      await refreshChallenges(tx, me.id, new Date());
      await announce(tx, topics.user(me.id));
    });

    const menu = page.getByRole('navigation', { name: 'Main' });
    const dottedTab = menu.getByRole('button', { name: 'Tasks, rewards to claim' });
    await expect.poll(() => dottedTab.count()).toBe(1);
    await dottedTab.click();
    await settledPath(page, '/tasks');

    await expect.poll(() => page.getByText('25 points to claim').isVisible()).toBe(true);
    const streakSection = page.getByRole('region', { name: 'Streak challenges' });
    expect(await streakSection.getByText('3/3', { exact: true }).isVisible()).toBe(true);
    expect(await streakSection.getByText('3/7', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Current streak: 3 days').isVisible()).toBe(true);
    await screenshot(page, 'tasks-unclaimed');

    await page.getByRole('button', { name: 'Claim 20 gems for 3-day streak' }).click();
    await expect.poll(() => page.getByText('+20 gems added.').isVisible()).toBe(true);
    expect(await streakSection.getByText('Claimed').count()).toBe(1);
    // Drill points still wait: the dot stays.
    expect(await dottedTab.count()).toBe(1);

    // A double tap pays once.
    await page.locator('.drill-card').getByRole('button', { name: 'Claim' }).dblclick();
    await expect.poll(() => page.getByText('+25 gems added.').isVisible()).toBe(true);
    await expect.poll(() => dottedTab.count()).toBe(0);
    expect(await menu.getByRole('button', { name: 'Tasks' }).isDisabled()).toBe(true);
    expect(await page.getByText('No drill points to claim.').isVisible()).toBe(true);

    const [row] = await db.select().from(users).where(eq(users.id, me.id));
    expect(row?.gemsCollection).toEqual({ emerald: 45 });
    expect(row?.unclaimedDrillPoints).toBe(0);
    expect(row?.challengesProgress.streak[0]?.status).toBe('claimed');
    await screenshot(page, 'tasks-claimed');

    // The narrowest phone we serve, in dark mode: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await screenshot(page, 'tasks-dark-360');
  });

  // One of anything read "1 points", "1 gems"; a claim tapped offline paused on "Claiming…" and
  // went out by itself once the phone was back.
  it('counts one in the singular; offline a claim says so and waits for the next tap', async () => {
    const { page, context } = await fx.phone();
    await signIn(page, 'tasks.one@example.com');
    await completeOnboarding(page);
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    const db = fx.server.app.database.db;
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ unclaimedDrillPoints: 1, gemsCollection: { emerald: 49 } })
        .where(eq(users.id, me.id));
      await announce(tx, topics.user(me.id));
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /Tasks/ })
      .click();
    await settledPath(page, '/tasks');
    await expect.poll(() => page.getByText('1 point to claim').isVisible()).toBe(true);
    const freeze = page.getByRole('region', { name: 'Streak freeze' });
    expect(await freeze.getByText('0 of 2 held · 49 gems to spend').isVisible()).toBe(true);
    expect(await freeze.getByText('Earn 1 more gem to buy one.').isVisible()).toBe(true);
    await atBothWidths(page, 'tasks-one');

    const claims: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/progress/claims/')) claims.push(request.url());
    });
    const drill = page.locator('.drill-card');
    await context.setOffline(true);
    await drill.getByRole('button', { name: 'Claim' }).click();
    await expect
      .poll(() =>
        drill
          .getByText(
            'You are offline: the reward was not claimed. Try again when you are back online.',
          )
          .isVisible(),
      )
      .toBe(true);
    await atBothWidths(page, 'tasks-claim-offline');
    await context.setOffline(false);
    // Nothing was kept to go out once the phone is back.
    await page.waitForTimeout(500);
    expect(claims).toEqual([]);

    await drill.getByRole('button', { name: 'Claim' }).click();
    await expect.poll(() => drill.getByText('+1 gem added.').isVisible()).toBe(true);
    expect(claims).toHaveLength(1);
    await expect
      .poll(() => freeze.getByText('0 of 2 held · 50 gems to spend').isVisible())
      .toBe(true);
  });

  it('follows a claim made on another device without a reload', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'tasks.other.device@example.com');
    await completeOnboarding(page);
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    const db = fx.server.app.database.db;
    await db.transaction(async (tx) => {
      await tx.update(users).set({ unclaimedDrillPoints: 8 }).where(eq(users.id, me.id));
      await announce(tx, topics.user(me.id));
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /Tasks/ })
      .click();
    await settledPath(page, '/tasks');
    await expect.poll(() => page.getByText('8 points to claim').isVisible()).toBe(true);

    // The claim happens elsewhere (same account, the server's own path).
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/progress/claims/drill-points', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ claimId: crypto.randomUUID() }),
      });
      return response.status;
    });
    expect(status).toBe(200);
    await expect.poll(() => page.getByText('No drill points to claim.').isVisible()).toBe(true);
  });
});
