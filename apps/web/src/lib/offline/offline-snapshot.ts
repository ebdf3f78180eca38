import type { Claims } from '@pasado/core/contract';
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createStore, del, get, set, update } from 'idb-keyval';
import { cacheHolds } from '../session/cache-owner.ts';

/**
 * The last known data of the signed-in student, so that reloading /quiz, /study, /tasks or
 * /account offline shows the app rather than the browser's "no internet" page (issue 11
 * deliverable 3; docs/decisions/019-offline-caching.md).
 *
 * The query cache's successful answers are written to IndexedDB ('pasado-offline', key
 * `snapshot:<uid>`), half a second after they change or at once when the page is hidden (merged
 * with what earlier page loads kept). At start-up with no connection (or when the
 * claims cannot be fetched) the snapshot of the last student is put back into the cache, claims
 * included, so the route guard lets that student through on the claims it last saw; the queries
 * then wait for the connection (TanStack's onlineManager) instead of failing. It is per student,
 * and deleted once the server says the student's session is gone (clear-offline-data.ts).
 */

const SAVE_DELAY_MS = 500;
const LAST_UID = 'last-uid';
/** Not kept: staff screens, and what must be read fresh (the device id check, the clock offset). */
const NOT_KEPT = new Set(['admin', 'local-device-id', 'server-clock']);
/**
 * Nor the study modes' topic queries: offline they are worked out from the kept pack and the
 * outbox, always current. A kept copy was put back by a quick offline reload and, fresh for a
 * minute, shown instead: a note marked read just before read as unread (issue 22).
 */
const STUDY_MODES = new Set(['notes', 'cards', 'flash']);

const keptQuery = (key: QueryKey): boolean =>
  !NOT_KEPT.has(String(key[0])) && !(key[0] === 'study' && STUDY_MODES.has(String(key[2])));
/**
 * Kept for offline only: an attempt changes on the server while it runs (the clock, answers sent
 * from the outbox or another tab), so online it is read fresh rather than painted from the kept
 * copy, which showed a mock's reload without its last answers until the server's came.
 */
const readFreshOnline = (key: QueryKey): boolean => key[0] === 'quiz-attempt';

/**
 * The kept answer with every `serverNow` moved on by the time since it was kept. The countdowns
 * (use-countdown.ts) take the server's clock to be `serverNow` when the answer arrived; put back
 * as it was, an offline reload restarted a mock's clock from when its copy was made. Every write
 * of a kept answer carries the server's clock of that moment (mock-exam.tsx takes a save's).
 */
function aged(data: unknown, ms: number): unknown {
  if (Array.isArray(data)) return data.map((value) => aged(value, ms));
  // Plain objects only: a kept Date, Map or Set comes back as it was kept.
  if (
    data === null ||
    typeof data !== 'object' ||
    Object.getPrototypeOf(data) !== Object.prototype
  ) {
    return data;
  }
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      key === 'serverNow' && typeof value === 'string'
        ? new Date(Date.parse(value) + ms).toISOString()
        : aged(value, ms),
    ]),
  );
}

let idbStore: ReturnType<typeof createStore> | null = null;
/**
 * Per student, how many times this page forgot them (signed out, or their session ended): saves of
 * theirs begun before one are dropped.
 */
const forgettings = new Map<string, number>();
const store = () => {
  idbStore ??= createStore('pasado-offline', 'snapshots');
  return idbStore;
};

/**
 * A query's last answer. TanStack's dehydrate/hydrate would do the same, but importing them from a
 * lazy chunk adds 1.3 KB to the shared entry (/login's budget); these are plain QueryClient calls.
 */
type Kept = { queryKey: QueryKey; queryHash: string; data: unknown; dataUpdatedAt: number };
type Snapshot = { uid: string; savedAt: number; queries: Kept[] };

/** Each query's newer answer of the two snapshots (each full page load starts with an empty cache). */
function merged(uid: string, previous: Snapshot | undefined, current: readonly Kept[]): Snapshot {
  const byHash = new Map(previous?.queries.map((q) => [q.queryHash, q]) ?? []);
  for (const q of current) {
    const old = byHash.get(q.queryHash);
    if (!old || old.dataUpdatedAt <= q.dataUpdatedAt) byHash.set(q.queryHash, q);
  }
  return { uid, savedAt: Date.now(), queries: [...byHash.values()] };
}

/**
 * Keeps the student's query cache in IndexedDB while they are signed in; returns the stop. A save
 * is due half a second after the last answer, and is written at once when the page is hidden or
 * left before then: a screen left quickly is still there for the next visit, offline too.
 */
export function keepSnapshots(client: QueryClient, uid: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const forgettingsAtStart = forgettings.get(uid) ?? 0;
  // Opened now, not at the first save: a save as the page goes must begin its transactions at once.
  store();
  const save = async () => {
    timer = undefined;
    // Signed out on this page since (forgetSnapshot): a save still due must not bring it back.
    if ((forgettings.get(uid) ?? 0) !== forgettingsAtStart) return;
    const current: Kept[] = client
      .getQueryCache()
      .getAll()
      .filter(
        (query) =>
          query.state.status === 'success' &&
          query.state.data !== undefined &&
          keptQuery(query.queryKey),
      )
      .map((query) => ({
        queryKey: query.queryKey,
        queryHash: query.queryHash,
        data: query.state.data,
        dataUpdatedAt: query.state.dataUpdatedAt,
      }));
    try {
      // One transaction each, both begun in this task (the store is open already): a page being
      // hidden may be frozen once its handlers end, and a read then a write would leave the write
      // unbegun.
      await Promise.all([
        update<Snapshot>(`snapshot:${uid}`, (previous) => merged(uid, previous, current), store()),
        set(LAST_UID, uid, store()),
      ]);
    } catch (error) {
      console.warn('Could not keep your data for offline use', error);
    }
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void save(), SAVE_DELAY_MS);
  };
  const saveNow = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    void save();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') saveNow();
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') later();
  });
  // A phone may discard a page in the background without a pagehide: hidden is the last sure point.
  addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', onVisibility);
  // What the page loaded before this started (it starts once the page has painted) is kept too.
  later();
  return () => {
    clearTimeout(timer);
    unsubscribe();
    removeEventListener('pagehide', saveNow);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * Puts the last student's snapshot back into the cache; returns their claims, or undefined when
 * there is none. Data the cache already holds that is newer is kept. Online, what comes back is
 * marked stale, so each screen paints it at once and asks the server again (issue 25: the phone
 * paints from what it has).
 */
export async function restoreSnapshot(client: QueryClient): Promise<Claims | undefined> {
  try {
    const uid = await get<string>(LAST_UID, store());
    if (!uid) return undefined;
    const snapshot = await get<Snapshot>(`snapshot:${uid}`, store());
    if (!snapshot || snapshot.uid !== uid) return undefined;
    // Claims already read that name someone else (or no one): this snapshot is not theirs.
    const current = client.getQueryState<Claims | null>(['claims']);
    if (current?.status === 'success' && current.data?.uid !== uid) return undefined;
    cacheHolds(uid);
    for (const kept of snapshot.queries) {
      // A snapshot written before a query stopped being kept may still hold it.
      if (!keptQuery(kept.queryKey)) continue;
      if (navigator.onLine && readFreshOnline(kept.queryKey)) continue;
      const known = client.getQueryState(kept.queryKey);
      if (known?.data !== undefined && known.dataUpdatedAt >= kept.dataUpdatedAt) continue;
      const data = aged(kept.data, Math.max(0, Date.now() - kept.dataUpdatedAt));
      client.setQueryData(kept.queryKey, data, { updatedAt: kept.dataUpdatedAt });
      if (navigator.onLine) {
        // No request now (the screens that mount ask), and none skipped for looking fresh.
        void client.invalidateQueries({
          queryKey: kept.queryKey,
          exact: true,
          refetchType: 'none',
        });
      }
    }
    const claims = client.getQueryData<Claims | null>(['claims']);
    if (!claims || claims.uid !== uid) return undefined;
    // Queries wait for the connection instead of failing over the data just restored.
    if (!navigator.onLine) onlineManager.setOnline(false);
    return claims;
  } catch (error) {
    console.warn('Could not read your offline data', error);
    return undefined;
  }
}

/** The student whose snapshot an offline start puts back, if any. */
export async function lastStudent(): Promise<string | undefined> {
  try {
    return await get<string>(LAST_UID, store());
  } catch {
    // No IndexedDB (some private modes): nothing was kept.
    return undefined;
  }
}

async function forgetLastUid(uid: string): Promise<void> {
  // Another student's save may set it between the two (they sign in after the sign-out): each of
  // their saves writes it again.
  if ((await get<string>(LAST_UID, store())) === uid) await del(LAST_UID, store());
}

/**
 * Deletes `uid`'s snapshot, and the last student's id when it is theirs: an offline start then lets
 * no one in as them. Other students' snapshots stay.
 */
export async function forgetSnapshot(uid: string): Promise<void> {
  forgettings.set(uid, (forgettings.get(uid) ?? 0) + 1);
  await Promise.all([del(`snapshot:${uid}`, store()), forgetLastUid(uid)]);
}
