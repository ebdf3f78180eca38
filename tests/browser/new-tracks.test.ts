import { describe, expect, it } from 'vitest';
import { seedBundledContentForTests } from '../../apps/server/src/modules/content/seed-bundled-content.ts';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { settledPath, signIn } from './helpers/session.ts';

/**
 * Issue 24 item 5 in the browser: with the bundled banks, onboarding offers five tracks — CSE
 * Subprofessional and the NLE beside the three before — and a new student who picks the NLE starts
 * its full mock under its official rule: five parts of 100 items, each in its own sitting of 120
 * minutes.
 */
describe('the new tracks at onboarding', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;

  it('a new student picks the NLE and starts its five-sitting mock', async () => {
    // Seeded in the test, after the fixture has made its tracks offered: the real banks replace
    // nothing, they add the new tracks.
    await seedBundledContentForTests(db());
    const { page } = await fx.phone();
    await signIn(page, 'nle.student@example.com');
    await settledPath(page, '/onboarding');
    const radios = page.getByRole('radio');
    await expect.poll(() => radios.count()).toBe(5);
    expect(await page.locator('.radio-card__title').allTextContents()).toEqual([
      'CSE-Pro',
      'CSE-SubPro',
      'LET-Elem',
      'LET-Sec',
      'NLE',
    ]);
    await page.getByRole('radio', { name: /Nurse Licensure Exam/ }).check();
    await page.getByLabel('How did you hear about us?').selectOption('Facebook');
    await screenshot(page, 'onboarding-five-tracks');
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await screenshot(page, 'onboarding-five-tracks-360');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await settledPath(page, '/quiz');

    await page.getByText(/500 items in 5 parts, each on its own clock/).waitFor();
    await page.getByRole('link', { name: 'Start mock exam' }).click();
    await page.waitForURL(/\/quiz\/nle\/mock\?attempt=/);
    await page.getByText('Item 1 of 100').waitFor();
    expect(await page.getByTestId('sitting-label').textContent()).toBe(
      'Part 1 of 5 — Nursing Practice I',
    );
    // Nursing Practice I's own clock: 120 minutes, not the 600 of all five parts.
    const text = (await page.getByTestId('clock').textContent()) ?? '';
    const seconds = text.split(':').reduce((sum, n) => sum * 60 + Number(n), 0);
    expect(seconds).toBeGreaterThan(119 * 60);
    expect(seconds).toBeLessThanOrEqual(120 * 60);
    expect(await page.locator('.quiz__progress-text').textContent()).toBe('0/100');
    await screenshot(page, 'nle-mock-start');
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await screenshot(page, 'nle-mock-start-360');
  });
});
