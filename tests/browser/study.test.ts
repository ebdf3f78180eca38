import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardSchedules, noteReads, users } from '../../apps/server/src/platform/db/schema.ts';
import {
  type StudyFixture,
  seedStudyContent,
} from '../../apps/server/test/study/study-fixtures.ts';
import { idleCallback, screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, signIn } from './helpers/session.ts';

/** A student with LET Elementary granted (onboarding), signed in on a fresh phone. */
async function student(fx: ReturnType<typeof useBrowserFixture>, email: string) {
  const phone = await fx.phone();
  await signIn(phone.page, email);
  await completeOnboarding(phone.page, /LET — Elementary/);
  const [user] = await fx.server.app.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error('no user');
  return { ...phone, userId: user.id };
}

/** Waits up to 10 s (the default 1 s is too short for a sign-in or the 2 s voice check). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

const text = (page: Page, value: string | RegExp) => page.getByText(value).first();

/** Holds the study overview (GET /api/study/let-elem) unanswered until `release` is called. */
async function holdOverview(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/study\/let-elem$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('study modes', () => {
  // On the embedded PGlite whatever the run has: what `npm start` runs, end to end.
  const fx = useBrowserFixture('pglite');
  let content: StudyFixture;
  beforeAll(async () => {
    content = await seedStudyContent(fx.server.app.database.db);
  });
  const db = () => fx.server.app.database.db;

  it("the launcher fetches the modes' code once its own data is in, not before", async () => {
    // No service worker: it would download every chunk at install, unseen by this page.
    const { page } = await fx.phone({ serviceWorkers: 'block' });
    await signIn(page, 'study.prefetch@example.com');
    await completeOnboarding(page, /LET — Elementary/);
    const modeChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/(flash|read|listen|drill)-mode-[^/]+\.js$/.test(request.url()))
        modeChunks.push(request.url());
    });
    const release = await holdOverview(page);
    await page.goto('/study');
    await poll(() => page.getByRole('heading', { name: 'Study', level: 1 }).isVisible()).toBe(true);
    // Idle time comes and goes (the prefetch used to start then); the overview is still held.
    await idleCallback(page);
    await idleCallback(page);
    expect(modeChunks).toEqual([]);
    release();
    await poll(() => page.getByRole('list', { name: 'Study modes' }).isVisible()).toBe(true);
    await poll(() => modeChunks.length).toBe(4);
  });

  it('the launcher shows the four modes while the overview loads, and nothing moves when it lands', async () => {
    const { page } = await student(fx, 'study.pending@example.com');
    const release = await holdOverview(page);
    await page.goto('/study');
    const modes = page.getByRole('list', { name: 'Study modes' });
    await poll(() => modes.getByRole('listitem').count()).toBe(4);
    // Slow data: what each mode is shows at once; the counts and the links wait for the overview.
    expect(await modes.getAttribute('aria-busy')).toBe('true');
    expect(await modes.getByRole('link').count()).toBe(0);
    expect(await modes.textContent()).toContain(
      'Cards come back just before you would forget them.',
    );
    expect(await modes.getByText('Loading…').count()).toBe(4);
    expect(await page.getByLabel('Subject').isDisabled()).toBe(true);
    await screenshot(page, 'study-launcher-loading');
    const cardTops = () =>
      modes
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    const before = await cardTops();
    release();
    await poll(() => modes.getByRole('link').count()).toBe(4);
    expect(await modes.getAttribute('aria-busy')).toBe('false');
    expect(await modes.textContent()).toContain('0 due · 4 new');
    expect(await page.getByLabel('Subject').isEnabled()).toBe(true);
    expect(await cardTops()).toEqual(before);
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'study-launcher-360');
  });

  it('launcher, then flash: Space flips, keys 1–4 rate, a swipe rates, the summary counts the streak', async () => {
    const { page, userId } = await student(fx, 'study.flash@example.com');
    await page.goto('/study');
    // The picker is on screen while the overview loads (nothing moves when it lands), so its value
    // is waited for: under CI's load it was read empty before the overview came.
    await poll(() => page.getByLabel('Subject').inputValue()).toBe(content.subjectId);
    const modes = page.getByRole('list', { name: 'Study modes' });
    await poll(() => modes.getByRole('link').count()).toBe(4);
    expect(await modes.textContent()).toContain('0 due · 4 new');
    expect(await modes.textContent()).toContain('0/2 notes read');
    await page.getByLabel('Topic').selectOption(content.topicAssessment);
    await poll(() => modes.textContent()).toContain('0 due · 1 new');
    // Assessment has cards and questions but no notes: read is shown without a link.
    await poll(() => modes.getByRole('link').count()).toBe(3);
    expect(await modes.textContent()).toContain('No notes yet');
    await page.getByLabel('Topic').selectOption('');
    await screenshot(page, 'study-launcher');
    await modes.getByRole('link', { name: /Flash cards/ }).click();
    await page.waitForURL(`**/study/let-elem/flash?subject=${content.subjectId}`);
    await poll(() => text(page, 'Card 1 of 4').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Good: comes back in/ }).isDisabled()).toBe(
      true,
    );
    await page.keyboard.press('Space');
    await poll(() => text(page, 'B. F. Skinner').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Good: comes back in/ }).isEnabled()).toBe(true);
    await screenshot(page, 'study-flash');

    // Mobile data drops as the first card is rated: the rating waits on the phone, nothing is lost.
    await page.route('**/flash/reviews', (route) => route.abort('internetdisconnected'));
    for (const [i, key] of ['3', '1', '4'].entries()) {
      if (i > 0) await page.keyboard.press('Space');
      await page.keyboard.press(key);
      await poll(() => text(page, `Card ${i + 2} of 4`).isVisible()).toBe(true);
      if (i === 0) {
        await poll(() => text(page, '1 rating is not saved yet.').isVisible()).toBe(true);
        await page.unroute('**/flash/reviews');
        await page.getByRole('button', { name: 'Send now' }).click();
        await poll(() => text(page, 'not saved yet').count()).toBe(0);
      }
    }
    // The last card is rated with a swipe to the right (Good), the way a phone does it.
    await page.keyboard.press('Space');
    const card = page.locator('.flash-card');
    const box = await card.boundingBox();
    if (!box) throw new Error('no card');
    const y = box.y + box.height / 2;
    await card.dispatchEvent('pointerdown', { pointerId: 1, clientX: box.x + 40, clientY: y });
    await card.dispatchEvent('pointermove', { pointerId: 1, clientX: box.x + 200, clientY: y });
    await card.dispatchEvent('pointerup', { pointerId: 1, clientX: box.x + 200, clientY: y });

    await poll(() => text(page, 'Session complete').isVisible()).toBe(true);
    expect(await text(page, '4 cards reviewed').isVisible()).toBe(true);
    await poll(() => text(page, 'Daily streak: 1 day').isVisible()).toBe(true);
    await screenshot(page, 'study-flash-summary');
    const rows = await db().select().from(cardSchedules).where(eq(cardSchedules.userId, userId));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.reps === 1 && r.due.getTime() > Date.now())).toBe(true);

    // The queue persists: the same cards are not offered again until they are due.
    await page.getByRole('button', { name: 'Study more' }).click();
    await poll(() => text(page, 'All caught up').isVisible()).toBe(true);
  });

  it('read: notes render safely, marking them read moves through the topic', async () => {
    const { page, userId, pageErrors } = await student(fx, 'study.read@example.com');
    await page.goto(
      `/study/let-elem/read?subject=${content.subjectId}&topic=${content.topicLearning}`,
    );
    await poll(() => text(page, '0 of 2 notes read').isVisible()).toBe(true);
    // The note's <script> never runs (pageErrors below); what its Markdown may become is
    // features/study/markdown.test.tsx.
    expect(await page.locator('.markdown strong').textContent()).toBe('change in behaviour');
    await screenshot(page, 'study-read');

    await page.getByRole('button', { name: 'Mark as read, next' }).click();
    await poll(() => text(page, '1 of 2 notes read').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Constructivism' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Mark as read and finish' }).click();
    await poll(() => text(page, 'Topic complete').isVisible()).toBe(true);
    await poll(() => text(page, 'Daily streak: 1 day').isVisible()).toBe(true);
    await screenshot(page, 'study-read-done');
    expect(await db().select().from(noteReads).where(eq(noteReads.userId, userId))).toHaveLength(2);
    expect(pageErrors).toEqual([]);

    // Progress survives a reload.
    await page.reload();
    await poll(() => text(page, '2 of 2 notes read').isVisible()).toBe(true);
  });

  // Listen without a voice is features/study/listen-mode.test.tsx (the engine is stubbed either way).
  it('listen: play, pause, next, speed and cards, with a stubbed speech engine', async () => {
    const { page, userId } = await student(fx, 'study.listen@example.com');
    await page.addInitScript(() => {
      type Spoken = { text: string; rate: number; onend: (() => void) | null };
      const spoken: Spoken[] = [];
      const voice = {
        name: 'Test',
        lang: 'en-PH',
        default: true,
        localService: true,
        voiceURI: 't',
      };
      class Utterance {
        text: string;
        rate = 1;
        voice: unknown = null;
        lang = '';
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(text: string) {
          this.text = text;
        }
      }
      const synth = {
        paused: false,
        getVoices: () => [voice],
        speak: (u: Spoken) => spoken.push(u),
        cancel: () => {},
        pause: () => {
          synth.paused = true;
        },
        resume: () => {
          synth.paused = false;
        },
        addEventListener: () => {},
        removeEventListener: () => {},
      };
      Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
      Object.defineProperty(window, 'SpeechSynthesisUtterance', {
        value: Utterance,
        configurable: true,
      });
      Object.assign(window, {
        __spoken: spoken,
        __finishSpeech: () => spoken.at(-1)?.onend?.(),
      });
    });
    await page.goto(
      `/study/let-elem/listen?subject=${content.subjectId}&topic=${content.topicLearning}`,
    );
    const play = page.getByRole('button', { name: 'Play' });
    await poll(() => play.isEnabled()).toBe(true);
    await page.getByLabel('Speed').selectOption('1.5');
    await play.click();
    await poll(() => page.getByRole('button', { name: 'Pause' }).isVisible()).toBe(true);
    const spoken = () =>
      page.evaluate(() =>
        (window as unknown as { __spoken: { text: string; rate: number }[] }).__spoken.map((s) => ({
          text: s.text,
          rate: s.rate,
        })),
      );
    expect((await spoken())[0]).toMatchObject({ rate: 1.5 });
    expect((await spoken())[0]?.text).toMatch(/^Behaviourism\. Behaviourism Learning is a change/);
    await screenshot(page, 'study-listen-playing');
    await page.getByRole('button', { name: 'Pause' }).click();
    await poll(() => page.getByRole('button', { name: 'Resume' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Resume' }).click();

    // The first note ends: it is marked read and the second one starts on its own.
    await page.evaluate(() =>
      (window as unknown as { __finishSpeech: () => void }).__finishSpeech(),
    );
    await poll(() => text(page, 'Note 2 of 2').isVisible()).toBe(true);
    expect((await spoken()).at(-1)?.text).toMatch(/^Constructivism\./);
    await poll(
      async () => (await db().select().from(noteReads).where(eq(noteReads.userId, userId))).length,
    ).toBe(1);
    await page.evaluate(() =>
      (window as unknown as { __finishSpeech: () => void }).__finishSpeech(),
    );
    await poll(() => text(page, /All notes played\. Daily streak: 1 day/).isVisible()).toBe(true);

    // Cards: question, answer and rationale are read; Next moves on.
    await page.getByRole('radio', { name: 'Cards (3)' }).check();
    await page.getByRole('button', { name: 'Play' }).click();
    expect((await spoken()).at(-1)?.text).toBe(
      'Question. Who proposed operant conditioning? Answer. B. F. Skinner Why: Skinner showed that consequences shape behaviour.',
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await poll(() => text(page, 'Card 2 of 3').isVisible()).toBe(true);
    expect((await spoken()).at(-1)?.text).toMatch(/^Question\. What is the zone/);
    await screenshot(page, 'study-listen-cards');
  });

  it('drill: a timed run to the end, points shown as unclaimed', async () => {
    const { page, userId } = await student(fx, 'study.drill@example.com');
    await page.goto(`/study/let-elem/drill?subject=${content.subjectId}`);
    await page.getByRole('button', { name: 'Start drill' }).click();
    await poll(() => text(page, 'Question 1 of 6').isVisible()).toBe(true);
    expect(
      await page.getByRole('progressbar', { name: 'Time left for this question' }).isVisible(),
    ).toBe(true);
    await screenshot(page, 'study-drill');

    for (let i = 0; i < 6; i += 1) {
      await poll(() => text(page, `Question ${i + 1} of 6`).isVisible()).toBe(true);
      const stem = await page.locator('#drill-stem').textContent();
      const n = Number(/^Question (\d+):/.exec(stem ?? '')?.[1]);
      const key = content.keys.get(`fx-q${n}`) ?? 0;
      // Get the last one wrong on purpose.
      const choice = i === 5 ? (key + 1) % 4 : key;
      await page.locator('.drill-choice').nth(choice).click();
      await poll(() => page.locator('.drill-feedback').textContent()).toMatch(
        i === 5 ? /Not quite/ : /Correct! \+1\d points/,
      );
    }
    await poll(() => text(page, 'Drill complete').isVisible()).toBe(true);
    expect(await text(page, '5 of 6 correct').isVisible()).toBe(true);
    expect(await text(page, 'Unclaimed — claim them on Tasks.').isVisible()).toBe(true);
    const points = Number(
      /\+(\d+) drill points/.exec(
        (await page.locator('.drill-points__value').textContent()) ?? '',
      )?.[1],
    );
    expect(points).toBeGreaterThanOrEqual(55);
    const [user] = await db().select().from(users).where(eq(users.id, userId));
    expect(user?.unclaimedDrillPoints).toBe(points);
    expect(await text(page, `You have ${points} unclaimed drill points.`).isVisible()).toBe(true);
    await screenshot(page, 'study-drill-done');
  });
});
