import { manilaDayKey, STREAK_FREEZE, sittingCountdown, sittingCountdownText } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBundledContentForTests } from '../../apps/server/src/modules/content/seed-bundled-content.ts';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import {
  auditLog,
  examSittings,
  reviewerAccess,
  userStreaks,
  users,
} from '../../apps/server/src/platform/db/schema.ts';
import { atBothWidths, screenshot } from './helpers/chromium.ts';
import { type Phone, useBrowserFixture } from './helpers/fixture.ts';
import { keptQuery, queryKept, workerReady } from './helpers/offline.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

/** What quiz home says for a sitting starting on `date`, counted on today's Manila day. */
const daysLeft = (date: string) =>
  sittingCountdownText(sittingCountdown([{ date }], manilaDayKey(new Date())));

// Issue 23 item 1 (the exam date) and item 5 (the streak freeze), as a student and staff use them.
describe('exam sittings and the streak freeze', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;

  beforeAll(async () => {
    // The bundled banks: their blueprints' parts are the ones migration 0019's sittings name.
    await seedBundledContentForTests(db());
  });

  async function signedIn(email: string): Promise<Phone> {
    const phone = await fx.phone();
    await signIn(phone.page, email);
    await phone.page.waitForURL('**/onboarding');
    return phone;
  }

  const userId = async (email: string) =>
    (await db().select().from(users).where(eq(users.email, email)))[0]?.id as string;

  it('picks the exam date at onboarding; quiz home counts the days, changes it, and shows it offline', async () => {
    const email = 'sitting.pick@example.com';
    const { page, context } = await signedIn(email);
    await page.getByRole('radio', { name: /LET — Elementary/ }).check();
    const date = page.getByLabel('When is your exam? (optional)');
    await date.waitFor();
    expect(await date.locator('option').allTextContents()).toEqual([
      'Not decided yet',
      'Mar 21, 2027',
      'Sep 26, 2027',
    ]);
    await date.selectOption({ label: 'Mar 21, 2027' });
    await page.getByLabel('How did you hear about us?').selectOption('Facebook');
    await atBothWidths(page, 'sittings-onboarding');
    await page.getByRole('button', { name: 'Continue' }).click();
    await settledPath(page, '/quiz');

    const card = page.getByRole('region', { name: 'Your exam date' });
    await card.getByText(daysLeft('2027-03-21') as string).waitFor();
    expect(await card.locator('p.muted').textContent()).toBe(
      'Mar 21, 2027: General Education, Professional Education',
    );
    await atBothWidths(page, 'sittings-quiz-home');

    // Changed on quiz home: the new count, and the pick is stored on the student's grant.
    await card.getByLabel('Exam date').selectOption({ label: 'Sep 26, 2027' });
    await card.getByText(daysLeft('2027-09-26') as string).waitFor();
    const [grant] = await db()
      .select({ sitting: examSittings.startsOn, id: examSittings.id })
      .from(reviewerAccess)
      .innerJoin(examSittings, eq(examSittings.id, reviewerAccess.examSittingId))
      .where(eq(reviewerAccess.userId, await userId(email)));
    expect(grant?.sitting).toBe('2027-09-26');

    // Offline, a reload of /quiz still shows the days left from what the phone kept.
    await queryKept(page, ['quiz-home', 'let-elem']);
    await workerReady(page);
    const picked = `"current":{"id":"${grant?.id}"`;
    // The kept quiz home carries the new pick once the snapshot has been written.
    await expect
      .poll(async () => JSON.stringify(await keptQuery(page, ['quiz-home', 'let-elem'])))
      .toContain(picked);
    await context.setOffline(true);
    await page.reload();
    await page
      .getByRole('region', { name: 'Your exam date' })
      .getByText(daysLeft('2027-09-26') as string)
      .waitFor();
    await expect.poll(() => page.locator('[data-banner="offline"]').count()).toBe(1);
    await screenshot(page, 'sittings-quiz-home-offline-390');
    await context.setOffline(false);
  });

  it('skips the exam date at onboarding, then picks it on the account page', async () => {
    const email = 'sitting.skip@example.com';
    const { page } = await signedIn(email);
    await completeOnboarding(page, /LET — Elementary/);
    const card = page.getByRole('region', { name: 'Your exam date' });
    await card
      .getByText('Choose your official exam date to see how many days you have left.')
      .waitFor();
    expect(await card.getByLabel('Exam date').inputValue()).toBe('');

    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Exam date' });
    // Exactly: while the section loads, its skeleton is labelled "Loading your exam date".
    await section.getByLabel('Exam date', { exact: true }).selectOption({ label: 'Mar 21, 2027' });
    await section.getByText(new RegExp(`Mar 21, 2027 · ${daysLeft('2027-03-21')}`)).waitFor();
    await section.scrollIntoViewIfNeeded();
    await atBothWidths(page, 'sittings-account');
  });

  it('staff add, change and remove a sitting in the Content tab, audited', async () => {
    const email = 'sitting.staff@example.com';
    const { page } = await signedIn(email);
    await completeOnboarding(page, /LET — Elementary/);
    const staffId = await userId(email);
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, staffId));
    await touchUser(db(), staffId);
    await page.goto('/admin/content');
    await settledPath(page, '/admin/content');

    const panel = page.getByRole('region', { name: /^Sittings/ });
    await panel.getByText('Nurse Licensure Exam').first().waitFor();
    expect(await panel.locator('.sittings__item').count()).toBe(10);
    expect(await panel.getByText('May 8–9, 2027').count()).toBe(1);

    await panel.getByRole('button', { name: 'Add a sitting' }).click();
    await panel.getByLabel('Exam', { exact: true }).selectOption({ label: 'Nurse Licensure Exam' });
    // A date in the past is refused with the rule's words, and nothing is added.
    await panel.getByLabel('Date (Manila)').fill('2025-05-10');
    await panel.getByRole('button', { name: 'Add sitting' }).click();
    await panel.getByText('Each exam day must be after today (Manila time).').waitFor();
    await panel.getByLabel('Date (Manila)').fill('2027-12-05');
    await panel.locator('.sittings__form').scrollIntoViewIfNeeded();
    await atBothWidths(page, 'sittings-console-form');
    await panel.getByRole('button', { name: 'Add sitting' }).click();
    await panel.getByText('Sitting added.').waitFor();
    await panel.getByText('Dec 5, 2027').first().waitFor();
    expect(await panel.locator('.sittings__item').count()).toBe(11);

    // Changed to two days: Nursing Practice IV and V on the second.
    await panel.getByRole('button', { name: 'Change Nurse Licensure Exam Dec 5, 2027' }).click();
    const form = panel.locator('.sittings__form');
    await form.getByRole('button', { name: 'Add a day' }).click();
    const day1 = form.getByRole('group', { name: 'Day 1' });
    const day2 = form.getByRole('group', { name: 'Day 2' });
    await day1.getByLabel(/Nursing Practice IV/).uncheck();
    await day1.getByLabel(/Nursing Practice V\b/).uncheck();
    await day2.getByLabel('Date (Manila)').fill('2027-12-06');
    await day2.getByLabel(/Nursing Practice IV/).check();
    await day2.getByLabel(/Nursing Practice V\b/).check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await panel.getByText('Sitting changed.').waitFor();
    await panel.getByText('Dec 5–6, 2027').waitFor();
    await panel.getByText('Dec 5–6, 2027').scrollIntoViewIfNeeded();
    await atBothWidths(page, 'sittings-console-list');

    await panel.getByRole('button', { name: 'Remove Nurse Licensure Exam Dec 5–6, 2027' }).click();
    await panel.getByRole('button', { name: 'Remove', exact: true }).click();
    await panel.getByText('Sitting removed.').waitFor();
    expect(await panel.locator('.sittings__item').count()).toBe(10);
    const actions = (
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, staffId)))
    )
      .map((r) => r.action)
      .filter((a) => a.startsWith('content.sittings.'));
    expect(actions).toEqual([
      'content.sittings.add',
      'content.sittings.change',
      'content.sittings.remove',
    ]);
  });

  it('buys a streak freeze with gems on Tasks; a third is not on offer', async () => {
    const email = 'sitting.freeze@example.com';
    const { page } = await signedIn(email);
    await completeOnboarding(page, /LET — Elementary/);
    const id = await userId(email);
    await db()
      .update(users)
      .set({ gemsCollection: { emerald: 2 * STREAK_FREEZE.price + 20 } })
      .where(eq(users.id, id));
    await db()
      .insert(userStreaks)
      .values({ userId: id, current: 4, longest: 4, lastDay: manilaDayKey(new Date()) });
    await page.goto('/tasks');
    const card = page.getByRole('region', { name: 'Streak freeze' });
    await card.getByText('0 of 2 held · 120 gems to spend').waitFor();
    await atBothWidths(page, 'sittings-freeze-before');

    const buy = card.getByRole('button', { name: `Buy for ${STREAK_FREEZE.price} gems` });
    await buy.click();
    await card.getByText('1 of 2 held · 70 gems to spend').waitFor();
    await buy.click();
    await card.getByText('2 of 2 held · 20 gems to spend').waitFor();
    await card.getByText('You hold the most you can keep.').waitFor();
    expect(await buy.isDisabled()).toBe(true);
    await atBothWidths(page, 'sittings-freeze-full');
    const [streak] = await db().select().from(userStreaks).where(eq(userStreaks.userId, id));
    expect(streak?.freezes).toBe(2);
    // The level counts the gems earned; spending does not take it back.
    expect(await page.getByText('Current streak: 4 days').count()).toBe(1);
  });
});
