import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import { users } from '../../apps/server/src/platform/db/schema.ts';
import {
  addSyntheticClass,
  seedSyntheticItems,
} from '../../apps/server/test/quiz/item-analysis-fixture.ts';
import { axeViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

describe('staff item analysis (issue 12 item 6)', () => {
  const fx = useBrowserFixture();

  it('runs the analysis, shows the sortable figures on a phone and the flags in the queue', async () => {
    const email = 'analysis.staff@example.com';
    const phone = await fx.phone();
    const { page } = phone;
    await signIn(page, email);
    await completeOnboarding(page);
    const db = fx.server.app.database.db;
    const [staff] = await db
      .update(users)
      .set({ role: 'admin' })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    if (!staff) throw new Error('no staff user');
    await touchUser(db, staff.id);
    await seedSyntheticItems(db);
    await addSyntheticClass(db, staff.id, new Date(Date.now() - 60 * 60 * 1000));

    await page.goto('/admin/content');
    await settledPath(page, '/admin/content');
    const section = page.getByRole('region', { name: /^Item analysis/ });
    // Reading the page computes nothing: no figures until the job runs.
    await expect.poll(() => section.getByText('No figures yet.').isVisible()).toBe(true);

    await section.getByRole('button', { name: 'Run now' }).click();
    await expect
      .poll(() => section.getByRole('status').textContent())
      .toBe('Computed 14 items: 2 flagged, 2 new in the reported-items queue.');
    const rows = section.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(14);
    // Flagged first: the distractor that outdraws the key, then the item that does not discriminate.
    const first = rows.nth(0);
    expect(await first.getByRole('rowheader').textContent()).toContain('ia-distractor');
    expect(await first.textContent()).toContain('Distractor beats key');
    expect(await first.locator('[data-key]').textContent()).toBe('C37 %Keytop 38 % · bottom 13 %');
    expect(await rows.nth(1).textContent()).toContain('Low discrimination');
    await section.getByRole('heading', { name: 'Item analysis (14)' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'item-analysis-390');
    await first.scrollIntoViewIfNeeded();
    await screenshot(page, 'item-analysis-cards-390');
    expect(await axeViolations(page, '.item-analysis')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(page, '.item-analysis')).toEqual([]);
    await screenshot(page, 'item-analysis-cards-390-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The queue above lists both flags, raised by item analysis rather than a student.
    const queued = page.getByRole('article', { name: 'ia-distractor' });
    await expect.poll(() => queued.isVisible()).toBe(true);
    expect(await queued.textContent()).toContain('Item analysis ·');
    await queued.scrollIntoViewIfNeeded();
    await screenshot(page, 'item-analysis-queue-390');

    // Sorting: the select and the column headers say the same thing.
    await section.getByLabel('Sort by').selectOption({ label: 'Fewest responses' });
    await expect.poll(() => rows.nth(0).getByRole('rowheader').textContent()).toContain('ia-few');
    // Below 30 responses, discrimination is not shown.
    expect(await rows.nth(0).locator('td[data-label="Discrimination"]').textContent()).toBe(
      '—Not shown below 30 responses',
    );

    // At 360 px nothing in the section is wider than the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    expect(
      await page.evaluate(() => {
        const el = document.querySelector('.item-analysis');
        return el ? el.scrollWidth <= el.clientWidth : false;
      }),
    ).toBe(true);
    await section.getByRole('heading', { name: 'Item analysis (14)' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'item-analysis-360');
    await rows.nth(0).scrollIntoViewIfNeeded();
    await screenshot(page, 'item-analysis-cards-360');

    // A wide screen: a table with sortable headers.
    await page.setViewportSize({ width: 1280, height: 900 });
    const correct = section.getByRole('columnheader', { name: 'Correct' });
    await correct.getByRole('button').click();
    await expect.poll(() => correct.getAttribute('aria-sort')).toBe('ascending');
    expect(await section.getByLabel('Sort by').inputValue()).toBe('1');
    await expect
      .poll(() => rows.nth(0).getByRole('rowheader').textContent())
      .toContain('ia-filler-5');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'item-analysis-1280');
  });
});
