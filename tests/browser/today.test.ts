import { addDays, applyRating, manilaDayKey, planMockDays, sittingDatesText } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBundledContentForTests } from '../../apps/server/src/modules/content/seed-bundled-content.ts';
import {
  cardSchedules,
  dailyAwards,
  examSittings,
  flashCards,
  subjects,
  topics,
  users,
} from '../../apps/server/src/platform/db/schema.ts';
import { axeViolations } from './helpers/axe.ts';
import { atBothWidths } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { keptQuery, workerReady } from './helpers/offline.ts';
import { settledPath, signIn } from './helpers/session.ts';

// Issue 23 item 5: a student with an exam date finds today's plan on quiz home — the For-you set
// with the items to answer, the flash cards due, the full mock the plan owes — each done or not
// as the server counted it; offline from the kept quiz home too.
describe('the Today list on quiz home', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;
  const today = manilaDayKey(new Date());
  // 40 days out: the plan's first mock day (12 weeks before) has passed, so a mock is owed.
  const examDay = addDays(today, 40);
  const owedSince = planMockDays(examDay)
    .filter((d) => d <= today)
    .at(-1) as string;
  beforeAll(async () => {
    await seedBundledContentForTests(db());
    await db()
      .insert(examSittings)
      .values({
        reviewerShorthand: 'let-elem',
        startsOn: examDay,
        days: [{ date: examDay, partIds: ['let-elem.mock.gened', 'let-elem.mock.profed'] }],
      });
  });

  it('shows the plan’s rows, done as the server counts them, links to each, and offline too', async () => {
    const email = 'today.student@example.com';
    const { page, context } = await fx.phone();
    await signIn(page, email);
    await page.waitForURL('**/onboarding');
    await page.getByRole('radio', { name: /LET — Elementary/ }).check();
    await page
      .getByLabel('When is your exam? (optional)')
      .selectOption({ label: sittingDatesText([{ date: examDay }]) });
    await page.getByLabel('How did you hear about us?').selectOption('Facebook');
    await page.getByRole('button', { name: 'Continue' }).click();
    await settledPath(page, '/quiz');
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const userId = user?.id as string;

    // Three cards the student met yesterday, due again now.
    const cards = await db()
      .select({ id: flashCards.id })
      .from(flashCards)
      .innerJoin(topics, eq(topics.id, flashCards.topicId))
      .innerJoin(subjects, eq(subjects.id, topics.subjectId))
      .where(eq(subjects.reviewerShorthand, 'let-elem'))
      .limit(3);
    const yesterday = new Date(Date.now() - 86_400_000);
    for (const card of cards) {
      const next = applyRating(null, 'good', `seed-${card.id}`, yesterday);
      await db().insert(cardSchedules).values({
        userId,
        cardId: card.id,
        state: next.state,
        due: next.due,
        reps: next.reps,
        lastReviewedAt: yesterday,
      });
    }
    await page.reload();

    const list = page.getByRole('region', { name: 'Today' });
    await list.waitFor();
    const row = (testId: string) => list.getByTestId(testId);
    expect(await row('today-items').textContent()).toBe(
      'For-you practice0 of 20 itemsNot done yet',
    );
    expect(await row('today-cards').textContent()).toBe('Flash cards3 cards dueNot done yet');
    expect(await row('today-mock').textContent()).toBe(
      `Full mock exam${
        owedSince === today
          ? 'Your plan’s full mock is today'
          : `Your plan’s full mock, due since ${sittingDatesText([{ date: owedSince }])}`
      }Not done yet`,
    );
    expect(await list.getByRole('link', { name: 'For-you practice' }).getAttribute('href')).toBe(
      '/quiz/let-elem/lite?for=you',
    );
    // The readiness card agrees: the owed mock is today's.
    expect(
      await page
        .getByRole('region', { name: 'Would you pass?' })
        .getByTestId('daily-target')
        .textContent(),
    ).toMatch(/· Next full mock: today$/);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'today-list');

    // The flash cards row opens the flash cards, which come back to quiz home.
    await list.getByRole('link', { name: 'Flash cards' }).click();
    await settledPath(page, '/study/let-elem/flash');
    expect(new URL(page.url()).search).toBe('?back=quiz');

    // The day's answers as the server counted them (two lite sets' worth): the items row is done.
    await db().insert(dailyAwards).values({ userId, day: today, answers: 24, askedAnswers: 24 });
    await page.getByRole('link', { name: 'Back to Quiz' }).click();
    await settledPath(page, '/quiz');
    await list.waitFor();
    await expect
      .poll(() => row('today-items').textContent())
      .toBe('For-you practice20 of 20 itemsDone');
    expect(
      await list.getByRole('progressbar', { name: 'Items answered today' }).getAttribute('value'),
    ).toBe('20');
    await atBothWidths(page, 'today-progress');

    // Offline, the list comes from the kept quiz home, once the phone has kept the day's count
    // (the snapshot it kept before the count may still be the one on the device).
    const keptItemsDone = async () =>
      (
        (await keptQuery(page, ['quiz-home', 'let-elem'])) as {
          today?: { items: { done: boolean } } | null;
        } | null
      )?.today?.items.done;
    await expect.poll(keptItemsDone, { timeout: 15_000 }).toBe(true);
    await workerReady(page);
    await context.setOffline(true);
    await page.goto('/quiz').catch(() => undefined);
    await list.waitFor();
    expect(await row('today-items').textContent()).toBe('For-you practice20 of 20 itemsDone');
    await context.setOffline(false);
  });
});
