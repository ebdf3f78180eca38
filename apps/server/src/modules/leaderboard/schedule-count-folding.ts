import type { FastifyInstance } from 'fastify';
import { foldCountChanges } from './scores.repository.ts';

/** Often enough that the changes a rank adds up stay a few thousand rows on exam night. */
const EVERY_MS = 1_000;

/**
 * Folds the leaderboard's appended count changes into its count tables every second, until the
 * server closes (ADR 039). Ranks are exact whenever it runs; it only keeps the appended rows few.
 * Safe with several server processes: each fold removes the changes it applies. Call before the
 * app listens (it adds the close hook).
 */
export function scheduleCountFolding(app: FastifyInstance): void {
  const stop = startCountFoldingTimer(app);
  app.addHook('onClose', async () => stop());
}

/** The timer itself: one fold per interval; returns what stops it. */
export function startCountFoldingTimer(app: FastifyInstance): () => void {
  let running = false;
  const fold = async () => {
    // A fold slower than the interval (a loaded database) is not overlapped by the next.
    if (running) return;
    running = true;
    try {
      await foldCountChanges(app.database.db);
    } catch (err) {
      app.log.error({ err }, 'leaderboard count fold failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void fold(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
