import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBundledContentForTests } from '../../apps/server/src/modules/content/seed-bundled-content.ts';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import {
  quizAttempts,
  subjects,
  subscriptions,
  topics,
  users,
  userTopicStats,
} from '../../apps/server/src/platform/db/schema.ts';
import { axeViolations } from './helpers/axe.ts';
import { animationsSettled, screenshot } from './helpers/chromium.ts';
import { type Phone, useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

// docs/product.md#quality-bars: "Every screen works at 360 px wide, by keyboard, and with a screen reader's labels."
// axe-core's WCAG 2.1 A/AA rules (and best practices) on every main screen at 390×844, the same screen at 360 px must
// not scroll sideways, and a keyboard walk of the main flow.

/** Every finding of every screen, so one run reports them all instead of stopping at the first. */
type Findings = Record<string, string[]>;

/** Lets the route's lazy chunk, its data and the colour transitions settle before measuring. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect
    .poll(() => page.locator('[aria-busy="true"], .spinner, .skeleton').count(), {
      timeout: 10_000,
    })
    .toBe(0);
  await animationsSettled(page);
}

/** Sideways scroll at the narrowest phone we support. */
async function widthAt360(page: Page, name?: string): Promise<number> {
  await page.setViewportSize({ width: 360, height: 780 });
  await animationsSettled(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (name && SHOTS[name]) await screenshot(page, `${SHOTS[name]}-360`);
  await page.setViewportSize({ width: 390, height: 844 });
  return width;
}

/** Screens whose look this audit's fixes changed: kept as light and dark screenshots. */
const SHOTS: Record<string, string> = {
  '/account': 'a11y-account',
  'study flash': 'a11y-study-flash',
  'lite quiz item with rationale': 'a11y-quiz-lite-rationale',
  'lite item with a table': 'a11y-quiz-lite-table',
  '/admin/seasons': 'a11y-admin-seasons',
};

async function check(findings: Findings, page: Page, name: string): Promise<void> {
  await settle(page);
  const problems = await axeViolations(page);
  const shot = SHOTS[name];
  if (shot) await screenshot(page, shot);
  // The dark tokens are a second palette: contrast is checked in both.
  await page.emulateMedia({ colorScheme: 'dark' });
  await animationsSettled(page);
  problems.push(...(await axeViolations(page)).map((p) => `dark: ${p}`));
  if (shot) await screenshot(page, `${shot}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  const width = await widthAt360(page, name);
  if (width > 360) problems.push(`scrolls sideways at 360 px (scrollWidth ${width})`);
  if (problems.length > 0) findings[name] = problems;
}

describe('accessibility of the main screens', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;
  const findings: Findings = {};

  beforeAll(async () => {
    await seedBundledContentForTests(db());
  });

  /** A signed-in LET Elementary student; onboarding is audited once, by the first walk. */
  async function student(
    email: string,
    { audit = false }: { audit?: boolean } = {},
  ): Promise<Phone & { userId: string }> {
    const phone = await fx.phone();
    await signIn(phone.page, email);
    if (audit) {
      await check(findings, phone.page, 'onboarding');
      // A track picked: its official exam dates to choose from (issue 23).
      await phone.page.getByRole('radio', { name: /LET — Elementary/ }).check();
      await phone.page.getByLabel('When is your exam? (optional)').waitFor();
      await check(findings, phone.page, 'onboarding with exam dates');
    }
    await completeOnboarding(phone.page, /LET — Elementary/);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('no user');
    return { ...phone, userId: user.id };
  }

  // The student screens are walked in a few tests, each with its own student, so a slow machine
  // spends its time per test on a handful of screens rather than on all of them at once.
  it('has no axe violations and no sideways scroll on login, onboarding and quiz home', async () => {
    const signedOut = await fx.phone();
    await signedOut.page.goto('/login');
    await signedOut.page.getByRole('button', { name: 'Sign in' }).waitFor();
    await check(findings, signedOut.page, 'login');

    const { page, userId } = await student('a11y.student@example.com', { audit: true });
    await settledPath(page, '/quiz');
    await page.getByRole('link', { name: 'Start lite quiz' }).waitFor();
    await check(findings, page, 'quiz home');
    // With an exam date picked: the days left (issue 23).
    const examDate = page.getByRole('region', { name: 'Your exam date' });
    await examDate.getByLabel('Exam date').selectOption({ label: 'Mar 21, 2027' });
    await examDate.getByText(/days left|Exam day/).waitFor();
    await check(findings, page, 'quiz home with the exam date');

    // The quiz home with a history (issue 13): two finished mocks, two weak topics.
    const weak = await db()
      .select({ id: topics.id })
      .from(topics)
      .innerJoin(subjects, eq(subjects.id, topics.subjectId))
      .where(eq(subjects.reviewerShorthand, 'let-elem'))
      .limit(2);
    await db()
      .insert(userTopicStats)
      .values(weak.map((t, i) => ({ userId, topicId: t.id, answered: 8, correct: 2 + i })));
    const mock = (daysAgo: number, rating: number) => ({
      userId,
      reviewerShorthand: 'let-elem',
      kind: 'mock' as const,
      status: 'submitted' as const,
      items: [],
      startedAt: new Date(Date.now() - daysAgo * 86_400_000 - 3_600_000),
      submittedAt: new Date(Date.now() - daysAgo * 86_400_000),
      result: {
        correct: 0,
        total: 300,
        percentage: rating,
        missed: 300,
        gemsEarned: 0,
        autoSubmitted: false,
        parts: [
          ['gen-ed', 'General Education', 0.4, rating - 6],
          ['prof-ed', 'Professional Education', 0.6, rating + 4],
        ].map(([partId, name, weight, percentage]) => ({
          partId,
          name,
          items: 150,
          correct: 0,
          percentage,
          weight,
          floor: 50,
          belowFloor: false,
        })),
        weightedRating: rating,
        passingAverage: 75,
        passed: rating >= 75,
      },
    });
    const [, latest] = await db()
      .insert(quizAttempts)
      .values([mock(8, 68), mock(1, 77)])
      .returning({ id: quizAttempts.id });
    await page.reload();
    await page.getByRole('img', { name: /Mock exam ratings/ }).waitFor();
    await page.getByText('Show the numbers').click();
    await check(findings, page, 'quiz home with mock history and weak topics');
    await page.goto(`/quiz/let-elem/mock?attempt=${latest?.id}`);
    await page.getByRole('heading', { name: 'Your mock exam result' }).waitFor();
    await check(findings, page, 'mock result');
  });

  it('has no axe violations and no sideways scroll on purchase, a lite item and a mock', async () => {
    const { page } = await student('a11y.quiz@example.com');

    // The purchase page with the free-trial discount's countdown.
    await page.goto('/subscription/purchase');
    await page.getByRole('timer').waitFor();
    await check(findings, page, 'purchase with the countdown');
    await page.goto('/quiz');
    await settledPath(page, '/quiz');

    // A lite item answered, its rationale shown.
    await page.getByRole('link', { name: 'Start lite quiz' }).click();
    await page.waitForURL(/\/quiz\/let-elem\/lite\?attempt=/);
    await page.getByText(/^Item 1 of/).waitFor();
    await page.locator('.quiz__card .choice').first().click();
    await page.locator('.rationale__text').waitFor();
    await check(findings, page, 'lite quiz item with rationale');

    // A mock with its navigator open.
    await page.goto('/quiz');
    await page.getByRole('link', { name: 'Start mock exam' }).click();
    await page.waitForURL(/\/quiz\/let-elem\/mock\?attempt=/);
    await page.getByText(/^Item 1 of/).waitFor();
    await page.getByRole('button', { name: /Questions/ }).click();
    await page.locator('.navigator').waitFor();
    await check(findings, page, 'mock with navigator');
  });

  // ADR 045: a data-interpretation item carries its figures in a table, which showed as a line of
  // pipes. CSE Professional's topic holds only such items.
  it('has no axe violations and no sideways scroll on a lite item whose stem holds a table', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'a11y.table@example.com');
    await completeOnboarding(page, /Civil Service Exam — Professional/);
    await page.goto('/quiz/cse-pro/lite?topic=cse-pro.numerical.data-interpretation');
    await page.waitForURL(/\/quiz\/cse-pro\/lite\?attempt=/);
    const stem = page.locator('.quiz__card .question__stem');
    await stem.locator('table th').first().waitFor();
    expect(await stem.locator('p').count()).toBeGreaterThan(0);
    expect(await stem.textContent()).not.toContain('|');
    await check(findings, page, 'lite item with a table');
  });

  it('has no axe violations and no sideways scroll on the study screens', async () => {
    const { page } = await student('a11y.study@example.com');

    // The study launcher and each of its modes.
    await page.goto('/study');
    const modes = page.getByRole('list', { name: 'Study modes' });
    await expect.poll(() => modes.getByRole('link').count(), { timeout: 10_000 }).toBe(4);
    // With its "Study offline" panel (its own chunk) in place.
    await page.getByRole('heading', { name: 'Study offline' }).waitFor();
    await check(findings, page, 'study launcher');
    const hrefs = await modes
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      await page.goto(href);
      await page.locator('h1, h2').first().waitFor();
      const mode = new URL(href, fx.server.url).pathname.split('/')[3];
      // LET-Elem's first note compares the tenses in a table: a real table (its header cells
      // included) is what axe and the 360 px check see, not lines of pipes.
      if (mode === 'read') await page.locator('.markdown table th').first().waitFor();
      await check(findings, page, `study ${mode}`);
    }
  });

  it('has no axe violations and no sideways scroll on tasks, leaderboard, account and messages', async () => {
    const { page } = await student('a11y.account@example.com');
    for (const route of ['/tasks', '/leaderboard', '/account']) {
      await page.goto(route);
      await settledPath(page, route);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await check(findings, page, route);
    }

    await page.locator('.message-fab').click();
    await page.getByRole('dialog').waitFor();
    await check(findings, page, 'message modal');
    await screenshot(page, 'a11y-message-modal');
  });

  it('has no axe violations on the subscription status pages and the staff console', async () => {
    const s = await student('a11y.staff@example.com');
    const me = await s.page.evaluate(async () => (await fetch('/api/me')).json());
    for (const [status, path] of [
      ['suspended', '/subscription/suspended'],
      ['revoked', '/subscription/revoked'],
    ] as const) {
      await db()
        .update(subscriptions)
        .set({ status })
        .where(eq(subscriptions.id, me.subscription.id));
      await touchUser(db(), s.userId);
      // The live change may reload the page to the status page while this navigation runs (the
      // navigation is then aborted): either way the guard settles on the status page.
      await s.page.goto('/quiz').catch(() => undefined);
      await settledPath(s.page, path);
      await s.page.getByRole('heading').first().waitFor();
      await check(findings, s.page, path);
    }
    await db().update(users).set({ currentSubscriptionId: null }).where(eq(users.id, s.userId));
    await touchUser(db(), s.userId);
    await s.page.goto('/quiz').catch(() => undefined);
    await settledPath(s.page, '/subscription/no-subscription');
    await s.page.getByRole('heading').first().waitFor();
    await check(findings, s.page, '/subscription/no-subscription');

    await db().update(users).set({ role: 'admin' }).where(eq(users.id, s.userId));
    await touchUser(db(), s.userId);
    for (const path of ['/admin', '/admin/messages', '/admin/content', '/admin/seasons']) {
      await s.page.goto(path);
      await settledPath(s.page, path);
      await s.page.getByRole('navigation', { name: 'Staff sections' }).waitFor();
      await check(findings, s.page, path);
    }
    // The Sittings form open (issue 23).
    await s.page.goto('/admin/content');
    await s.page.getByRole('button', { name: 'Add a sitting' }).click();
    await s.page.getByRole('button', { name: 'Add sitting' }).waitFor();
    await check(findings, s.page, '/admin/content sitting form');
  });

  it('walks the main flow by keyboard with a visible focus', async () => {
    const { page } = await student('a11y.keyboard@example.com');
    await settledPath(page, '/quiz');
    await page.getByRole('link', { name: 'Start lite quiz' }).waitFor();
    await settle(page);
    const reached = new Map<string, boolean>();
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
        const ringed = style.boxShadow !== 'none';
        return {
          name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
          visible: outlined || ringed,
        };
      });
      if (focused) reached.set(focused.name, focused.visible);
    }
    for (const name of ['Start lite quiz', 'Start mock exam', 'Study', 'Tasks', 'Leaderboard']) {
      const key = [...reached.keys()].find((k) => k.startsWith(name) || k.endsWith(name));
      expect(key, `Tab never reached “${name}”: ${[...reached.keys()].join(' | ')}`).toBeDefined();
      expect(reached.get(key ?? ''), `no visible focus on “${name}”`).toBe(true);
    }
    await screenshot(page, 'a11y-keyboard-focus');
    // Enter on a focused tab takes the student there.
    await page.getByRole('button', { name: 'Study' }).focus();
    await page.keyboard.press('Enter');
    await settledPath(page, '/study');
  });

  it('reports every finding', () => {
    expect(findings).toEqual({});
  });
});
