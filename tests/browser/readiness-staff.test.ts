import { emptyStudentModel, manilaDayKey } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import { readinessModels, users } from '../../apps/server/src/platform/db/schema.ts';
import { createOnboardedStudent } from '../../apps/server/test/helpers/factories.ts';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

// Issue 23 item 8: staff see readiness in aggregate only — per offered track, the students likely
// to pass at their next sitting, and nothing for a track with fewer than five — on a phone.
describe('readiness by track in the staff dashboard', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;

  /**
   * Students holding `track` whose stored chances (as the hourly job keeps them) are `chances`.
   * Only students who hold the track count toward it (aab82a3).
   */
  async function chances(track: string, values: number[]) {
    const examDay = manilaDayKey(new Date(Date.now() + 40 * 86_400_000));
    for (const chance of values) {
      const student = await createOnboardedStudent(fx.server, { reviewer: track });
      await db().insert(readinessModels).values({
        userId: student.userId,
        reviewer: track,
        model: emptyStudentModel(),
        passChance: chance,
        passChanceExamDay: examDay,
        passChanceAt: new Date(),
      });
    }
  }

  it.each([390, 360])('at %i px', async (width) => {
    await db().delete(readinessModels);
    await chances('let-elem', [0.9, 0.8, 0.55, 0.4, 0.1, 0.7]);
    await chances('cse-pro', [0.9, 0.2]);
    const staff = await fx.phone();
    await signIn(staff.page, `staff.readiness.${width}@example.com`);
    await completeOnboarding(staff.page);
    const me = await staff.page.evaluate(async () => (await fetch('/api/me')).json());
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, me.id));
    await touchUser(db(), me.id);
    await staff.page.setViewportSize({ width, height: 844 });
    await staff.page.goto('/admin/dashboard');
    await settledPath(staff.page, '/admin/dashboard');

    const card = staff.page.locator('.dashboard-readiness');
    await card.getByRole('heading', { name: 'Likely to pass at their next sitting' }).waitFor();
    const facts = (track: string) =>
      card.getByRole('listitem', { name: track }).locator('dd').allTextContents();
    // 6 students: 4 at 50 % or more; the mean chance 57.5 %.
    await expect
      .poll(async () => (await facts('LET — Elementary')).slice(1))
      .toEqual(['6', '4 (66.7 %)', '57.5 %']);
    // 2 students: no figure that could point at one of them.
    expect((await facts('Civil Service Exam — Professional')).slice(1)).toEqual(['Fewer than 5']);
    expect(await staff.page.getByText(/Computed hourly; last/).count()).toBe(1);
    expect(await staff.page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await card.scrollIntoViewIfNeeded();
    await screenshot(staff.page, `readiness-staff-${width}`);
    await staff.page.screenshot({ path: `/tmp/readiness-staff-${width}.png`, fullPage: true });
  });
});
