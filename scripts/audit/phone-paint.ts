// How soon a returning student's phone shows each main screen's content (issue 25 item 3), on slow
// 3G (400 kbit/s both ways, 400 ms round trips) with the CPU slowed 4×, as DevTools emulates them:
//
// - warm: the service worker installed and the phone's kept data in IndexedDB, as after any earlier
//   visit: the screen should paint what it last showed, then refresh;
// - cold: the same student with the HTTP cache, the service worker and its Cache Storage cleared
//   (the cookie and the device id stay), as a first visit from that phone.
//
// "Content" is each screen's own data on the page (quiz home's "Start lite quiz", the study modes,
// a task, the student's email), timed from the navigation's start. It prints the median of
// RUNS per screen and the slowest of the medians for each mode; it measures, it does not judge.
import { rmSync } from 'node:fs';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { freePort } from '../../apps/server/test/helpers/test-app.ts';
import { keptSnapshot } from '../../tests/browser/helpers/kept-snapshot.ts';
import { openProfile, signInAndOnboard, startServer } from './audit-browser.ts';

const RUNS = 3;
const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1024) / 8,
  uploadThroughput: (400 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/**
 * Each screen, what of its own data shows it has content, and the key of that data's query as the
 * phone keeps it (`kept`: the query key's first elements, a `null` matching any one).
 */
const SCREENS: {
  path: string;
  content: (page: Page) => Promise<unknown>;
  kept: (string | null)[];
}[] = [
  {
    path: '/quiz',
    content: (page) => page.getByRole('link', { name: 'Start lite quiz' }).waitFor(),
    kept: ['quiz-home'],
  },
  {
    path: '/study',
    content: (page) =>
      page.getByRole('list', { name: 'Study modes' }).getByRole('link').first().waitFor(),
    kept: ['study', null, 'overview'],
  },
  {
    path: '/tasks',
    content: (page) => page.locator('.tasks-section__title').first().waitFor(),
    kept: ['progress', 'summary'],
  },
  {
    path: '/account',
    content: (page) => page.getByText('paint.student@example.com').first().waitFor(),
    kept: ['devices'],
  },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function slowPhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** The query keys the page's kept snapshot holds (apps/web/src/lib/offline/offline-snapshot.ts). */
const keptKeys = async (page: Page): Promise<unknown[][]> =>
  (await keptSnapshot(page))?.queries.map((q) => q.queryKey) ?? [];

const holds = (keys: unknown[][], prefix: (string | null)[]) =>
  keys.some((key) => prefix.every((part, i) => part === null || key[i] === part));

async function timeScreen(
  context: BrowserContext,
  url: string,
  screen: (typeof SCREENS)[number],
  cold: boolean,
): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    if (cold) {
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(url).origin,
        storageTypes: 'service_workers,cache_storage',
      });
    }
    await slowPhone(cdp);
    const started = Date.now();
    await page.goto(`${url}${screen.path}`, { waitUntil: 'commit', timeout: 60_000 });
    await screen.content(page);
    return Date.now() - started;
  } finally {
    await cdp.detach().catch(() => undefined);
    await page.close();
  }
}

/**
 * Visits every screen online and fast, so the service worker and the kept data are in place: each
 * screen's page stays until the phone has kept that screen's data (the snapshot is written half a
 * second after an answer, so a page left at once keeps nothing of it).
 */
async function warmUp(context: BrowserContext, url: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const deadline = Date.now() + 60_000;
  for (const screen of SCREENS) {
    await page.goto(`${url}${screen.path}`);
    await screen.content(page);
    for (;;) {
      if (Date.now() > deadline) throw new Error(`${screen.path}: its data was never kept`);
      const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
      // A page the worker does not control yet is reloaded once it is installed.
      if (!controlled) {
        await page.reload();
        await screen.content(page);
      } else if (holds(await keptKeys(page), screen.kept)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function main() {
  const server = await startServer();
  const { context, dir } = await openProfile(await freePort());
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInAndOnboard(page, server.url, 'paint.student@example.com');
    const results: Record<'warm' | 'cold', number[]> = { warm: [], cold: [] };
    for (const mode of ['warm', 'cold'] as const) {
      for (const screen of SCREENS) {
        const runs: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          // Each cold run clears what the warm-up installed: put it back first.
          await warmUp(context, server.url);
          runs.push(await timeScreen(context, server.url, screen, mode === 'cold'));
        }
        const middle = median(runs);
        results[mode].push(middle);
        console.info(`${mode} ${screen.path} ${middle} ms (runs ${runs.join(', ')})`);
      }
    }
    const worst = (mode: 'warm' | 'cold') => Math.max(...results[mode]);
    console.info(
      `phone slow-3g cpu-${CPU_SLOWDOWN}x warm-ms ${worst('warm')} cold-ms ${worst('cold')}`,
    );
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
    server.stop();
  }
}

await main();
