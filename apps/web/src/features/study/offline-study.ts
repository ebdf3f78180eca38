import type { StudyOfflinePack, StudyOfflineProgress } from '@pasado/core/contract';
import { readContent } from '../../lib/offline/content-store.ts';
import { STUDY_KIND, STUDY_PROGRESS_SOURCE } from '../../lib/offline/offline-sources.ts';
import { loadOutbox, type OutboxEntry } from '../../lib/offline/outbox.ts';
import { sentRatings } from '../../lib/offline/sent-ratings.ts';

/**
 * Studying with no signal (issue 11 deliverable 3; docs/decisions/019-offline-caching.md): the
 * flash queue (offline-flash.ts) and a topic's notes (offline-notes.ts) built on the phone from
 * what it keeps (the reviewer's pack and the student's progress, lib/offline/keep-offline.ts)
 * plus what waits in the outbox. Split in three so read and listen do not load FSRS.
 */

export type Kept = { pack: StudyOfflinePack; progress: StudyOfflineProgress };

export async function readKept(uid: string, reviewer: string): Promise<Kept | null> {
  // A copy kept by an app whose contract differed reads as none (core KEPT_FORMAT).
  const [pack, progress] = await Promise.all([
    readContent<StudyOfflinePack>(uid, STUDY_KIND, reviewer),
    readContent<StudyOfflineProgress>(uid, STUDY_PROGRESS_SOURCE.kind, reviewer),
  ]);
  return pack && progress ? { pack, progress } : null;
}

/**
 * This student's entries of one reviewer the kept progress may not show yet, oldest first: the
 * ratings sent since it was read (lib/offline/sent-ratings.ts), then the entries still waiting (or
 * not yet adopted: uid '').
 */
export async function changesSinceKept(uid: string, reviewer: string): Promise<OutboxEntry[]> {
  const [sent, queued] = await Promise.all([sentRatings(uid, reviewer), loadOutbox()]);
  return [
    ...sent,
    ...queued.filter((e) => (e.uid === uid || e.uid === '') && e.meta.reviewer === reviewer),
  ];
}
