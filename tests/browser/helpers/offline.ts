import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { keptSnapshot } from './kept-snapshot.ts';

/**
 * The service worker has installed (precached the app) and controls the page: only then does a
 * reload or a new screen work with no connection (docs/decisions/019-offline-caching.md).
 */
export const workerReady = (page: Page) =>
  expect
    .poll(
      // Not controlled yet: where the registration stands, so a miss says whether the install
      // stalled, waits, or is active without controlling the page (a CI run on 2026-11-29 found
      // it active and the page, loaded during the activation, never claimed: ADR 019).
      () =>
        page.evaluate(async () => {
          const controller = navigator.serviceWorker.controller?.state;
          if (controller) return controller;
          const registration = await navigator.serviceWorker.getRegistration();
          return JSON.stringify({
            installing: registration?.installing?.state ?? null,
            waiting: registration?.waiting?.state ?? null,
            active: registration?.active?.state ?? null,
          });
        }),
      {
        // The install downloads the whole app (about a hundred files) from the test's own server,
        // which shares the machine with two more test files: once, in a clean clone's CI run, that
        // took more than 20 s, and an install that loses a file is tried again 10 s later and
        // downloads the app again (2026-11-28: not activated within 40 s in one CI run of eight).
        timeout: 80_000,
      },
    )
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

/** The data of the newest kept query whose key starts with `keyPrefix`, or null. */
export const keptQuery = async (page: Page, keyPrefix: readonly unknown[]) => {
  const snapshot = await keptSnapshot(page);
  const matching = (snapshot?.queries ?? [])
    .filter((q) =>
      keyPrefix.every((part, n) => JSON.stringify(q.queryKey[n]) === JSON.stringify(part)),
    )
    .sort((a, b) => b.dataUpdatedAt - a.dataUpdatedAt);
  return matching[0]?.data ?? null;
};

/** Waits until the phone keeps a query whose key starts with `keyPrefix` (see `keptQuery`). */
export const queryKept = (page: Page, keyPrefix: readonly unknown[]) =>
  expect.poll(() => keptQuery(page, keyPrefix), { timeout: 10_000 }).not.toBeNull();

/** How many items of the kept attempt hold an answer (null while the attempt is not kept). */
export const keptAnswers = async (page: Page, attemptId: string) => {
  const attempt = (await keptQuery(page, ['quiz-attempt', attemptId])) as {
    items: { choiceIndex: number | null }[];
  } | null;
  return attempt ? attempt.items.filter((item) => item.choiceIndex !== null).length : null;
};

/** When the phone last wrote its kept snapshot of the query cache (0 while it has none). */
export const snapshotSavedAt = async (page: Page) => (await keptSnapshot(page))?.savedAt ?? 0;
