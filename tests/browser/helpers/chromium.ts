import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { TEST_CHROMIUM } from '../../../scripts/test-chromium.mjs';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../artifacts/screenshots');

/** The flags that keep Debian's Chromium off the internet (this machine has none, and tests must not try). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
];

const LAUNCH_TIMEOUT_MS = 45_000;

/**
 * Debian's Chromium, as its headless shell (scripts/test-chromium.mjs). A launch that stalls is killed by Playwright at its timeout and tried once
 * more: a stalled browser left running would keep the test worker alive and hang the whole run.
 */
export async function launchChromium(): Promise<Browser> {
  const launch = () =>
    chromium.launch({
      executablePath: TEST_CHROMIUM,
      headless: true,
      timeout: LAUNCH_TIMEOUT_MS,
      args: CHROMIUM_ARGS,
    });
  try {
    return await launch();
  } catch (error) {
    console.warn('Chromium did not start; trying once more', error);
    return launch();
  }
}

export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

/** A phone: 390×844, touch, the mid-range Android user agent our students have (or another one). */
export function newPhoneContext(
  browser: Browser,
  baseURL: string,
  userAgent: string = PHONE_USER_AGENT,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers,
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: true,
    userAgent,
    locale: 'en-PH',
    timezoneId: 'Asia/Manila',
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Collects alert texts (accepting them), so tests can assert the spec's exact words. */
export function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    // A page closed meanwhile has nothing left to accept.
    dialog.accept().catch(() => undefined);
  });
  return seen;
}

/**
 * Waits for the page's running animations and transitions (a colour scheme switch, the confetti,
 * a resize) to finish: the next frame starts any a change just set off, then each one's
 * `finished` settles (looping ones excepted). Screenshots and contrast checks then see the final
 * colours.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // A looping animation (a spinner) never finishes: only those with an end are waited for.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Waits until the page's main thread is idle (what an idle-time callback of the app waits for). */
export async function idleCallback(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
}

/** Nothing sticks out sideways at 360 px (the narrowest phone we serve); the screenshot at both widths. */
export async function atBothWidths(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 360, height: 780 });
  await animationsSettled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
  await screenshot(page, `${name}-360`);
  await page.setViewportSize({ width: 390, height: 844 });
}
