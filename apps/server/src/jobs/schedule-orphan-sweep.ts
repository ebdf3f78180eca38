import type { FastifyInstance } from 'fastify';
import { sweepOrphanUploads } from './sweep-orphan-uploads.ts';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Sweeps unused uploads when the server is ready and then hourly, until it closes. Safe with
 * several server processes: the sweep re-checks each row under the owner's lock.
 */
export function scheduleOrphanSweep(app: FastifyInstance): void {
  const storage = app.storage;
  const sweep = async () => {
    try {
      const result = await sweepOrphanUploads(app.database, storage, app.clock.now());
      if (result.deleted.length > 0) {
        app.log.info({ count: result.deleted.length }, 'unused uploads deleted');
      }
      for (const failure of result.fileErrors) {
        app.log.warn({ err: failure.error, path: failure.path }, 'unused upload file not deleted');
      }
    } catch (err) {
      app.log.error({ err }, 'unused upload sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  void sweep();
}
