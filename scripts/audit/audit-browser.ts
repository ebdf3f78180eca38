// What the audits share: the product in a process of its own (server-process.ts), a Chromium
// profile to drive, and a student signed in through the real popup and onboarded.
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS as CHROMIUM_FLAGS } from '../../tests/browser/helpers/chromium.ts';

export function startServer(): Promise<{ url: string; stop: () => void }> {
  const child = fork(fileURLToPath(new URL('./server-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) =>
      resolve({ url: (m as { url: string }).url, stop: () => child.kill('SIGTERM') }),
    );
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

/** A persistent Chromium profile, reachable on `port` by Lighthouse. */
export async function openProfile(port: number): Promise<{ context: BrowserContext; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pasado-lh-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  context.setDefaultTimeout(20_000);
  return { context, dir };
}

export async function signInAndOnboard(
  page: Page,
  baseUrl: string,
  email = 'audit.student@example.com',
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  await popup.getByLabel('Email').fill(email);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.waitForEvent('close', { timeout: 20_000 });
  await page.waitForURL('**/onboarding').catch(async (error: unknown) => {
    // Seen once (2026-11-27, right after Lighthouse audited /login): the sign-in window closed and
    // the page stayed on /login. What the page showed then, for the next time it happens.
    const shot = path.resolve(import.meta.dirname, '../../artifacts/audit-sign-in-stuck.png');
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const shown = await page
      .locator('main')
      .textContent()
      .catch(() => '(no text)');
    console.error(`sign-in did not leave ${page.url()}; the page said: ${shown}; see ${shot}`);
    throw error;
  });
  await page.getByRole('radio', { name: /LET — Elementary/ }).check();
  await page.getByLabel('How did you hear about us?').selectOption('Facebook');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/quiz');
}
