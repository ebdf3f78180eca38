import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addLeaderboardPoints } from '../../apps/server/src/modules/leaderboard/scores.ts';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import { fairPlayFlags, users } from '../../apps/server/src/platform/db/schema.ts';
import { signedInUser } from '../../apps/server/test/helpers/test-app.ts';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

describe('leaderboard', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;

  async function student(email: string, name: string) {
    const phone = await fx.phone();
    await signIn(phone.page, email);
    await completeOnboarding(phone.page);
    const me = await phone.page.evaluate(async () => (await fetch('/api/me')).json());
    await db().update(users).set({ displayName: name }).where(eq(users.id, me.id));
    await touchUser(db(), me.id);
    return { ...phone, userId: me.id as string };
  }

  const award = (userId: string, points: number) =>
    db().transaction((tx) => addLeaderboardPoints(tx, userId, points, new Date()));

  it('shows the top 50 with initials and level, and my own rank below them', async () => {
    // 52 others ahead of me, so I am outside the top 50.
    const names = ['Maria Clara Reyes', 'Jose Rizal Mercado', 'Andres Bonifacio'];
    for (let i = 0; i < 52; i += 1) {
      const other = await signedInUser(fx.server);
      await db()
        .update(users)
        .set({ displayName: names[i % 3] ?? null, currentLevel: i === 0 ? 'ruby' : null })
        .where(eq(users.id, other.userId));
      await award(other.userId, 500 - i);
    }
    const me = await student('ana.santos@example.com', 'Ana Santos');
    await award(me.userId, 40);

    await me.page.goto('/leaderboard');
    const list = me.page.getByRole('list', { name: 'Top students' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(50);
    const first = list.getByRole('listitem').first();
    await expect.poll(() => first.textContent()).toContain('Maria R.');
    expect(await first.textContent()).toContain('MCR');
    expect(await first.textContent()).toContain('Ruby');
    expect(await first.textContent()).toContain('500');
    expect(await me.page.locator('.my-standing').textContent()).toContain('#53');
    expect(await me.page.locator('.my-standing').textContent()).toContain('40 pts');
    await screenshot(me.page, 'leaderboard-week');
  });

  it('staff open a season in the console; the student sees it and their season rank', async () => {
    const staff = await student('coach.staff@example.com', 'Coach Staff');
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
    await touchUser(db(), staff.userId);
    await staff.page.goto('/admin/seasons');
    await settledPath(staff.page, '/admin/seasons');
    await staff.page.getByLabel('Season name').fill('December push');
    const end = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await staff.page.getByLabel('Last day').fill(end);
    await staff.page.getByRole('button', { name: 'Open season' }).click();
    await expect.poll(() => staff.page.getByText('December push').isVisible()).toBe(true);
    const openSeasons = staff.page.locator('.season').getByText('Open', { exact: true });
    await expect.poll(() => openSeasons.count()).toBe(1);
    await screenshot(staff.page, 'admin-seasons');

    const learner = await student('leo.cruz@example.com', 'Leo Cruz');
    await award(learner.userId, 25);
    await learner.page.goto('/leaderboard');
    await learner.page.getByRole('tab', { name: 'Season' }).click();
    await expect
      .poll(() => learner.page.locator('.leaderboard__period').textContent())
      .toContain('December push');
    expect(await learner.page.locator('.my-standing').textContent()).toContain('#1');
    const mine = learner.page.locator('.board-row--me');
    expect(await mine.textContent()).toContain('Leo C.');
    await screenshot(learner.page, 'leaderboard-season');

    // Closing it ends the season board.
    await staff.page.getByRole('button', { name: 'Close season' }).click();
    await expect.poll(() => openSeasons.count()).toBe(0);
  });

  // Issue 21 finding 3: an implausible day is flagged to staff with the evidence, never punished.
  it('staff see a flagged day with its figures and dismiss it', async () => {
    const staff = await student('fair.staff@example.com', 'Fair Staff');
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
    await touchUser(db(), staff.userId);
    const farmer = await signedInUser(fx.server);
    await db()
      .insert(fairPlayFlags)
      .values({
        userId: farmer.userId,
        day: '2026-11-26',
        reasons: ['fastPace', 'nearPerfect', 'dailyCap'],
        evidence: { answers: 1050, correct: 1050, seconds: 5250, gems: 1000, cappedFinishes: 5 },
      });
    await staff.page.goto('/admin/seasons');
    const flag = staff.page.getByRole('listitem', { name: `${farmer.email}, 2026-11-26` });
    await expect.poll(() => flag.isVisible()).toBe(true);
    const text = await flag.textContent();
    expect(text).toContain('Answers faster than 6 s an item');
    expect(text).toContain('1,050 answers, 100 % right, 5 s an answer (1 h 28 min in all)');
    await flag.scrollIntoViewIfNeeded();
    await screenshot(staff.page, 'admin-fair-play');
    await flag.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => staff.page.getByText('No flagged days.').isVisible()).toBe(true);
  });
});
