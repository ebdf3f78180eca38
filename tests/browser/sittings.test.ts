import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBundledContentForTests } from '../../apps/server/src/modules/content/seed-bundled-content.ts';
import { questions, quizAnswers, quizAttempts } from '../../apps/server/src/platform/db/schema.ts';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { keptAnswers, workerReady } from './helpers/offline.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

/**
 * Issue 12 item 4: a full LET Elementary mock (the bundled bank and blueprint: General Education
 * 150 items in 150 minutes, then Professional Education 150 items in 180 minutes) taken in two
 * sittings on a phone, with the break between them the student's.
 */
describe('LET Elementary mock in two sittings', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;

  beforeAll(async () => {
    await seedBundledContentForTests(db());
  });

  const stemOf = async (page: Page) =>
    (await page.locator('.question__stem').first().textContent())?.trim() ?? '';
  const choices = (page: Page) => page.locator('.quiz__card .choice');
  async function keyFor(stem: string): Promise<number> {
    const [row] = await db().select().from(questions).where(eq(questions.stem, stem));
    if (!row) throw new Error(`no question ${stem}`);
    return row.answerIndex;
  }
  /** The clock's seconds ("2:29:58" or "4:05"). */
  const clockSeconds = async (page: Page) => {
    const text = (await page.getByTestId('clock').textContent()) ?? '';
    return text.split(':').reduce((sum, n) => sum * 60 + Number(n), 0);
  };
  /** Answers the item on screen: right, or wrong (the choice after the key). */
  async function answer(page: Page, right: boolean) {
    const key = await keyFor(await stemOf(page));
    const count = await choices(page).count();
    await choices(page)
      .nth(right ? key : (key + 1) % count)
      .click();
  }

  it('part 1 on its clock, finish, the break screen, part 2 on its own clock, then the result', async () => {
    const { page, context } = await fx.phone();
    await signIn(page, 'let.sittings@example.com');
    await completeOnboarding(page, /LET — Elementary/);
    await settledPath(page, '/quiz');
    await page.getByText(/300 items in 2 parts, each on its own clock/).waitFor();
    await page.locator('#mock-title').scrollIntoViewIfNeeded();
    await screenshot(page, 'sittings-quiz-home');

    await page.getByRole('link', { name: 'Start mock exam' }).click();
    await page.waitForURL(/\/quiz\/let-elem\/mock\?attempt=/);
    const attemptId = new URL(page.url()).searchParams.get('attempt') ?? '';
    await page.getByText('Item 1 of 150').waitFor();
    expect(await page.getByTestId('sitting-label').textContent()).toBe(
      'Part 1 of 2 — General Education',
    );
    // Part 1's own clock: 150 minutes, not the 330 of both parts.
    const start = await clockSeconds(page);
    expect(start).toBeGreaterThan(149 * 60);
    expect(start).toBeLessThanOrEqual(150 * 60);

    // The app installed on the phone (as on a returning student's), so a reload paints from what
    // the phone kept wherever that is allowed; going offline mid-install would fail the install.
    await workerReady(page);
    // Three items: right, wrong, and one right while offline (kept on the device, sent when back).
    await answer(page, true);
    await page.getByText('All answers saved').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Item 2 of 150').waitFor();
    await answer(page, false);
    await page.getByText('All answers saved').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Item 3 of 150').waitFor();
    await context.setOffline(true);
    await answer(page, true);
    await page.getByText('Offline: 1 will send when online').waitFor();
    await screenshot(page, 'sittings-part1-offline');
    await context.setOffline(false);
    await page.getByText('All answers saved').waitFor();
    const saved = () => db().select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
    expect(await saved()).toHaveLength(3);

    // A reload: still part 1, the clock still running, the answers kept. On a fast machine the
    // steps above take under a second: wait for the clock to tick, so "still running" can show.
    await expect.poll(() => clockSeconds(page), { timeout: 5_000 }).toBeLessThan(start);
    // Online, an exam under way is read from the server, never painted from the phone's kept copy
    // (which may miss answers or hold an old clock): with the kept copy there and the server's
    // answer held back, the reload shows the loading state, then the server's three answers.
    await expect.poll(() => keptAnswers(page, attemptId), { timeout: 10_000 }).toBe(3);
    let releaseAttempt = () => {};
    const attemptHeld = new Promise<void>((resolve) => {
      releaseAttempt = resolve;
    });
    await page.route(`**/attempts/${attemptId}`, async (route) => {
      if (route.request().method() === 'GET') await attemptHeld;
      await route.continue();
    });
    await page.reload();
    await page.getByText('Loading your quiz…').waitFor();
    expect(await page.getByText('Item 1 of 150').count()).toBe(0);
    releaseAttempt();
    await page.getByText('Item 1 of 150').waitFor();
    await page.unroute(`**/attempts/${attemptId}`);
    expect(await page.locator('.quiz__progress-text').textContent()).toBe('3/150');
    expect(await clockSeconds(page)).toBeLessThan(start);
    await screenshot(page, 'sittings-part1');

    // Finish part 1 (147 unanswered: the dialog says so, and that part 2 waits for the student).
    await page.getByRole('button', { name: 'Finish Part 1' }).last().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Finish Part 1?' }).waitFor();
    await dialog.getByText(/147 items are not answered/).waitFor();
    await dialog.getByText(/Part 2 starts when you are ready/).waitFor();
    await screenshot(page, 'sittings-finish-dialog');
    await dialog.getByRole('button', { name: 'Finish Part 1' }).click();

    // The break: what is done, what is next, and that the next clock waits for the student.
    await page
      .getByRole('heading', { name: 'Part 1 of 2 — General Education — finished' })
      .waitFor();
    await page.getByText('You answered 3 of 150 items. Your answers are saved.').waitFor();
    await page.getByRole('heading', { name: 'Part 2 — Professional Education' }).waitFor();
    await page.getByText('150 items', { exact: true }).waitFor();
    await page.getByText('3 h', { exact: true }).waitFor();
    await page.getByText(/Take your break: it is yours\. The 180-minute clock of Part 2/).waitFor();
    expect(await page.getByTestId('clock').count()).toBe(0);
    await screenshot(page, 'sittings-break');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'sittings-break-360');
    await page.setViewportSize({ width: 390, height: 844 });

    // The break survives a reload, and part 2 has not started by itself.
    await page.reload();
    await page.getByRole('button', { name: 'Start Part 2' }).waitFor();
    const [onBreak] = await db().select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    expect(onBreak?.deadlineAt).toBeNull();
    expect(onBreak?.sittings?.[1]?.startedAt).toBeNull();

    // The quiz home says the mock waits on a break.
    await page.goto('/quiz');
    await page.getByText(/On a break between parts · 3 of 300 answered/).waitFor();
    await page.getByRole('link', { name: 'Resume mock exam' }).first().click();
    await page.waitForURL(/\/quiz\/let-elem\/mock\?attempt=/);
    await page.getByRole('button', { name: 'Start Part 2' }).click();

    // Part 2 on its own 180-minute clock, only its items.
    await page.getByText('Item 1 of 150').waitFor();
    expect(await page.getByTestId('sitting-label').textContent()).toBe(
      'Part 2 of 2 — Professional Education',
    );
    const start2 = await clockSeconds(page);
    expect(start2).toBeGreaterThan(179 * 60);
    expect(start2).toBeLessThanOrEqual(180 * 60);
    expect(await page.locator('.quiz__progress-text').textContent()).toBe('0/150');
    await answer(page, true);
    await page.getByText('All answers saved').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Item 2 of 150').waitFor();
    await answer(page, true);
    await page.getByText('All answers saved').waitFor();
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'sittings-part2-360');
    await page.setViewportSize({ width: 390, height: 844 });

    // The last part's finish is the exam's submission: the result, both parts rated.
    await page.getByRole('button', { name: 'Submit exam' }).last().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Your mock exam result' }).waitFor();
    expect(await page.getByTestId('verdict').textContent()).toBe('NOT PASSED');
    await page.getByText('General Education').first().waitFor();
    await page.getByText('Professional Education').first().waitFor();
    await screenshot(page, 'sittings-result');
    const [row] = await db().select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    expect(row?.status).toBe('submitted');
    expect(row?.result).toMatchObject({ correct: 4, total: 300, autoSubmitted: false });
    expect(row?.sittings?.every((s) => s.submittedAt !== null)).toBe(true);
  });

  /** Brings the running sitting's deadline to `ms` from now, as if its minutes had nearly run. */
  async function nearlyOver(attemptId: string, ms: number) {
    const [row] = await db().select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    const deadline = new Date(Date.now() + ms);
    const sittings = (row?.sittings ?? []).map((s) =>
      s.startedAt && !s.submittedAt ? { ...s, deadlineAt: deadline.toISOString() } : s,
    );
    await db()
      .update(quizAttempts)
      .set({ deadlineAt: deadline, sittings })
      .where(eq(quizAttempts.id, attemptId));
    return deadline;
  }

  it('at time up each part is submitted by itself: part 1 leads to the break, part 2 to the result', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'let.timeup@example.com');
    await completeOnboarding(page, /LET — Elementary/);
    await settledPath(page, '/quiz');
    await page.getByRole('link', { name: 'Start mock exam' }).click();
    await page.waitForURL(/\/quiz\/let-elem\/mock\?attempt=/);
    const attemptId = new URL(page.url()).searchParams.get('attempt') ?? '';
    await page.getByText('Item 1 of 150').waitFor();
    await answer(page, true);
    await page.getByText('All answers saved').waitFor();

    const deadline1 = await nearlyOver(attemptId, 4_000);
    await page.reload();
    await page.getByText('Item 1 of 150').waitFor();
    expect(await clockSeconds(page)).toBeLessThanOrEqual(4);
    await page
      .getByRole('heading', { name: 'Part 1 of 2 — General Education — finished' })
      .waitFor({ timeout: 15_000 });
    await page.getByText('Its time ran out. You answered 1 of 150 items.').waitFor();
    const [onBreak] = await db().select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    expect(onBreak?.status).toBe('in_progress');
    expect(onBreak?.sittings?.[0]?.submittedAt).toBe(deadline1.toISOString());
    expect(onBreak?.sittings?.[1]?.startedAt).toBeNull();
    await screenshot(page, 'sittings-break-time-up');

    await page.getByRole('button', { name: 'Start Part 2' }).click();
    await page.getByText('Item 1 of 150').waitFor();
    await answer(page, true);
    await page.getByText('All answers saved').waitFor();
    await nearlyOver(attemptId, 4_000);
    await page.reload();
    await page.getByText('Item 1 of 150').waitFor();
    await page.getByRole('heading', { name: 'Your mock exam result' }).waitFor({ timeout: 15_000 });
    await page.getByText('Time ran out, so we submitted your answers.').waitFor();
    const [row] = await db().select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    expect(row?.result).toMatchObject({ correct: 2, total: 300, autoSubmitted: true });
  });
});
