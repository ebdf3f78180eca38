import type { FastifyInstance } from 'fastify';
import { readNextScreenshot } from './screenshot-reading.service.ts';
import { createReceiptReader, type ReceiptReader } from './statements/receipt-reader.ts';

/** Between looks at an empty queue. A purchase with a screenshot is read within this. */
const POLL_MS = 5_000;
/** An idle engine is ended after this long, giving its memory back. */
const IDLE_CLOSE_MS = 5 * 60 * 1000;

/**
 * Reads queued payment screenshots in the background (issue 26 item 3), one at a time, from when
 * the server is ready until it closes. The OCR engine starts on the first screenshot and ends after
 * a quiet spell. Safe with several server processes: each reading is taken with SKIP LOCKED under
 * a lease. Call before the app listens (it adds the close hook).
 */
export function scheduleScreenshotReading(app: FastifyInstance): void {
  let reader: Promise<ReceiptReader> | null = null;
  let lastUsed = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const getReader = () => {
    reader ??= createReceiptReader();
    lastUsed = Date.now();
    return reader;
  };
  const closeReader = async () => {
    const open = reader;
    reader = null;
    if (open) await (await open).close();
  };
  const drain = async () => {
    try {
      for (;;) {
        if (stopped) return;
        const outcome = await readNextScreenshot(app.database.db, {
          storage: app.storage,
          reader: getReader,
          now: () => app.clock.now(),
        });
        if (outcome.kind === 'idle') break;
        // Which payment, never what was read.
        app.log.info(outcome, 'payment screenshot read');
      }
      if (reader && Date.now() - lastUsed > IDLE_CLOSE_MS) await closeReader();
    } catch (err) {
      app.log.error({ err }, 'payment screenshot reading failed');
    }
  };
  const timer = setInterval(() => {
    running = running.then(drain);
  }, POLL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await closeReader();
  });
  running = running.then(drain);
}
