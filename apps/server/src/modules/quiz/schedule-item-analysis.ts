import type { FastifyInstance } from 'fastify';
import { refreshPassChances } from '../progress/pass-chances.ts';
import { runItemAnalysis } from './item-analysis.ts';
import { refineItemDifficulties } from './item-difficulty.ts';

/**
 * Runs the item-analysis job (and beside it the refinement of item difficulties and the stored
 * pass chances, ADR 034) when the server is ready and then every `ITEM_ANALYSIS_EVERY_MINUTES`
 * (hourly by default), until it closes; never on a page load (issue 12 item 6). Time comes from
 * the app's clock. One run at a time across every server process: a tick while a run is still
 * going, here or in another process, is skipped (a run over a large database may outlast the
 * interval). Call before the app listens (it adds the close hook).
 */
export function scheduleItemAnalysis(app: FastifyInstance): void {
  const stop = startItemAnalysisTimer(app);
  app.addHook('onClose', async () => stop());
}

/** The timer itself: one run now, then one per interval; returns what stops it. Off at 0. */
export function startItemAnalysisTimer(
  app: FastifyInstance,
  everyMs = app.config.itemAnalysisEveryMs,
): () => void {
  if (everyMs <= 0) return () => undefined;
  const jobs = async () => {
    try {
      const result = await runItemAnalysis(app.database.db, app.clock.now());
      app.log.info(result, 'item analysis computed');
    } catch (err) {
      app.log.error({ err }, 'item analysis failed');
    }
    // Beside it (ADR 034): item difficulties from everyone's answers, then each student's pass
    // chance for the staff aggregate from the refined difficulties; each on its own, so one
    // failing leaves the others' figures as fresh as they can be.
    try {
      const refined = await refineItemDifficulties(app.database.db, app.clock.now());
      app.log.info(refined, 'item difficulties refined');
    } catch (err) {
      app.log.error({ err }, 'item difficulty refinement failed');
    }
    try {
      const chances = await refreshPassChances(app.database.db, app.clock.now());
      app.log.info(chances, 'pass chances computed');
    } catch (err) {
      app.log.error({ err }, 'pass chances failed');
    }
  };
  const run = async () => {
    try {
      const outcome = await app.database.runAlone('analysis-jobs', jobs);
      if (!outcome.ran) app.log.info('analysis jobs skipped: a run is still going');
    } catch (err) {
      // Each job catches its own failure: this is the lock's connection.
      app.log.error({ err }, 'analysis jobs could not start');
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
