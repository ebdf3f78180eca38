import { useSyncExternalStore } from 'react';
import { apiFetch } from '../api.ts';
import { whenIdle } from '../when-idle.ts';
import {
  dropContentExcept,
  holdingOf,
  type OfflineHolding,
  resumeContent,
} from './content-store.ts';
import { checkedRecently, type OfflineSource, refreshSource } from './offline-source.ts';
import {
  FOR_YOU_SOURCE,
  OFFLINE_SOURCES,
  PROGRESS_SOURCES,
  STUDY_PROGRESS_SOURCE,
} from './offline-sources.ts';
import { onOutboxOutcome } from './outbox.ts';
import { forgetSentRatings, rememberSentRating } from './sent-ratings.ts';

/**
 * Keeps each granted reviewer's content on the phone while the student is signed in and online
 * (issue 11 deliverable 2; docs/decisions/019-offline-caching.md): once at start (in idle time,
 * after the screen's own requests), then at most every few hours and whenever the phone comes
 * back online. Every refresh asks with the kept version, so an unchanged reviewer costs a 304.
 * After the outbox has sent a rating or a read note, the student's progress is read again: the
 * server's state wins over what the phone worked out offline. Content of reviewers no longer
 * granted is dropped.
 */

/** How often the background refresh runs at most (the content changes with a bank import). */
const REFRESH_EVERY_MS = 3 * 60 * 60_000;
const START_DELAY_MS = 3_000;
/** After a refresh that could not reach everything, the next try comes this soon. */
const RETRY_FAILED_MS = 60_000;
/** Ratings come a few seconds apart: the progress is read once the burst has been sent. */
const PROGRESS_DEBOUNCE_MS = 1_500;

const ALL_SOURCES = (): OfflineSource[] => [...OFFLINE_SOURCES, ...PROGRESS_SOURCES];

export type ReviewerOffline = {
  reviewer: string;
  /** What is kept of each listed source (OFFLINE_SOURCES), by kind; null when not kept. */
  holdings: Record<string, OfflineHolding | null>;
  /** Bytes kept for this reviewer, the student's progress included. */
  bytes: number;
  /** Every listed source is kept. */
  available: boolean;
  /** The oldest last check of the listed sources (null when something is not kept). */
  checkedAt: number | null;
};

export type OfflineState = {
  uid: string | null;
  reviewers: readonly ReviewerOffline[];
  /** A refresh is under way. */
  busy: boolean;
  /** The last refresh could not reach everything (the older copies are kept). */
  failed: boolean;
  loaded: boolean;
};

let state: OfflineState = { uid: null, reviewers: [], busy: false, failed: false, loaded: false };
let running: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

function update(next: Partial<OfflineState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

async function readHoldings(uid: string, reviewers: readonly string[]): Promise<ReviewerOffline[]> {
  return Promise.all(
    reviewers.map(async (reviewer) => {
      const holdings: Record<string, OfflineHolding | null> = {};
      let bytes = 0;
      for (const source of ALL_SOURCES()) {
        const held = await holdingOf(uid, source.kind, reviewer);
        bytes += held?.bytes ?? 0;
        if (OFFLINE_SOURCES.includes(source)) holdings[source.kind] = held;
      }
      const listed = Object.values(holdings);
      const available = listed.every((h) => h !== null);
      const checkedAt = available ? Math.min(...listed.map((h) => h?.checkedAt ?? 0)) : null;
      return { reviewer, holdings, bytes, available, checkedAt };
    }),
  );
}

async function reload(uid: string, reviewers: readonly string[]) {
  const held = await readHoldings(uid, reviewers);
  if (state.uid === uid) update({ reviewers: held, loaded: true });
}

/**
 * Brings every granted reviewer's content up to date (the "Download everything for offline"
 * control, and the background refresh). `force`: check even what was checked a moment ago.
 * Resolves true when everything was reached.
 */
export function refreshOffline(
  uid: string,
  reviewers: readonly string[],
  options: { force?: boolean } = {},
): Promise<boolean> {
  if (running) return running;
  const run = async () => {
    update({ busy: true });
    let ok = true;
    for (const reviewer of reviewers) {
      for (const source of ALL_SOURCES()) {
        // Signed out meanwhile: nothing more of this student is written to the phone.
        if (state.uid !== uid) return false;
        const held = await holdingOf(uid, source.kind, reviewer);
        if (!options.force && checkedRecently(held)) continue;
        try {
          await refreshSource(uid, source, reviewer);
        } catch (error) {
          ok = false;
          console.warn('Could not keep this for offline use', source.kind, reviewer, error);
        }
      }
      await reload(uid, reviewers);
    }
    await dropContentExcept(uid, reviewers);
    await reload(uid, reviewers);
    update({ failed: !ok });
    return ok;
  };
  running = run().finally(() => {
    running = null;
    update({ busy: false });
  });
  return running;
}

/**
 * What a download would cost now, in bytes of JSON (before compression): HEAD with the kept
 * version, so an unchanged source costs 0. null when it cannot be known (offline, a failure).
 */
export async function downloadSize(
  uid: string,
  reviewers: readonly string[],
): Promise<number | null> {
  try {
    let total = 0;
    for (const reviewer of reviewers) {
      for (const source of ALL_SOURCES()) {
        const held = await holdingOf(uid, source.kind, reviewer);
        const response = await apiFetch(source.path(reviewer), {
          method: 'HEAD',
          headers: held ? { 'If-None-Match': held.version } : {},
          timeoutMs: 15_000,
        });
        if (response.status === 304) continue;
        const length = Number(response.headers.get('content-length'));
        if (!response.ok || !Number.isFinite(length)) return null;
        total += length;
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** The refresh waits for an idle moment, at most this long; without idle callbacks, at once. */
const IDLE = { timeoutMs: 10_000, fallbackMs: 0 };

/**
 * Starts keeping a signed-in student's reviewers (app/signed-in-services.tsx); returns the stop.
 */
export function startKeepingOffline(uid: string, reviewers: readonly string[]): () => void {
  resumeContent(uid);
  if (state.uid !== uid) update({ uid, reviewers: [], loaded: false, failed: false });
  void reload(uid, reviewers);
  let lastRunAt = 0;
  let cancelIdle: () => void = () => undefined;
  const refresh = () => {
    if (!navigator.onLine) return;
    lastRunAt = Date.now();
    cancelIdle();
    cancelIdle = whenIdle(() => void refreshOffline(uid, reviewers), IDLE);
  };
  const start = window.setTimeout(refresh, START_DELAY_MS);
  const every = window.setInterval(() => {
    const wait = state.failed ? RETRY_FAILED_MS : REFRESH_EVERY_MS;
    if (Date.now() - lastRunAt >= wait) refresh();
  }, 60_000);
  window.addEventListener('online', refresh);

  // The server's progress wins: read it again once the outbox has sent what was done offline —
  // the study progress after ratings and notes read, the For-you kit after a lite set.
  const dirty = new Map<string, OfflineSource>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopOutcomes = onOutboxOutcome((outcome) => {
    const { kind, meta } = outcome.entry;
    const source =
      kind === 'flash-review' || kind === 'note-read'
        ? STUDY_PROGRESS_SOURCE
        : kind === 'lite-attempt'
          ? FOR_YOU_SOURCE
          : null;
    if (!outcome.ok || !source) return;
    if (!meta.reviewer || !reviewers.includes(meta.reviewer)) return;
    // Until the progress is read again, the phone replays the sent rating (sent-ratings.ts).
    if (kind === 'flash-review') void rememberSentRating(uid, meta.reviewer, outcome.entry);
    dirty.set(`${source.kind} ${meta.reviewer}`, source);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const list = [...dirty];
      dirty.clear();
      void Promise.all(
        list.map(async ([key, source]) => {
          const reviewer = key.slice(source.kind.length + 1);
          const readSince = Date.now();
          try {
            await refreshSource(uid, source, reviewer);
            if (source === STUDY_PROGRESS_SOURCE) await forgetSentRatings(uid, reviewer, readSince);
          } catch (error) {
            console.warn('Could not read your progress again', error);
          }
        }),
      ).then(() => reload(uid, reviewers));
    }, PROGRESS_DEBOUNCE_MS);
  });

  return () => {
    cancelIdle();
    window.clearTimeout(start);
    window.clearInterval(every);
    clearTimeout(timer);
    window.removeEventListener('online', refresh);
    stopOutcomes();
    if (state.uid === uid) update({ uid: null, reviewers: [], loaded: false });
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

/** What is kept for offline use, per granted reviewer, and whether a refresh is under way. */
export const useOfflineState = (): OfflineState =>
  useSyncExternalStore(subscribe, snapshot, snapshot);
