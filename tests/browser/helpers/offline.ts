import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The service worker has installed (precached the app) and controls the page: only then does a
 * reload or a new screen work with no connection (docs/decisions/019-offline-caching.md).
 */
export const workerReady = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
      timeout: 20_000,
    })
    .toBe('activated');
