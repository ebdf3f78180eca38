import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemHistories, quizAttempts, users } from '../../apps/server/src/platform/db/schema.ts';
import { atBothWidths } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { keptContent, keptContentKeys, queryKept, workerReady } from './helpers/offline.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';
import { seedSmallCrimBank } from './helpers/small-bank.ts';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

// Issue 23 item 4 (ADR 032): "Practice for you" on the readiness card opens the For-you set, online
// from the server and offline from the kept items through the same core function.
describe('the For-you set', () => {
  const fx = useBrowserFixture();
  beforeAll(async () => {
    await seedSmallCrimBank(fx.server.app.database.db);
  });

  it('starts from the readiness card online, and offline from the kept items, then syncs', async () => {
    const { db } = fx.server.app.database;
    const { context, page } = await fx.phone();
    const email = 'for.you@example.com';
    await signIn(page, email);
    await completeOnboarding(page, /Criminology/);
    await settledPath(page, '/quiz');
    const card = page.getByRole('region', { name: 'Would you pass?' });
    const practice = card.getByRole('link', { name: 'Practice for you' });
    await practice.waitFor();
    expect(await practice.getAttribute('href')).toBe('/quiz/crim/lite?for=you');
    await practice.scrollIntoViewIfNeeded();
    await atBothWidths(page, 'for-you-card');
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const userId = user?.id ?? '';

    // Online: the server chooses; the screen says it is the For-you set.
    await practice.click();
    await page.waitForURL(/\/quiz\/crim\/lite\?attempt=/);
    await page.getByText('Item 1 of 10').waitFor();
    expect(await page.locator('.quiz-page__title').textContent()).toBe('Lite quiz: for you');
    await atBothWidths(page, 'for-you-online');
    // Wrong on the first three (the key is always the first choice), right on the rest.
    for (let n = 1; n <= 10; n += 1) {
      await page.getByText(`Item ${n} of 10`).waitFor();
      await page
        .locator('.quiz__card .choice')
        .nth(n <= 3 ? 1 : 0)
        .click();
      await page.getByText(n <= 3 ? 'Not quite. The answer is A.' : 'Correct!').waitFor();
      await page.getByRole('button', { name: n === 10 ? 'See summary' : 'Next item' }).click();
    }
    await page.getByRole('heading', { name: 'Quiz summary' }).waitFor();
    await poll(
      async () =>
        (await db.select().from(itemHistories).where(eq(itemHistories.userId, userId))).length,
    ).toBe(10);
    // The kit kept when quiz home first opened is read again at the finish, not ten minutes on:
    // a For-you set taken offline now brings these misses back on their schedule.
    const kitKey = `${userId}:for-you:crim`;
    await poll(async () => {
      const kept = (await keptContent(page, kitKey)) as { data?: { history?: object } } | null;
      return Object.keys(kept?.data?.history ?? {}).length;
    }).toBe(10);

    // Quiz home keeps the lite items and the student's For-you kit on the phone.
    await page.goto('/quiz');
    await practice.waitFor();
    await poll(() => keptContentKeys(page)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/:lite:crim$/),
        expect.stringMatching(/:for-you:crim$/),
      ]),
    );
    await workerReady(page);
    await queryKept(page, ['quiz-home', 'crim']);

    // Offline: the phone chooses from its kept items; answered at a person's pace (issue 21).
    await context.setOffline(true);
    const startedAt = Date.now() - 5 * 60_000;
    await context.clock.setFixedTime(startedAt);
    await practice.click();
    await page.waitForURL(/\/quiz\/crim\/lite\?attempt=/);
    const attemptId = new URL(page.url()).searchParams.get('attempt') ?? '';
    await page.getByText('Item 1 of 10').waitFor();
    expect(await page.locator('.quiz-page__title').textContent()).toBe('Lite quiz: for you');
    await atBothWidths(page, 'for-you-offline');
    for (let n = 1; n <= 10; n += 1) {
      await page.getByText(`Item ${n} of 10`).waitFor();
      await context.clock.setFixedTime(startedAt + n * 20_000);
      await page.locator('.quiz__card .choice').nth(0).click();
      await page.getByText('Correct!').waitFor();
      await page.getByRole('button', { name: n === 10 ? 'See summary' : 'Next item' }).click();
    }
    await page.getByRole('heading', { name: 'Quiz summary' }).waitFor();
    expect(await page.getByTestId('offline-note').textContent()).toBe(
      'Saved on this phone. Your gems come when you are back online.',
    );
    await atBothWidths(page, 'for-you-offline-summary');

    // Back online: sent, graded by the server, stored as a For-you set; the histories move. The
    // phone's clock runs on to now first: left stopped at the last answer, its stamp on the send
    // (X-Device-Time) said it was slow by the loop's run, so the server moved the quiz to end at
    // the send, over the online set just before; an answer landing in that set's span was refused
    // as overlapping (400 in a loaded CI run).
    await context.clock.setFixedTime(Date.now());
    await context.setOffline(false);
    await poll(() => page.getByTestId('offline-note').count()).toBe(0);
    const [stored] = await db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.clientAttemptId, attemptId)));
    expect(stored).toMatchObject({ kind: 'lite', status: 'submitted', forYou: true });
    const rows = await db.select().from(itemHistories).where(eq(itemHistories.userId, userId));
    expect(rows.length).toBeGreaterThan(10);
    expect(
      rows.filter((r) => r.lastAt >= new Date(startedAt - 60_000)).length,
    ).toBeGreaterThanOrEqual(10);
  });
});
