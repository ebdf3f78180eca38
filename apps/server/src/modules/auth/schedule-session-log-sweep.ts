import type { FastifyInstance } from 'fastify';
import { sweepSessionLogs } from './service.ts';

const EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Deletes session logs past their retention period (core `SESSION_LOG_LIMITS.retentionDays`;
 * issue 21 finding 5) when the server is ready and then every six hours, until it closes. Safe
 * with several server processes: each deletes what is past the cutoff, which two may share.
 */
export function scheduleSessionLogSweep(app: FastifyInstance): void {
  const sweep = async () => {
    try {
      const deleted = await sweepSessionLogs(app.database.db, app.clock.now());
      if (deleted > 0) app.log.info({ count: deleted }, 'old session logs deleted');
    } catch (err) {
      app.log.error({ err }, 'session log sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  void sweep();
}
