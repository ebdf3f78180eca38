import type { OfflineSource } from './offline-source.ts';

/**
 * The lite-quiz items a device keeps for quizzes with no signal (issue 11; ADR 019): the server's
 * pool of at least 100 items per subject with keys and rationales, one copy per reviewer, read by
 * features/quiz/offline-lite.ts. Refreshed with the other sources (lib/offline/offline-sources.ts).
 */
export const liteOfflineSource: OfflineSource = {
  kind: 'lite',
  label: 'Lite quiz items',
  path: (reviewer) => `/api/quiz/${encodeURIComponent(reviewer)}/offline-items`,
};
