// The phone's kept query cache as a page holds it, without Vitest: the browser tests' helpers and
// the phone audit (scripts/audit/phone-paint.ts) both read it.
import type { Page } from 'playwright-core';

export type KeptSnapshot = {
  savedAt: number;
  queries: { queryKey: unknown[]; data: unknown; dataUpdatedAt: number }[];
};

/**
 * The phone's kept snapshot of the query cache (IndexedDB 'pasado-offline', written half a second
 * after the last answer: apps/web/src/lib/offline/offline-snapshot.ts), or null while none is kept.
 */
export const keptSnapshot = (page: Page) =>
  page.evaluate(async () => {
    // Opening a database that does not exist yet would create it without the app's store, and the
    // app could then never write its own: only open it once it exists.
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('pasado-offline')) return null;
    return new Promise<KeptSnapshot | null>((resolve) => {
      const open = indexedDB.open('pasado-offline');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('snapshots')) return resolve(null);
        const store = db.transaction('snapshots').objectStore('snapshots');
        const uid = store.get('last-uid');
        uid.onsuccess = () => {
          const kept = store.get(`snapshot:${uid.result}`);
          kept.onsuccess = () => resolve(kept.result ?? null);
        };
      };
    });
  });
