import type { FastifyInstance } from 'fastify';
import { runItemAnalysis } from './item-analysis.ts';

/**
 * Runs the item-analysis job when the server is ready and then every `ITEM_ANALYSIS_EVERY_MINUTES`
 * (hourly by default), until it closes; never on a page load (issue 12 item 6). Time comes from
 * the app's clock. Safe with several server processes: the job takes one advisory lock.
 * Call before the app listens (it adds the close hook).
 */
export function scheduleItemAnalysis(app: FastifyInstance): void {
  const stop = startItemAnalysisTimer(app);
  app.addHook('onClose', async () => stop());
}

/** The timer itself: one run now, then one per interval; returns what stops it. Off at 0. */
export function startItemAnalysisTimer(app: FastifyInstance): () => void {
  const everyMs = app.config.itemAnalysisEveryMs;
  if (everyMs <= 0) return () => undefined;
  const run = async () => {
    try {
      const result = await runItemAnalysis(app.database.db, app.clock.now());
      app.log.info(result, 'item analysis computed');
    } catch (err) {
      app.log.error({ err }, 'item analysis failed');
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
