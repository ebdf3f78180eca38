import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { keptAnswers, workerReady } from './helpers/offline.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';
import { seedSmallCrimBank } from './helpers/small-bank.ts';

/** Issue 11 deliverable 5: an unfinished lite quiz is offered on quiz home, online or offline. */
describe('resuming a lite quiz', () => {
  const fx = useBrowserFixture();
  beforeAll(async () => {
    await seedSmallCrimBank(fx.server.app.database.db);
  });

  it('offers the unfinished lite quiz on quiz home, online and offline, until it is finished', async () => {
    const { context, page } = await fx.phone();
    await signIn(page, 'resume.lite@example.com');
    await completeOnboarding(page, /Criminology/);
    await settledPath(page, '/quiz');
    // Nothing unfinished yet.
    await page.getByRole('heading', { name: 'Lite quiz' }).waitFor();
    expect(await page.getByText('Unfinished lite quiz').count()).toBe(0);

    await page.getByRole('link', { name: 'Start lite quiz' }).click();
    await page.waitForURL(/\/quiz\/crim\/lite\?attempt=/);
    const attemptUrl = page.url();
    for (let n = 1; n <= 3; n += 1) {
      await page.getByText(`Item ${n} of 10`).waitFor();
      await page.locator('.quiz__card .choice').nth(0).click();
      await page.getByText('Correct!').waitFor();
      await page.getByRole('button', { name: 'Next item' }).click();
    }
    await page.getByText('Item 4 of 10').waitFor();
    const attemptId = new URL(attemptUrl).searchParams.get('attempt') ?? '';
    await expect.poll(() => keptAnswers(page, attemptId), { timeout: 10_000 }).toBe(3);

    // Online: quiz home offers it.
    await page.goto('/quiz');
    await page.getByRole('heading', { name: 'Unfinished lite quiz' }).waitFor();
    expect(await page.getByText('3 of 10 answered').count()).toBe(1);

    await workerReady(page);
    // Offline, after a reload: still offered, and it opens where the student left off.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Unfinished lite quiz' }).waitFor();
    await screenshot(page, 'offline-resume-lite');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'offline-resume-lite-360');
    await page.getByRole('link', { name: 'Resume lite quiz' }).click();
    await page.waitForURL(attemptUrl);
    await page.getByText('Item 4 of 10').waitFor();

    // Back online, finishing it: no longer offered.
    await context.setOffline(false);
    for (let n = 4; n <= 10; n += 1) {
      await page.getByText(`Item ${n} of 10`).waitFor();
      await page.locator('.quiz__card .choice').nth(0).click();
      await page.getByText('Correct!').waitFor();
      await page.getByRole('button', { name: n === 10 ? 'See summary' : 'Next item' }).click();
    }
    await page.getByRole('heading', { name: 'Quiz summary' }).waitFor();
    await page.goto('/quiz');
    await page.getByRole('heading', { name: 'Lite quiz' }).waitFor();
    expect(await page.getByText('Unfinished lite quiz').count()).toBe(0);
  });
});
