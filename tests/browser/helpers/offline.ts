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

/** How many changes the device's outbox holds (its IndexedDB store 'pasado-outbox'). */
export const storedEntries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('pasado-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve(0);
          const count = db.transaction('entries').objectStore('entries').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );

/**
 * What the phone keeps for offline study (IndexedDB 'pasado-content', keyed
 * `<uid>:<kind>:<reviewer>`): one entry's value, or null.
 */
export const keptContent = (page: Page, key: string) =>
  page.evaluate(
    (wanted) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('pasado-content');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kept')) return resolve(null);
          const get = db.transaction('kept').objectStore('kept').get(wanted);
          get.onsuccess = () => resolve(get.result ?? null);
        };
      }),
    key,
  );

/** The keys of everything the phone keeps for offline study (IndexedDB 'pasado-content'). */
export const keptContentKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('pasado-content');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kept')) return resolve([]);
          const keys = db.transaction('kept').objectStore('kept').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
      }),
  );
