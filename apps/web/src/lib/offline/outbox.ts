import { DEVICE_TIME_HEADER } from '@pasado/core/rules';
import { clear, createStore, del, entries, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import { apiFetch } from '../api.ts';

/**
 * The one outbox for every write made while the connection may be gone (issue 11 deliverable 4;
 * docs/decisions/019-offline-caching.md): mock answers and flags, flash-card ratings, read notes,
 * study sessions' finishes, lite attempts taken offline, analytics events. It replaced two (the
 * mock's localStorage answer queue and the flash-rating queue) with two retry policies.
 *
 * - Each entry is a self-describing request (method, path, JSON body), so whichever screen is open
 *   replays what an earlier visit left, without that feature's code being loaded.
 * - Kept in IndexedDB ('pasado-outbox'), so closing the tab keeps it; written before it is sent.
 * - Replayed in order, one at a time, stopping at the first failure worth retrying (network,
 *   timeout, 5xx, 429) and trying again with back-off (1 s, 3 s, 10 s, 30 s) and on `online`.
 *   A request the server refuses for good (other 4xx) is dropped and counted, never retried, and
 *   the ones after it are still sent (its answer goes to the outcome listeners: the paywall's
 *   refusals are reported from there, outbox-denials.ts).
 * - Idempotent: every entry has a key. A flash rating's key is its review id (the server applies it
 *   once); a read note's is the note's id (the server records a note read once); a mock answer
 *   is a PUT of the item's latest state, and a newer change to the same item
 *   replaces the queued one (the latest choice and flag win, as before); a lite attempt carries its
 *   client id; a study session's finish names its session (the server counts a day once). So a
 *   retry after a lost answer never counts twice.
 * - Per student: entries carry the student's id and only theirs are sent under their session;
 *   a sign-out or an ended session leaves them for that student's next sign-in on this phone.
 */

export type OutboxEntry = {
  /** Order of replay: increasing, unique. */
  id: number;
  /** Idempotency key; a queued entry with the same key is replaced (merged for answers). */
  key: string;
  kind:
    | 'mock-answer'
    | 'flash-review'
    | 'note-read'
    | 'session-finish'
    | 'lite-attempt'
    | 'analytics-event';
  uid: string;
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  /** What features need to relate an entry to their screen (attempt and question ids, …). */
  meta: Record<string, string>;
  createdAt: number;
};

/**
 * Whether an entry is a change the student made (an answer, a rating, a quiz): what "N changes
 * waiting to sync · last synced …" counts. An analytics event rides along but is not one, nor is
 * a study session's finish (the streak's bookkeeping, sent after the session's own changes).
 */
export const isStudentChange = (entry: Pick<OutboxEntry, 'kind'>): boolean =>
  entry.kind !== 'analytics-event' && entry.kind !== 'session-finish';

export type OutboxOutcome =
  | { entry: OutboxEntry; ok: true; body: unknown }
  /** `body`: the refusal's JSON (`{ error: { message, reason } }`), or null. */
  | { entry: OutboxEntry; ok: false; status: number; body: unknown };

export type OutboxState = {
  entries: readonly OutboxEntry[];
  /** True while a replay waits to try again after a failure worth retrying. */
  failing: boolean;
  /** Entries the server refused for good since the page loaded. */
  rejected: number;
  /** When the server last acknowledged an entry (persisted across visits), or null. */
  lastSyncedAt: number | null;
  loaded: boolean;
};

const RETRY_MS = [1_000, 3_000, 10_000, 30_000];
const LAST_SYNCED_KEY = 'pasado.outbox.lastSyncedAt';

let idbStore: ReturnType<typeof createStore> | null = null;
const store = () => {
  idbStore ??= createStore('pasado-outbox', 'entries');
  return idbStore;
};
/**
 * Removes entries from the store, failing as a rejected promise: where there is no IndexedDB at
 * all (some private modes) opening the store throws at once, which a `.catch` does not see.
 */
const forget = async (id?: number): Promise<void> =>
  id === undefined ? clear(store()) : del(id, store());

let state: OutboxState = {
  entries: [],
  failing: false,
  rejected: 0,
  lastSyncedAt: readLastSynced(),
  loaded: false,
};
let currentUid: string | null = null;
let nextId = Date.now() * 1_000;
let running: Promise<void> | null = null;
/** Set when a send is asked for while a pass is under way, so no wake-up is lost. */
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let retryCount = 0;
/** Ids sent or replaced in this page, so a concurrent reload never brings them back. */
const removedHere = new Set<number>();
/**
 * Ids known to be in the store (written by this page, or read from it): one of them missing from
 * a later read was sent or replaced by another tab. An entry this page could not store (private
 * mode, a full disk) is never in it, so it stays until this page sends it.
 */
const knownStored = new Set<number>();
const listeners = new Set<() => void>();
const outcomeListeners = new Set<(outcome: OutboxOutcome) => void>();

function readLastSynced(): number | null {
  try {
    const raw = localStorage.getItem(LAST_SYNCED_KEY);
    return raw ? Number(raw) : null;
  } catch {
    return null;
  }
}

function update(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const sorted = (list: OutboxEntry[]) => list.sort((a, b) => a.id - b.id);

/** Reads the stored entries (another tab or an earlier visit may have written some). */
async function reload(): Promise<void> {
  try {
    // Known before the read began: one this page stores meanwhile may be missing from the read.
    const knownBefore = [...knownStored];
    const stored = (await entries<number, OutboxEntry>(store())).map(([, entry]) => entry);
    const storedIds = new Set(stored.map((e) => e.id));
    const byId = new Map(state.entries.map((e) => [e.id, e]));
    // Sent (or replaced by a newer change) in another tab since this page read it: sending this
    // copy again would put a stale answer back over the newer one.
    for (const id of knownBefore) {
      if (storedIds.has(id)) continue;
      knownStored.delete(id);
      byId.delete(id);
    }
    for (const e of stored) {
      knownStored.add(e.id);
      if (removedHere.has(e.id)) continue;
      // This page's copy wins: the stored one may predate its adoption by the signed-in student.
      const known = byId.get(e.id);
      if (!known || (known.uid === '' && e.uid !== '')) byId.set(e.id, e);
    }
    for (const id of byId.keys()) nextId = Math.max(nextId, id);
    update({ entries: sorted([...byId.values()]), loaded: true });
  } catch (error) {
    console.warn('The offline outbox is unavailable on this device', error);
    update({ loaded: true });
  }
}

async function persist(entry: OutboxEntry): Promise<void> {
  try {
    await set(entry.id, entry, store());
    if (!removedHere.has(entry.id)) knownStored.add(entry.id);
  } catch (error) {
    // Private mode or a full disk: the change still goes out while this page stays open.
    console.warn('Could not keep a change on this device', error);
  }
}

async function remove(entry: OutboxEntry): Promise<void> {
  removedHere.add(entry.id);
  update({ entries: state.entries.filter((e) => e.id !== entry.id) });
  await forget(entry.id).catch(() => undefined);
}

/**
 * Queues a write for the signed-in student and starts sending. `merge`: a queued entry with the
 * same key has its body merged into the new one (a mock item's choice, then its flag).
 */
export async function enqueue(
  input: Omit<OutboxEntry, 'id' | 'uid' | 'createdAt'>,
  options: { merge?: boolean } = {},
): Promise<void> {
  // What an earlier visit left first: its change to this item is replaced, and every new id comes
  // after the stored ones (reload), however far the phone's clock went back since.
  if (!state.loaded) await reload();
  // A write made before the background sync started (its chunk loads lazily) is adopted by it.
  const uid = currentUid ?? '';
  const previous = state.entries.find((e) => e.key === input.key && e.uid === uid);
  nextId = Math.max(nextId + 1, Date.now() * 1_000);
  const entry: OutboxEntry = {
    ...input,
    body: options.merge && previous ? { ...previous.body, ...input.body } : input.body,
    id: nextId,
    uid,
    createdAt: Date.now(),
  };
  update({
    entries: sorted([...state.entries.filter((e) => e !== previous), entry]),
  });
  if (previous) {
    removedHere.add(previous.id);
    await forget(previous.id).catch(() => undefined);
  }
  await persist(entry);
  void flush();
}

function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

function scheduleRetry() {
  clearTimeout(timer);
  const wait = RETRY_MS[Math.min(retryCount, RETRY_MS.length - 1)] ?? 30_000;
  retryCount += 1;
  timer = setTimeout(() => void flush(), wait);
}

/**
 * Entries written before the outbox knew who is signed in (the mock screen can load before the
 * background services) belong to the student now signed in: when a session ends, the ones waiting
 * are given that student's id (keepOrphansFor), so no other student's can be waiting here.
 */
function adoptOrphans(uid: string) {
  const orphans = state.entries.filter((e) => e.uid === '');
  if (orphans.length === 0) return;
  const adopted = orphans.map((e) => ({ ...e, uid }));
  update({ entries: sorted([...state.entries.filter((e) => e.uid !== ''), ...adopted]) });
  for (const e of adopted) void persist(e);
}

/**
 * Gives the entries written before the outbox knew the student (uid '') to `uid`, whose session
 * has ended: they wait for that student's next session instead of being adopted by whoever signs
 * in next on this phone.
 */
export async function keepOrphansFor(uid: string): Promise<void> {
  await reload();
  adoptOrphans(uid);
}

async function replay(): Promise<void> {
  clearTimeout(timer);
  await reload();
  if (currentUid) adoptOrphans(currentUid);
  for (;;) {
    const entry = state.entries.find((e) => e.uid === currentUid);
    if (!entry || !currentUid) {
      update({ failing: false });
      retryCount = 0;
      return;
    }
    let response: Response;
    try {
      response = await apiFetch(entry.path, {
        method: entry.method,
        json: entry.body,
        // The phone's clock as it sends: the server moves times the phone recorded onto its own
        // clock by the difference (core `deviceClockOffsetMs`; docs/offline.md).
        headers: { 'Idempotency-Key': entry.key, [DEVICE_TIME_HEADER]: new Date().toISOString() },
        timeoutMs: 20_000,
      });
    } catch {
      update({ failing: true });
      scheduleRetry();
      return;
    }
    if (isRetryableStatus(response.status)) {
      update({ failing: true });
      scheduleRetry();
      return;
    }
    if (response.status === 401) {
      // Signed out elsewhere: keep the entry for when this student signs in again.
      update({ failing: true });
      return;
    }
    const body: unknown = await response.json().catch(() => null);
    await remove(entry);
    retryCount = 0;
    if (response.ok && isStudentChange(entry)) {
      const now = Date.now();
      try {
        localStorage.setItem(LAST_SYNCED_KEY, String(now));
      } catch {
        // Only the "last synced" time is lost.
      }
      update({ lastSyncedAt: now, failing: false });
      emit({ entry, ok: true, body });
    } else if (response.ok) {
      update({ failing: false });
      emit({ entry, ok: true, body });
    } else {
      update({ rejected: state.rejected + 1 });
      emit({ entry, ok: false, status: response.status, body });
    }
  }
}

function emit(outcome: OutboxOutcome) {
  for (const listener of outcomeListeners) {
    try {
      listener(outcome);
    } catch (error) {
      console.warn('An outbox listener failed', error);
    }
  }
}

/**
 * Sends what waits, in order; resolves when the outbox is empty or a failure stopped it (a retry
 * is then scheduled). Tabs take turns through a Web Lock, so two tabs never send the same entry at
 * once (a repeat would be harmless, every entry being idempotent, but it would waste data).
 */
export function flush(): Promise<void> {
  if (running) {
    // The pass under way may have looked already; one more pass after it sees this change.
    again = true;
    return running;
  }
  const run = async () => {
    do {
      again = false;
      await replay();
      // After a failure the scheduled retry sends the rest, keeping the back-off.
    } while (again && !state.failing);
  };
  const started: Promise<void> = navigator.locks
    ? navigator.locks.request('pasado-outbox', run).then(() => undefined)
    : run();
  const current = started.finally(() => {
    running = null;
  });
  running = current;
  return current;
}

/**
 * Starts the outbox for a signed-in student (app/signed-in-services.tsx): loads what an earlier
 * visit left, sends it, and sends again whenever the device comes back online.
 */
export function startOutbox(uid: string): () => void {
  currentUid = uid;
  const online = () => {
    retryCount = 0;
    void flush();
  };
  window.addEventListener('online', online);
  void flush();
  return () => {
    window.removeEventListener('online', online);
    clearTimeout(timer);
    if (currentUid === uid) currentUid = null;
  };
}

/** Forgets every queued change, every student's (a sign-out keeps them; tests start empty). */
export async function clearOutbox(): Promise<void> {
  clearTimeout(timer);
  currentUid = null;
  update({ entries: [], failing: false, rejected: 0, lastSyncedAt: null });
  try {
    localStorage.removeItem(LAST_SYNCED_KEY);
  } catch {
    // Nothing else to do.
  }
  await forget().catch(() => undefined);
}

/**
 * The entries waiting, read from the device first when this page has not yet (a screen that
 * builds on what waits, such as flash cards offline, must not miss what an earlier visit left).
 */
export async function loadOutbox(): Promise<readonly OutboxEntry[]> {
  if (!state.loaded) await reload();
  return state.entries;
}

/** Called with each entry the server answered (accepted or refused for good). */
export function onOutboxOutcome(listener: (outcome: OutboxOutcome) => void): () => void {
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export const useOutbox = (): OutboxState => useSyncExternalStore(subscribe, snapshot, snapshot);

export const outboxState = (): OutboxState => state;
