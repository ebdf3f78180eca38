import { emptyStudentModel, recordAnswer, type StudentModel, seedDifficulty } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBundledContentForTests } from '../../apps/server/src/modules/content/seed-bundled-content.ts';
import { readinessModels, users } from '../../apps/server/src/platform/db/schema.ts';
import { axeViolations } from './helpers/axe.ts';
import { atBothWidths } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { queryKept, workerReady } from './helpers/offline.ts';
import { settledPath, signIn } from './helpers/session.ts';

const GENED = 'let-elem.mock.gened';
const PROFED = 'let-elem.mock.profed';

/** A model of `n` answers in each LET Elementary part, right at `rate`, over the last days. */
function practised(n: number, rate: number): StudentModel {
  let model = emptyStudentModel();
  const now = Date.now();
  for (let i = 0; i < n; i += 1) {
    for (const partId of [GENED, PROFED]) {
      model = recordAnswer(
        model,
        {
          partId,
          topicId: partId,
          correct: (i * 37) % 100 < rate * 100,
          at: new Date(now - (n - i) * 1_800_000),
        },
        { difficulty: seedDifficulty(2), guess: 0.25 },
      ).model;
    }
  }
  return model;
}

// Issue 23 items 3 and 5: a new student who picks a sitting sees days left and a plan, and after
// enough answers a pass chance; the explanation page in plain words; both offline too.
describe('readiness on quiz home', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;
  beforeAll(async () => {
    await seedBundledContentForTests(db());
  });

  it('tells a new student what to do and plans to their exam date; then predicts a pass; offline too', async () => {
    const email = 'readiness.student@example.com';
    const { page, context } = await fx.phone();
    await signIn(page, email);
    await page.waitForURL('**/onboarding');
    await page.getByRole('radio', { name: /LET — Elementary/ }).check();
    await page.getByLabel('When is your exam? (optional)').selectOption({ label: 'Mar 21, 2027' });
    await page.getByLabel('How did you hear about us?').selectOption('Facebook');
    await page.getByRole('button', { name: 'Continue' }).click();
    await settledPath(page, '/quiz');

    const card = page.getByRole('region', { name: 'Would you pass?' });
    await card.waitFor();
    expect(await card.getByTestId('readiness-action').textContent()).toBe('Take a full mock');
    expect(await card.getByTestId('daily-target').textContent()).toMatch(
      /^Today: \d+ items, about \d+ min · Next full mock: (today|\w{3} \d+, \d{4})$/,
    );
    await card.scrollIntoViewIfNeeded();
    await atBothWidths(page, 'readiness-new');

    // After enough answers (as a season of lite sets would leave the model), a pass chance.
    const [user] = await db().select().from(users).where(eq(users.email, email));
    await db()
      .insert(readinessModels)
      .values({ userId: user?.id as string, reviewer: 'let-elem', model: practised(60, 0.85) });
    await page.reload();
    await card.getByTestId('pass-today').waitFor();
    expect(await card.getByTestId('pass-today').textContent()).toMatch(
      /^(\d+%|over 99%|under 1%)$/,
    );
    expect(await card.getByTestId('pass-exam-day').textContent()).toMatch(/%$/);
    await card.scrollIntoViewIfNeeded();
    await atBothWidths(page, 'readiness-card');

    await card.getByRole('link', { name: 'How this works' }).click();
    await settledPath(page, '/quiz/readiness');
    await page.getByRole('heading', { name: 'Would you pass?', level: 1 }).waitFor();
    const table = page.getByRole('table');
    expect(await table.getByRole('rowheader').allTextContents()).toEqual([
      expect.stringContaining('General Education'),
      expect.stringContaining('Professional Education'),
      'Weighted average',
    ]);
    await page.getByRole('heading', { name: 'Your plan' }).waitFor();
    expect(await page.getByRole('list').last().getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'readiness-page');

    // Offline, the card and the page come from the kept quiz home.
    await queryKept(page, ['quiz-home', 'let-elem']);
    await workerReady(page);
    await context.setOffline(true);
    await page.goto('/quiz/readiness').catch(() => undefined);
    await page.getByRole('table').waitFor();
    await page.goto('/quiz').catch(() => undefined);
    await card.getByTestId('pass-today').waitFor();
    await context.setOffline(false);
  });
});
