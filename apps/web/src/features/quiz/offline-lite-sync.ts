import type { AttemptState } from '@pasado/core';
import type { QueryClient } from '@tanstack/react-query';
import { progressSummaryQueryKey } from '../../lib/get-progress-summary.ts';
import { type OutboxOutcome, onOutboxOutcome } from '../../lib/offline/outbox.ts';
import { meQueryKey } from '../../lib/session/get-me.ts';
import { quizHomeQueryKey } from './api/get-quiz-home.ts';
import { readOfflineLite, writeOfflineLite } from './offline-lite-record.ts';

/**
 * When the outbox has sent a lite quiz taken offline (issue 11): the server's result replaces the
 * device's on the summary, and what shows gems, points and streak is fetched again. Runs for the
 * whole signed-in session (app/signed-in-services.tsx), whichever screen is open.
 */
export function followOfflineLite(client: QueryClient): () => void {
  return onOutboxOutcome((outcome: OutboxOutcome) => {
    const { entry } = outcome;
    if (entry.kind !== 'lite-attempt') return;
    const attemptId = entry.meta.attemptId ?? '';
    const record = readOfflineLite(entry.uid, attemptId);
    if (record) {
      writeOfflineLite(
        outcome.ok
          ? { ...record, synced: outcome.body as AttemptState }
          : { ...record, refused: true },
      );
    }
    if (!outcome.ok) return;
    for (const queryKey of [progressSummaryQueryKey, meQueryKey, quizHomeQueryKey]) {
      void client.invalidateQueries({ queryKey });
    }
  });
}
