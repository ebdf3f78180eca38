import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedStudyContent } from '../../apps/server/test/study/study-fixtures.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { keptSnapshot } from './helpers/kept-snapshot.ts';
import { completeOnboarding, signIn } from './helpers/session.ts';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** The keys of the phone's kept snapshots (IndexedDB 'pasado-offline'). */
const snapshotKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('pasado-offline');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshots')) return resolve([]);
          const keys = db.transaction('snapshots').objectStore('snapshots').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String).sort());
        };
      }),
  );

// docs/offline.md: a shared phone. A second student signing in on the same browser replaces the
// first one's session cookie, so the phone never hears a 401 for the first: their kept data stayed
// on it beside the second student's.
describe('a phone two students sign in on', () => {
  const fx = useBrowserFixture();
  beforeAll(async () => {
    await seedStudyContent(fx.server.app.database.db);
  });

  it("forgets the first student's kept data once the second is signed in", async () => {
    const { page } = await fx.phone();
    await signIn(page, 'shared.first@example.com');
    await completeOnboarding(page, /LET — Elementary/);
    await poll(async () => (await keptSnapshot(page)) !== null).toBe(true);
    const first = await page.evaluate(async () => (await (await fetch('/api/me')).json()).id);
    expect(await snapshotKeys(page)).toContain(`snapshot:${first}`);

    await signIn(page, 'shared.second@example.com');
    await completeOnboarding(page, /LET — Elementary/);
    const second = await page.evaluate(async () => (await (await fetch('/api/me')).json()).id);
    await poll(() => snapshotKeys(page)).toEqual(['last-uid', `snapshot:${second}`]);
  });
});
