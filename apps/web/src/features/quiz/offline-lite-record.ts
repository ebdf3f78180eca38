import type { AttemptState, ItemReveal } from '@pasado/core';
import { useSyncExternalStore } from 'react';

/**
 * A lite quiz taken on the device (issue 11; ADR 019), kept in localStorage per student so a
 * reload, offline too, brings it back where it was, and quiz home offers it for resume like an
 * online one. Sign-out clears it with the other `pasado.lite.` keys (lib/offline/clear-offline-data.ts).
 */
export type OfflineLiteRecord = {
  uid: string;
  reviewer: string;
  subjectId: string | null;
  topicId: string | null;
  /** Drawn as a For-you set (ADR 032): sent so, and titled so. */
  forYou?: true;
  startedAt: string;
  finishedAt: string | null;
  /** The items' keys and explanations, from the kept pool; shown once an item is answered. */
  keys: Record<string, ItemReveal>;
  answeredAt: Record<string, string>;
  /** As the screen shows it: graded on the device; its result is the device's, for feedback only. */
  state: AttemptState;
  /** What the server made of it once sent: its grading and gems stand. */
  synced: AttemptState | null;
  /** The server refused it for good (too old, an item gone): no gems. */
  refused: boolean;
};

export const OFFLINE_LITE_PREFIX = 'pasado.lite.offline.';
/** Finished records older than this are dropped when a new offline quiz starts. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;

const keyOf = (uid: string, attemptId: string) => `${OFFLINE_LITE_PREFIX}${uid}.${attemptId}`;

const cache = new Map<string, OfflineLiteRecord | null>();
const listeners = new Set<() => void>();

export function readOfflineLite(uid: string, attemptId: string): OfflineLiteRecord | null {
  const key = keyOf(uid, attemptId);
  if (cache.has(key)) return cache.get(key) ?? null;
  let record: OfflineLiteRecord | null = null;
  try {
    const raw = localStorage.getItem(key);
    record = raw ? (JSON.parse(raw) as OfflineLiteRecord) : null;
  } catch {
    record = null;
  }
  cache.set(key, record);
  return record;
}

export function writeOfflineLite(record: OfflineLiteRecord): void {
  const key = keyOf(record.uid, record.state.attemptId);
  cache.set(key, record);
  try {
    localStorage.setItem(key, JSON.stringify(record));
  } catch {
    // A full disk: the quiz goes on in this page; only a reload would lose it.
  }
  for (const listener of listeners) listener();
}

/** Drops this student's finished offline quizzes kept longer than a week. */
export function pruneOfflineLite(uid: string, now: number): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(`${OFFLINE_LITE_PREFIX}${uid}.`)) continue;
      const record = JSON.parse(localStorage.getItem(key) ?? 'null') as OfflineLiteRecord | null;
      const done = record?.finishedAt ? Date.parse(record.finishedAt) : null;
      if (done !== null && now - done > KEEP_FINISHED_MS && (record?.synced || record?.refused)) {
        localStorage.removeItem(key);
        cache.delete(key);
      }
    }
  } catch {
    // Nothing to tidy when storage is unavailable.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The offline quiz with this id, kept current as it is answered and synced. */
export function useOfflineLite(
  uid: string | undefined,
  attemptId: string,
): OfflineLiteRecord | null {
  return useSyncExternalStore(
    subscribe,
    () => (uid ? readOfflineLite(uid, attemptId) : null),
    () => null,
  );
}
