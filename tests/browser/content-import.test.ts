import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importContentFile } from '../../apps/server/src/modules/content/import-content-file.ts';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import { itemReports, questions, users } from '../../apps/server/src/platform/db/schema.ts';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

type Bank = {
  questions: { answerIndex: number }[];
  flashCards: { topicId: string }[];
};

function nth<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index} in the fixture`);
  return item;
}

const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../apps/server/test/content/fixtures/small.json',
);

describe('staff content import and reported items', () => {
  const fx = useBrowserFixture();

  /** A staff member on /admin/content (role granted the way the CLI does, in the database). */
  async function staffPhone(email: string) {
    const phone = await fx.phone();
    await signIn(phone.page, email);
    await completeOnboarding(phone.page);
    const [staff] = await fx.server.app.database.db
      .update(users)
      .set({ role: 'admin' })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    await touchUser(fx.server.app.database.db, staff?.id ?? '');
    await phone.page.goto('/admin/content');
    await settledPath(phone.page, '/admin/content');
    return phone;
  }

  const fixtureQuestions = () =>
    fx.server.app.database.db
      .select({ id: questions.id })
      .from(questions)
      .where(inArray(questions.id, ['fx-q1', 'fx-q2', 'fx-q3']));

  it('shows a bad file’s line-numbered errors and imports nothing; a good file after a dry run', async () => {
    const { page } = await staffPhone('content.staff@example.com');
    const good = readFileSync(FIXTURE, 'utf8');
    const variant = (edit: (raw: Bank) => void) => {
      const raw = JSON.parse(good) as Bank;
      edit(raw);
      return JSON.stringify(raw, null, 2);
    };
    const lineOf = (text: string, needle: string) =>
      text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    const bad = variant((raw) => {
      nth(raw.questions, 0).answerIndex = 4;
      nth(raw.flashCards, 1).topicId = 'fx-nowhere';
    });
    const answerLine = lineOf(bad, '"answerIndex": 4');

    // A file of another kind is refused on the page: features/admin/content/import-panel.test.tsx.
    const picker = page.getByLabel('Content file (.json or .csv)');
    await picker.setInputFiles({
      name: 'bank.json',
      mimeType: 'application/json',
      buffer: Buffer.from(bad),
    });
    const alert = page.locator('.content-admin__errors');
    await expect
      .poll(() => alert.textContent())
      .toContain('1 problem in the file. Nothing was imported.');
    expect(await alert.locator('li').allTextContents()).toEqual([
      `line ${answerLine}: questions[0].answerIndex: answerIndex must point at one of the choices.`,
    ]);
    expect(await page.getByRole('button', { name: /^Import / }).count()).toBe(0);
    await alert.scrollIntoViewIfNeeded();
    await screenshot(page, 'content-import-errors');

    // With the schema problem fixed, the database check names the unknown topic on its line.
    const onlyTopic = variant((raw) => {
      nth(raw.flashCards, 1).topicId = 'fx-nowhere';
    });
    await picker.setInputFiles({
      name: 'bank.json',
      mimeType: 'application/json',
      buffer: Buffer.from(onlyTopic),
    });
    const topicLine = lineOf(onlyTopic, 'fx-nowhere');
    await expect
      .poll(() => alert.locator('li').allTextContents())
      .toEqual([
        `line ${topicLine}: flashCards[1].topicId: Unknown topic fx-nowhere: it is not in this file or the database.`,
      ]);
    expect(await fixtureQuestions()).toEqual([]);

    await picker.setInputFiles({
      name: 'small.json',
      mimeType: 'application/json',
      buffer: Buffer.from(good),
    });
    await expect.poll(() => page.getByText('Dry run passed for').isVisible()).toBe(true);
    const table = page.getByRole('table', { name: 'Importing this file would change' });
    expect(await table.getByRole('row', { name: /Questions/ }).textContent()).toBe('Questions300');
    expect(await fixtureQuestions()).toEqual([]); // a dry run writes nothing
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'content-import-dry-run');

    await page.getByRole('button', { name: 'Import small.json' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Imported small.json for' }).count())
      .toBe(1);
    expect((await fixtureQuestions()).length).toBe(3);
    await screenshot(page, 'content-import-done');
  });

  it('works the reported-items queue: clear one, edit and fix another', async () => {
    const db = fx.server.app.database.db;
    // The item and a student's reports, arranged directly (filing reports is the quiz's screen).
    await importContentFile(db, { fileName: 'small.json', text: readFileSync(FIXTURE, 'utf8') });
    const [reporter] = await db
      .insert(users)
      .values({ email: 'reporting.student@example.com' })
      .returning();
    if (!reporter) throw new Error('no student');
    await db
      .update(questions)
      .set({ heldAt: new Date() })
      .where(inArray(questions.id, ['fx-q1', 'fx-q2']));
    for (const [questionId, reason] of [
      ['fx-q1', 'Swift is not a synonym.'],
      ['fx-q2', 'The rationale is unclear.'],
    ] as const)
      await db.insert(itemReports).values({ questionId, userId: reporter.id, reason });

    const { page } = await staffPhone('queue.staff@example.com');
    const first = page.getByRole('article', { name: 'fx-q1' });
    await expect.poll(() => first.isVisible()).toBe(true);
    expect(await first.textContent()).toContain('“Swift is not a synonym.”');
    expect(await first.locator('[data-key]').textContent()).toBe('BSwiftKey');
    await page.getByRole('heading', { name: 'Reported items (2)' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'content-reports-queue');
    await page.emulateMedia({ colorScheme: 'dark' });
    await first.getByRole('button', { name: 'Edit item' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'content-reports-actions-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // At 360 px nothing in the section is wider than the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    expect(
      await page.evaluate(() => {
        const section = document.querySelector('.content-admin');
        return section ? section.scrollWidth <= section.clientWidth : false;
      }),
    ).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });

    await first.getByRole('button', { name: 'Clear report' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Report cleared; fx-q1 is back in mocks.');
    await expect.poll(() => first.count()).toBe(0);

    const second = page.getByRole('article', { name: 'fx-q2' });
    await second.getByRole('button', { name: 'Edit item' }).click();
    await second.getByLabel('Rationale').fill('Write 1/2 as 2/4; then 2/4 + 1/4 = 3/4.');
    await second.getByLabel('Rationale').scrollIntoViewIfNeeded();
    await screenshot(page, 'content-reports-fix');
    await second.getByRole('button', { name: 'Save and mark fixed' }).click();
    await expect.poll(() => page.getByText('No reported items.').isVisible()).toBe(true);
    const [fixed] = await db.select().from(questions).where(eq(questions.id, 'fx-q2'));
    expect(fixed).toMatchObject({
      rationale: 'Write 1/2 as 2/4; then 2/4 + 1/4 = 3/4.',
      heldAt: null,
    });
    await screenshot(page, 'content-reports-empty');
  });

  // Issue 21 finding 2: the threshold that holds an item for everyone, and a spree cleared at once.
  it('sets the hold threshold and clears one student’s spree of reports in one action', async () => {
    const db = fx.server.app.database.db;
    await importContentFile(db, { fileName: 'small.json', text: readFileSync(FIXTURE, 'utf8') });
    const [spree] = await db
      .insert(users)
      .values({ email: 'spree.student@example.com' })
      .returning();
    if (!spree) throw new Error('no student');
    for (const questionId of ['fx-q1', 'fx-q2', 'fx-q3'])
      await db.insert(itemReports).values({ questionId, userId: spree.id, reason: 'Wrong!' });

    const { page } = await staffPhone('spree.staff@example.com');
    const threshold = page.getByLabel(
      'Hold an item for everyone once this many students report it',
    );
    await expect.poll(() => threshold.inputValue()).toBe('3');
    await threshold.fill('2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Items are now held for everyone once 2 students report them.');
    const card = page.getByRole('article', { name: 'fx-q1' });
    await card
      .getByRole('button', { name: 'Clear all 3 by this student' })
      .scrollIntoViewIfNeeded();
    await screenshot(page, 'content-reports-spree');
    await card.getByRole('button', { name: 'Clear all 3 by this student' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('3 reports by spree.student@example.com cleared; 3 items are back in every quiz.');
    await expect.poll(() => page.getByText('No reported items.').isVisible()).toBe(true);
    const open = await db.select().from(itemReports).where(eq(itemReports.status, 'open'));
    expect(open).toEqual([]);
  });
});
