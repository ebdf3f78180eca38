import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';

/** The data /quiz asks for on every load (apps/web/build/route-preloads.ts), for the student's track. */
const QUIZ_DATA = ['/api/auth/claims', '/api/me', '/api/reviewers', '/api/quiz/let-elem/quiz-home'];

/** How each URL was fetched, as the page's own resource timing saw it. */
const initiators = (page: Page, paths: string[]) =>
  page.evaluate(
    (wanted) =>
      wanted.map((p) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname === p && new URL(e.name).search === '')
          .map((e) => (e as PerformanceResourceTiming).initiatorType),
      ),
    paths,
  );

// Issue 10: index.html announces what a signed-in screen needs. A preload the app's fetch does
// not take over (another mode, credentials or URL) is downloaded twice; this proves it is not.
describe("a screen's data asked for early", () => {
  const fx = useBrowserFixture();

  it('is fetched once, by the preload, and the app takes it over', async () => {
    // No service worker: it answers navigations with the built index.html, as a second visit does.
    const { page } = await fx.phone({ serviceWorkers: 'block' });
    await signIn(page, 'preloads@example.com');
    await completeOnboarding(page);
    // Leave the onboarded page first: its own background services (the live stream starting as it
    // lands on /quiz) must not be counted with the new page's requests.
    await page.goto('about:blank');

    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.search === '') asked.set(url.pathname, (asked.get(url.pathname) ?? 0) + 1);
    });
    await page.goto('/quiz');
    await settledPath(page, '/quiz');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const hints = await page.$$eval('link[rel="preload"][as="fetch"]', (links) =>
      links.map((l) => new URL((l as HTMLLinkElement).href).pathname),
    );
    expect(hints).toEqual(QUIZ_DATA);
    for (const path of QUIZ_DATA) expect(asked.get(path), path).toBe(1);
    expect(await initiators(page, QUIZ_DATA)).toEqual(QUIZ_DATA.map(() => ['link']));

    // A lite item's attempt, named by the address (`?attempt=`), comes the same way.
    await page.getByRole('link', { name: 'Start lite quiz' }).click();
    await page.waitForURL(/\/quiz\/[^/]+\/lite\?attempt=/);
    const { pathname, searchParams } = new URL(page.url());
    const attempt = `/api/quiz/${pathname.split('/')[2]}/attempts/${searchParams.get('attempt')}`;
    asked.clear();
    await page.reload();
    await page.getByText(/^Item 1 of/).waitFor();
    expect(asked.get(attempt)).toBe(1);
    expect(await initiators(page, [attempt])).toEqual([['link']]);
  });

  it.each([
    ['/quiz', /^\/api\/quiz\/[^/]+\/quiz-home$/],
    ['/study', /^\/api\/study\/[^/]+$/],
    // The exam date of the student's track, which waited for the reviewer list (ADR 023).
    ['/account', /^\/api\/reviewers\/[^/]+\/sitting$/],
    // The server clock the purchase form waits for (app/purchase-route-data.ts).
    ['/subscription/purchase', /^\/api\/functions\/getServerTime$/],
  ])(
    "%s's own data is asked for beside the guard, once, not after the screen has rendered",
    async (screen, dataPath) => {
      const { page } = await fx.phone({ serviceWorkers: 'block' });
      await signIn(page, `early.${screen.split('/').pop()}@example.com`);
      await completeOnboarding(page);

      // The guard cannot let the screen through while the subscription is held back.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/subscriptions/*', async (route) => {
        await held;
        await route.continue();
      });
      let asked = 0;
      page.on('request', (request) => {
        if (dataPath.test(new URL(request.url()).pathname)) asked += 1;
      });
      await page.goto(screen);
      await expect.poll(() => asked).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
      release();
      await settledPath(page, screen);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Whatever the screen asks for once painted has been asked by the time the network rests.
      await page.waitForLoadState('networkidle');
      expect(asked).toBe(1);
    },
  );
});
