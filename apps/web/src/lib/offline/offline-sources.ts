import { liteOfflineSource } from './lite-source.ts';
import type { OfflineSource } from './offline-source.ts';

/**
 * What a signed-in student keeps on the phone for each granted reviewer (issue 11 deliverable 2;
 * docs/decisions/019-offline-caching.md), listed by name on Study's "Available offline" panel.
 * Each is refreshed in the background (keep-offline.ts) through refreshSource.
 */
export const OFFLINE_SOURCES: readonly OfflineSource[] = [
  {
    kind: 'study',
    label: 'Flash cards and notes',
    path: (reviewer) => `/api/study/${encodeURIComponent(reviewer)}/offline-pack`,
  },
  liteOfflineSource,
];

/** The content-store kind of the study pack (features/study reads it offline). */
export const STUDY_KIND = 'study';

/**
 * The student's own progress kept beside the content (card schedules, notes read): small, changed
 * by every rating, so served apart from the pack and refreshed after each sent rating too. Not
 * listed to the student: it is part of "Flash cards and notes".
 */
export const STUDY_PROGRESS_SOURCE: OfflineSource = {
  kind: 'study-progress',
  label: 'Your study progress',
  path: (reviewer) => `/api/study/${encodeURIComponent(reviewer)}/offline-progress`,
};

/**
 * What the phone needs to choose For-you sets from the kept lite items (issue 23 item 4; ADR 032):
 * the student's model, item histories and the track's profile. Theirs, small, changed by every
 * finished set: read again after an offline set is sent, and with the lite items on quiz home.
 * Not listed: it is part of "Lite quiz items".
 */
export const FOR_YOU_SOURCE: OfflineSource = {
  kind: 'for-you',
  label: 'Your For-you practice',
  path: (reviewer) => `/api/quiz/${encodeURIComponent(reviewer)}/offline-for-you`,
};

export const PROGRESS_SOURCES: readonly OfflineSource[] = [STUDY_PROGRESS_SOURCE, FOR_YOU_SOURCE];
