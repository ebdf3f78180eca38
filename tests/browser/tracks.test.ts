import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../../apps/server/src/modules/content/import-content.ts';
import { questions, topics } from '../../apps/server/src/platform/db/schema.ts';
import { elementary, secondary } from '../../apps/server/test/content/offer-fixtures.ts';
import { signedInUser } from '../../apps/server/test/helpers/test-app.ts';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

/**
 * Issue 12 in the browser: onboarding offers only tracks whose bank fills a mock, LET Secondary
 * asks a major (changeable on quiz home), and a student whose track stops being offered sees what
 * is going on and switches in one tap instead of an empty quiz page.
 */
describe('offered tracks and majors', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;
  // Before the fixture's beforeEach makes tracks offered, so these are the tracks' own mocks.
  beforeAll(async () => {
    await importContent(db(), elementary);
    await importContent(db(), secondary);
  });

  it('onboarding offers the ready tracks; LET Secondary asks a major, kept and changed on quiz home', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'major.student@example.com');
    await settledPath(page, '/onboarding');
    const radios = page.getByRole('radio');
    await expect.poll(() => radios.count()).toBe(3);
    expect(await page.locator('.radio-card__title').allTextContents()).toEqual([
      'CSE-Pro',
      'LET-Elem',
      'LET-Sec',
    ]);

    await page.getByRole('radio', { name: /LET — Secondary/ }).check();
    await page.getByLabel('How did you hear about us?').selectOption('Facebook');
    const submit = page.getByRole('button', { name: 'Continue' });
    await page.getByRole('group', { name: 'What is your major?' }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: 'Mathematics' }).check();
    expect(await submit.isDisabled()).toBe(false);
    await screenshot(page, 'onboarding-major');
    await submit.click();
    await settledPath(page, '/quiz');

    const major = page.getByLabel('Major', { exact: true });
    await expect.poll(() => major.inputValue()).toBe('off.math');
    await page.getByRole('heading', { name: 'Your major' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'quiz-home-major');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/reviewers/let-sec/major') && r.status() === 200,
    );
    await major.selectOption('off.eng');
    await saved;
    await page.reload();
    await expect.poll(() => page.getByLabel('Major', { exact: true }).inputValue()).toBe('off.eng');
  });

  it('a student whose track is no longer offered sees why and switches track in one tap', async () => {
    const first = await fx.phone();
    await signIn(first.page, 'switch.student@example.com');
    await completeOnboarding(first.page, /LET — Elementary/);

    // Reports hold LET Elementary's items: its bank no longer fills a mock.
    const genTopics = db()
      .select({ id: topics.id })
      .from(topics)
      .where(eq(topics.subjectId, 'off.gen'));
    await db()
      .update(questions)
      .set({ heldAt: new Date() })
      .where(inArray(questions.topicId, genTopics));
    try {
      const probe = await signedInUser(fx.server);
      const list = await fx.server.app.inject({
        url: '/api/reviewers',
        headers: { cookie: probe.cookie },
      });
      expect(
        (list.json().reviewers as { shorthand: string; offered: boolean }[]).filter(
          (r) => r.offered,
        ),
      ).toEqual([expect.objectContaining({ shorthand: 'cse-pro' })]);
      // The reviewer list is cached for a few minutes; a later visit (here another phone) reads it
      // afresh.
      const { page } = await fx.phone();
      await signIn(page, 'switch.student@example.com');
      await settledPath(page, '/quiz');
      const title = page.getByRole('heading', { name: 'LET-Elem is not ready yet' });
      await title.waitFor();
      await screenshot(page, 'track-not-ready');
      // No empty quiz: no lite quiz or mock card.
      expect(await page.getByRole('heading', { name: 'Lite quiz' }).count()).toBe(0);

      await page.goto('/study');
      await page.getByRole('heading', { name: 'LET-Elem is not ready yet' }).waitFor();

      // LET Secondary shares the held subject, so only CSE-Pro is offered.
      const choices = page.getByRole('radio');
      await expect.poll(() => choices.count()).toBe(1);
      await page.getByRole('radio', { name: /CSE-Pro/ }).check();
      await page.getByRole('button', { name: 'Switch track' }).click();
      // The launcher of the track switched to, with its modes.
      await page.getByText('Flash cards', { exact: true }).first().waitFor();
      expect(await page.getByRole('heading', { name: 'LET-Elem is not ready yet' }).count()).toBe(
        0,
      );
    } finally {
      await db()
        .update(questions)
        .set({ heldAt: null })
        .where(inArray(questions.topicId, genTopics));
    }
  });
});
