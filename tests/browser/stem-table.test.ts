import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { atBothWidths } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';
import { seedSmallCrimBank } from './helpers/small-bank.ts';

/** The bank's widest stem table (CSE Professional's seminars), and one no phone could fit. */
const STEM = [
  'The table shows attendance at four seminars run by an agency’s training unit.',
  '',
  '| Seminar | Invited | Attended |',
  '|---|---:|---:|',
  '| Records Management | 80 | 68 |',
  '| Gender and Development | 140 | 98 |',
  '',
  'Attendance by month:',
  '',
  '| Seminar | Jan | Feb | Mar | Apr | May | Jun | Jul | Aug | Sep | Oct |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  '| Gender and Development | 10 | 12 | 8 | 9 | 11 | 10 | 7 | 12 | 9 | 10 |',
  '',
  'Which seminar had the higher attendance rate?',
].join('\n');

/** Per table of the item's stem: whether it scrolls sideways inside its own box. */
const tableOverflows = (page: Page) =>
  page
    .locator('.quiz__card .stem__table-scroll')
    .evaluateAll((boxes) => boxes.map((box) => box.scrollWidth > box.clientWidth));

// ADR 045: a stem's table sits in the item's card at 360 px. The CI of 8fdfd89 drew the seminar
// item into the accessibility walk, and its table widened the whole page to 389 px.
describe('a stem with tables on a narrow phone', () => {
  const fx = useBrowserFixture();
  beforeAll(async () => {
    await seedSmallCrimBank(fx.server.app.database.db, {
      questions: ['law', 'sci'].flatMap((subject) =>
        Array.from({ length: 9 }, (_, i) => ({
          id: `crim-${subject}-${i}`,
          topicId: subject === 'law' ? 'crim-law-rpc' : 'crim-sci-lab',
          stem: STEM,
          choices: ['Gender and Development', 'Records Management', 'Both the same', 'Neither'],
          answerIndex: 1,
          rationale: 'Records Management: 68 ÷ 80 = 85 %; Gender and Development: 98 ÷ 140 = 70 %.',
          distractorNotes: [null, null, null, null],
        })),
      ),
    });
  });

  it('fits a table of the bank in the card, scrolls a wider one in its box, never the page', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'stem.table@example.com');
    await completeOnboarding(page, /Criminology/);
    await settledPath(page, '/quiz');
    await page.getByRole('link', { name: 'Start lite quiz' }).click();
    await page.waitForURL(/\/quiz\/crim\/lite\?attempt=/);
    await page.getByText('Item 1 of 10').waitFor();
    await page.locator('.quiz__card table').nth(1).waitFor();

    // atBothWidths expects no sideways scroll of the page at 360 px.
    await atBothWidths(page, 'quiz-stem-tables');
    // Every block of the stem stands apart from the one above it, a paragraph after a table too.
    const gaps = await page
      .locator('.quiz__card .stem > *')
      .evaluateAll((blocks) =>
        blocks
          .slice(1)
          .map(
            (block, i) =>
              block.getBoundingClientRect().top - (blocks[i]?.getBoundingClientRect().bottom ?? 0),
          ),
      );
    expect(gaps).toHaveLength(4);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(8);
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await tableOverflows(page)).toEqual([false, true]);
    }
  });
});
