import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import { users } from '../../apps/server/src/platform/db/schema.ts';
import { screenshot } from './helpers/chromium.ts';
import { type Phone, useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signInThroughPopup } from './helpers/session.ts';

/**
 * `latest`: the start of the newest document seen (its `performance.timeOrigin`); `left`: reports
 * of documents that started at or before it (a page being left) are not counted. Both are the
 * browser's own times, so no clock is compared with the test's.
 */
type Seen = { urls: string[]; paints: string[]; latest: number; left: number };

/**
 * Watches the main page from the first byte of every document it loads: the path it starts on,
 * every history change after that, and what each painted frame shows (path and heading). The
 * script runs before any of the app's, so a location the router commits for even one frame is
 * recorded.
 */
async function watch(phone: Phone): Promise<Seen> {
  const seen: Seen = { urls: [], paints: [], latest: 0, left: 0 };
  await phone.context.exposeBinding(
    '__pasadoSeen',
    (source, kind: string, value: string, loadedAt: number) => {
      if (source.page !== phone.page || source.frame !== phone.page.mainFrame()) return;
      if (loadedAt <= seen.left) return;
      seen.latest = Math.max(seen.latest, loadedAt);
      const list = kind === 'url' ? seen.urls : seen.paints;
      if (list.at(-1) !== value) list.push(value);
    },
  );
  await phone.context.addInitScript(() => {
    if (window !== window.top) return;
    const report = (kind: string, value: string) =>
      (
        window as unknown as {
          __pasadoSeen?: (k: string, v: string, loadedAt: number) => Promise<void>;
        }
      ).__pasadoSeen?.(kind, value, performance.timeOrigin);
    report('url', location.pathname);
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method];
      history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
        original.apply(this, args);
        report('url', location.pathname);
      };
    }
    const frame = () => {
      const heading = document.querySelector('h1')?.textContent?.trim() ?? '';
      report('paint', `${location.pathname} ${heading}`.trim());
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return seen;
}

/**
 * Starts counting afresh for the next page load. The page left behind may still move (a live
 * update taking it to /quiz) while the next one loads; only documents loaded from now count.
 */
const reset = (seen: Seen) => {
  seen.urls.length = 0;
  seen.paints.length = 0;
  seen.left = seen.latest;
};

// Issue 13 item 3: the route is decided before the first paint of a signed-in page. A new student
// saw /quiz in the address bar before /onboarding: `/` → `/quiz` was a loader, which runs before
// a guard that ran only after the render.
describe('the first route of a signed-in page', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;

  it('a new student goes from sign-in straight to onboarding, and `/` opens onboarding', async () => {
    const s = await fx.phone();
    const seen = await watch(s);
    await signInThroughPopup(s.page, 'first.route@example.com');
    await settledPath(s.page, '/onboarding');
    await s.page.getByRole('heading', { name: 'Set up your review' }).waitFor();
    expect(seen.urls).toEqual(['/login', '/onboarding']);
    expect(seen.paints.filter((p) => !p.startsWith('/login'))).toEqual(
      seen.paints.filter((p) => p.startsWith('/onboarding')),
    );

    // Opened afresh at `/`: onboarding, without passing through /quiz.
    for (const path of ['/', '/quiz', '/study?reviewer=let-elem']) {
      reset(seen);
      await s.page.goto(path);
      await settledPath(s.page, '/onboarding');
      await s.page.getByRole('heading', { name: 'Set up your review' }).waitFor();
      const start = new URL(path, fx.server.url).pathname;
      expect(seen.urls, `opened at ${path}`).toEqual([start, '/onboarding']);
      // Nothing of the asked-for page was painted: only the loading screen, then onboarding.
      expect(
        seen.paints.filter((p) => !p.startsWith('/onboarding')).every((p) => p === start),
        `painted: ${seen.paints.join(' | ')}`,
      ).toBe(true);
    }
    await screenshot(s.page, 'first-route-onboarding');
  });

  it('an onboarded student without a subscription opens `/` straight into no-subscription', async () => {
    const s = await fx.phone();
    await signInThroughPopup(s.page, 'first.route.nosub@example.com');
    await completeOnboarding(s.page);
    const [user] = await db()
      .select()
      .from(users)
      .where(eq(users.email, 'first.route.nosub@example.com'));
    await db()
      .update(users)
      .set({ currentSubscriptionId: null })
      .where(eq(users.id, user?.id ?? ''));
    await touchUser(db(), user?.id ?? '');
    const seen = await watch(s);
    await s.page.goto('/');
    await settledPath(s.page, '/subscription/no-subscription');
    await s.page.getByRole('heading', { name: 'You have no active subscription' }).waitFor();
    expect(seen.urls).toEqual(['/', '/subscription/no-subscription']);

    // And an onboarded student with access goes from `/` to /quiz, and from /onboarding to /quiz.
    await db()
      .update(users)
      .set({ currentSubscriptionId: user?.currentSubscriptionId ?? null })
      .where(eq(users.id, user?.id ?? ''));
    await touchUser(db(), user?.id ?? '');
    reset(seen);
    await s.page.goto('/onboarding');
    await settledPath(s.page, '/quiz');
    await s.page.getByRole('heading', { name: 'Quiz', level: 1 }).waitFor();
    expect(seen.urls).toEqual(['/onboarding', '/quiz']);
  });
});
