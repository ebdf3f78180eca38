import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { quizAnswers } from '../../apps/server/src/platform/db/schema.ts';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { keptAnswers, workerReady } from './helpers/offline.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';
import { seedSmallCrimBank } from './helpers/small-bank.ts';

/**
 * Issue 11: a mock already open continues offline on the server's deadline with queued answers,
 * even through a reload; starting a new mock offline says it needs a connection.
 */
describe('mock exams offline', () => {
  const fx = useBrowserFixture();
  beforeAll(async () => {
    await seedSmallCrimBank(fx.server.app.database.db);
  });

  it('starting a mock offline says it needs a connection', async () => {
    const { context, page } = await fx.phone();
    await signIn(page, 'mock.offline.start@example.com');
    await completeOnboarding(page, /Criminology/);
    await settledPath(page, '/quiz');
    await page.getByRole('link', { name: 'Start mock exam' }).waitFor();
    await workerReady(page);
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Start mock exam' }).click();
    await page.getByText('Starting a mock exam needs a connection.').waitFor();
    await screenshot(page, 'offline-mock-start');
  });

  it('an open mock goes on offline through a reload; its answers are sent when back', async () => {
    const { context, page } = await fx.phone();
    await signIn(page, 'mock.offline.open@example.com');
    await completeOnboarding(page, /Criminology/);
    await settledPath(page, '/quiz');
    await page.getByRole('link', { name: 'Start mock exam' }).click();
    await page.waitForURL(/\/quiz\/crim\/mock\?attempt=/);
    const attemptId = new URL(page.url()).searchParams.get('attempt') ?? '';
    await page.getByText('Item 1 of 12').waitFor();
    await page.locator('.quiz__card .choice').nth(0).click();
    await page.getByText('All answers saved').waitFor();
    // What an offline reload shows: the kept attempt, with the answer.
    await expect.poll(() => keptAnswers(page, attemptId), { timeout: 10_000 }).toBe(1);
    await workerReady(page);
    // Time passes between the last word from the server and the offline reload: the clock put
    // back from the kept copy has run on meanwhile, not restarted from when that copy was made.
    const clockSeconds = async () => {
      const text = (await page.getByTestId('clock').textContent()) ?? '';
      return text.split(':').reduce((sum, n) => sum * 60 + Number(n), 0);
    };
    const beforeReload = await clockSeconds();
    await page.waitForTimeout(4_000);

    await context.setOffline(true);
    await page.reload();
    await page.getByText('Item 1 of 12').waitFor();
    expect(await page.locator('.quiz__progress-text').textContent()).toBe('1/12');
    const clock = (await page.getByTestId('clock').textContent()) ?? '';
    expect(clock).toMatch(/^2[34]:\d\d$/);
    expect(await clockSeconds()).toBeLessThanOrEqual(beforeReload - 3);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Item 2 of 12').waitFor();
    await page.locator('.quiz__card .choice').nth(1).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Item 3 of 12').waitFor();
    await page.locator('.quiz__card .choice').nth(0).click();
    await page.getByText('Offline: 2 will send when online').waitFor();
    await screenshot(page, 'offline-mock-open');
    const saved = () =>
      fx.server.app.database.db
        .select()
        .from(quizAnswers)
        .where(eq(quizAnswers.attemptId, attemptId));
    expect(await saved()).toHaveLength(1);

    await context.setOffline(false);
    await page.getByText('All answers saved').waitFor({ timeout: 20_000 });
    expect(await saved()).toHaveLength(3);
  });
});
