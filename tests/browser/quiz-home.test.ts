import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { quizAttempts, users, userTopicStats } from '../../apps/server/src/platform/db/schema.ts';
import { DAY } from '../../apps/server/test/helpers/durations.ts';
import {
  type StudyFixture,
  seedStudyContent,
} from '../../apps/server/test/study/study-fixtures.ts';
import { animationsSettled, screenshot } from './helpers/chromium.ts';
import { type Phone, useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

/** A CSE Professional–like blueprint: 50 items then 40 × 3, weighted by items (29/24/24/24 rounded one by one = 101 %). */
const CSE_PARTS = [
  { partId: 'verbal', name: 'Verbal Ability', items: 50, weight: 50 / 170 },
  { partId: 'analytical', name: 'Analytical Ability', items: 40, weight: 40 / 170 },
  { partId: 'numerical', name: 'Numerical Ability', items: 40, weight: 40 / 170 },
  { partId: 'general', name: 'General Information', items: 40, weight: 40 / 170 },
];

/** A finished mock as the quiz module stores it, `daysAgo` days back, rated `rating`. */
function finishedMock(userId: string, daysAgo: number, rating: number, scores: number[]) {
  const parts = CSE_PARTS.map((p, i) => {
    const percentage = scores[i] ?? rating;
    return {
      partId: p.partId,
      name: p.name,
      items: p.items,
      correct: Math.round((percentage / 100) * p.items),
      percentage,
      weight: Number(p.weight.toFixed(6)),
      floor: 50,
      belowFloor: percentage < 50,
    };
  });
  const submittedAt = new Date(Date.now() - daysAgo * DAY);
  return {
    userId,
    reviewerShorthand: 'let-elem',
    kind: 'mock' as const,
    status: 'submitted' as const,
    items: [],
    startedAt: new Date(submittedAt.getTime() - 3 * 3_600_000),
    submittedAt,
    result: {
      correct: parts.reduce((n, p) => n + p.correct, 0),
      total: 170,
      percentage: rating,
      missed: 170 - parts.reduce((n, p) => n + p.correct, 0),
      gemsEarned: 0,
      autoSubmitted: false,
      parts,
      weightedRating: rating,
      passingAverage: 75,
      passed: rating >= 75 && parts.every((p) => !p.belowFloor),
    },
  };
}

async function shots(page: Page, name: string) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await animationsSettled(page);
      await screenshot(page, `${name}-${width}${scheme === 'dark' ? '-dark' : ''}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The sum of the weights a page shows ("weight 29%"). */
const weightsIn = (texts: string[]) => texts.map((t) => Number(/weight (\d+)%/.exec(t)?.[1]));

describe('the quiz home: mock history, part weights, weak topics', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;
  let content: StudyFixture;
  beforeAll(async () => {
    content = await seedStudyContent(db());
  });

  async function student(email: string): Promise<Phone & { userId: string }> {
    const phone = await fx.phone();
    await signIn(phone.page, email);
    await completeOnboarding(phone.page, /LET — Elementary/);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('no user');
    return { ...phone, userId: user.id };
  }

  it("charts the server's finished mocks, the latest by part, and the result page's part weights", async () => {
    const s = await student('history@example.com');
    const rows = await db()
      .insert(quizAttempts)
      .values([
        finishedMock(s.userId, 21, 58, [62, 55, 48, 66]),
        finishedMock(s.userId, 14, 66, [70, 64, 58, 70]),
        finishedMock(s.userId, 7, 71.5, [76, 70, 64, 74]),
        finishedMock(s.userId, 1, 79, [84, 78, 71, 80]),
      ])
      .returning({ id: quizAttempts.id });
    await s.page.reload();
    await settledPath(s.page, '/quiz');

    // The line: four ratings over time against the passing line at 75 %.
    const chart = s.page.getByRole('img', {
      name: 'Mock exam ratings, oldest to newest: 58%, 66%, 71.5%, 79%. Passing average 75%.',
    });
    await chart.waitFor();
    // The latest mock by part, from the server's answer; how the chart, the table and the bars
    // draw it is features/quiz/score-history.test.tsx.
    const parts = s.page.getByRole('list', { name: /Latest mock by part/ });
    expect(await parts.locator('.part-bars__name').allTextContents()).toEqual(
      CSE_PARTS.map((p) => p.name),
    );
    await s.page.getByRole('heading', { name: 'Mock exam history' }).scrollIntoViewIfNeeded();
    await shots(s.page, 'quiz-home-history');
    await parts.scrollIntoViewIfNeeded();
    await shots(s.page, 'quiz-home-history-parts');

    // The mock's own result page rounds its part weights the same way (issue 13 item 2).
    await s.page.goto(`/quiz/let-elem/mock?attempt=${rows[3]?.id}`);
    await s.page.getByRole('heading', { name: 'Your mock exam result' }).waitFor();
    expect(weightsIn(await s.page.locator('.parts__meta').allTextContents())).toEqual([
      29, 24, 24, 23,
    ]);
    await s.page.locator('.parts').scrollIntoViewIfNeeded();
    await shots(s.page, 'quiz-mock-result-weights');
  });

  it('each weak topic opens its lite quiz, flash cards or notes in one tap, and comes back', async () => {
    const s = await student('weak.topics@example.com');
    await db()
      .insert(userTopicStats)
      .values([
        { userId: s.userId, topicId: content.topicLearning, answered: 8, correct: 3 },
        { userId: s.userId, topicId: content.topicAssessment, answered: 6, correct: 4 },
      ]);
    await s.page.reload();
    await settledPath(s.page, '/quiz');
    const weak = s.page.getByRole('region', { name: 'Weakest topics' });
    await weak.getByText('Theories of Learning').waitFor();
    // Every action is a full touch target, also at 360 px.
    await s.page.setViewportSize({ width: 360, height: 800 });
    const sizes = await weak
      .locator('.weak-topic__action')
      .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(44);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await s.page.setViewportSize({ width: 390, height: 844 });
    await weak.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shots(s.page, 'quiz-home-weak-topics');

    // Flash cards of that topic only, and back to the quiz home.
    await weak.getByRole('link', { name: 'Flash cards for Theories of Learning' }).click();
    await s.page.waitForURL(/\/study\/let-elem\/flash\?/);
    await s.page.getByText('Card 1 of 3').waitFor();
    await s.page.getByRole('link', { name: 'Back to Quiz' }).click();
    await settledPath(s.page, '/quiz');
    expect(new URL(s.page.url()).search).toBe('?reviewer=let-elem');

    // Its reading note.
    await s.page
      .getByRole('region', { name: 'Weakest topics' })
      .getByRole('link', { name: 'Read notes on Theories of Learning' })
      .click();
    await s.page.waitForURL(/\/study\/let-elem\/read\?/);
    await s.page.getByRole('heading', { name: 'Theories of Learning', level: 1 }).waitFor();
    await s.page.getByText('0 of 2 notes read').waitFor();
    await s.page.getByRole('link', { name: 'Back to Quiz' }).waitFor();
  });
});
