import { KEPT_FORMAT } from '@pasado/core/rules';
import { createStore, del, get, keys, set } from 'idb-keyval';

/**
 * Content kept on the device for studying with no signal (issue 11 deliverable 2;
 * docs/decisions/019-offline-caching.md): per student, per reviewer, per kind of content. Each
 * entry keeps the server's version (its ETag), so a refresh downloads only what changed, and its
 * size, so the student sees what "Download everything for offline" costs and holds.
 *
 * One IndexedDB database ('pasado-content') for every kind; a student's entries are deleted once
 * the server says their session is gone (clear-offline-data.ts).
 */

export type OfflineHolding = {
  /** The server's version of what is kept (the response's ETag). */
  version: string;
  /** Size of what is kept, in bytes of JSON (what the download cost, before compression). */
  bytes: number;
  /** When it was last checked against the server (ms since epoch). */
  checkedAt: number;
};

let idbStore: ReturnType<typeof createStore> | null = null;
const store = () => {
  idbStore ??= createStore('pasado-content', 'kept');
  return idbStore;
};

const keyOf = (uid: string, kind: string, reviewer: string) => `${uid}:${kind}:${reviewer}`;

type Kept<T> = OfflineHolding & { format?: number; data: T };

/** The entry under `key` when it was kept in this app's format (core KEPT_FORMAT); else none. */
async function keptEntry<T>(key: string): Promise<Kept<T> | undefined> {
  const kept = await get<Kept<T>>(key, store()).catch(() => undefined);
  return kept?.format === KEPT_FORMAT ? kept : undefined;
}

/** Students forgotten so far in this page (signed out, or their session ended). */
let generation = 0;
/** Per student, the generation they were last forgotten at: a download begun before keeps nothing. */
const forgottenAt = new Map<string, number>();

/**
 * Where the store is now, for a writer to pass back to `keepContent`: a download that began before
 * a sign-out answers after it, and would put the signed-out student's content (the lite pool's
 * keys among it) back on a shared phone, under an id no later sign-out of another student clears.
 */
export const contentGeneration = (): number => generation;

/**
 * A write for `uid` begun at `since` that their sign-out has overtaken: begun before it, or after
 * it and before a new session of theirs (`resumeContent`). The background refresh goes on to its
 * next source until the signed-in services stop, a moment after the deletion, and a download begun
 * in that moment put the pool back on a shared phone.
 */
const overtaken = (uid: string, since: number): boolean => since <= (forgottenAt.get(uid) ?? -1);

/** A session of `uid` keeps content again (keep-offline.ts): downloads begun from now are kept. */
export function resumeContent(uid: string): void {
  if (forgottenAt.has(uid)) generation += 1;
}

/** Keeps `data` for `uid`, unless a sign-out of theirs has overtaken the work begun at `since`. */
export async function keepContent<T>(
  uid: string,
  kind: string,
  reviewer: string,
  holding: OfflineHolding,
  data: T,
  since: number,
): Promise<void> {
  if (overtaken(uid, since)) return;
  const kept: Kept<T> = { ...holding, format: KEPT_FORMAT, data };
  await set(keyOf(uid, kind, reviewer), kept, store());
}

export async function readContent<T>(
  uid: string,
  kind: string,
  reviewer: string,
): Promise<T | null> {
  const kept = await keptEntry<T>(keyOf(uid, kind, reviewer));
  return kept?.data ?? null;
}

/** What is kept, without the data (the version, size and last check). */
export async function holdingOf(
  uid: string,
  kind: string,
  reviewer: string,
): Promise<OfflineHolding | null> {
  const kept = await keptEntry(keyOf(uid, kind, reviewer));
  return kept ? { version: kept.version, bytes: kept.bytes, checkedAt: kept.checkedAt } : null;
}

/** Marks kept content as checked now (the server answered 304: nothing changed). */
export async function touchContent(
  uid: string,
  kind: string,
  reviewer: string,
  since: number,
): Promise<void> {
  const key = keyOf(uid, kind, reviewer);
  const kept = await keptEntry(key);
  if (overtaken(uid, since)) return;
  if (kept) await set(key, { ...kept, checkedAt: Date.now() }, store());
}

/** Drops what a student keeps for reviewers they no longer hold. */
export async function dropContentExcept(uid: string, reviewers: readonly string[]): Promise<void> {
  const wanted = new Set(reviewers);
  const all = (await keys<string>(store()).catch(() => [])) as string[];
  for (const key of all) {
    const [owner, , reviewer] = key.split(':');
    if (owner === uid && reviewer !== undefined && !wanted.has(reviewer)) {
      await del(key, store()).catch(() => undefined);
    }
  }
}

/**
 * Deletes everything `uid` keeps; other students' content stays, and writes of theirs begun before
 * keep nothing from now on. A store that cannot be read fails the deletion rather than deleting
 * nothing in silence, and the caller says so.
 */
export async function forgetContent(uid: string): Promise<void> {
  generation += 1;
  forgottenAt.set(uid, generation);
  const all = (await keys<string>(store())) as string[];
  await Promise.all(
    all
      .filter((key) => key.startsWith(`${uid}:`))
      .map((key) => del(key, store()).catch(() => undefined)),
  );
}
