import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import {
  finishScreenshotReading,
  type ScreenshotReadingRow,
  takeScreenshotReading,
} from './reconciliation.repository.ts';
import type { ReceiptReader } from './statements/receipt-reader.ts';
import { findTransactionById } from './transactions.repository.ts';

/**
 * The screenshot-reading job (issue 26 item 3): takes one queued reading, reads the screenshot
 * with OCR (in the reader's worker thread, never on a request's path) and stores the reference,
 * amount and date with their confidence. The queue is the `screenshot_readings` table: a reading
 * is taken under a lease, so one whose process died is taken again once the lease ends, and a
 * reading fails for good after `MAX_ATTEMPTS`. What was read is never logged.
 */

/** How long a reader may hold a reading before another process may take it again. */
export const READING_LEASE_MS = 2 * 60 * 1000;
export const MAX_ATTEMPTS = 3;

export type ReadingOutcome =
  | { kind: 'idle' }
  | { kind: 'done'; transactionId: string }
  | { kind: 'failed'; transactionId: string; retry: boolean };

export async function readNextScreenshot(
  db: Db,
  input: { storage: FileStorage; reader: () => Promise<ReceiptReader>; now: () => Date },
): Promise<ReadingOutcome> {
  const taken: ScreenshotReadingRow | null = await db.transaction((tx) =>
    takeScreenshotReading(tx, {
      now: input.now(),
      leaseMs: READING_LEASE_MS,
      maxAttempts: MAX_ATTEMPTS,
    }),
  );
  if (!taken) return { kind: 'idle' };
  const { transactionId } = taken;
  const fail = async (error: string, retry: boolean): Promise<ReadingOutcome> => {
    await finishScreenshotReading(
      db,
      transactionId,
      { status: retry ? 'queued' : 'failed', error },
      input.now(),
    );
    return { kind: 'failed', transactionId, retry };
  };
  try {
    const txn = await findTransactionById(db, transactionId);
    const path = txn?.paymentScreenshotUrl;
    if (!path) return await fail('The payment has no screenshot.', false);
    const bytes = await input.storage.get(path);
    if (!bytes) return await fail('The screenshot is no longer stored.', false);
    const reading = await (await input.reader()).read(new Uint8Array(bytes));
    await finishScreenshotReading(
      db,
      transactionId,
      {
        status: 'done',
        layout: reading.layout,
        reference: reading.reference?.value ?? null,
        referenceConfidence: reading.reference?.confidence ?? null,
        amountCentavos: reading.amount?.centavos ?? null,
        amountConfidence: reading.amount?.confidence ?? null,
        paidAt: reading.paidAt?.at ?? null,
        dateConfidence: reading.paidAt?.confidence ?? null,
      },
      input.now(),
    );
    return { kind: 'done', transactionId };
  } catch (error) {
    // Not an image, or one too large to decode: reading it again changes nothing.
    if (error instanceof AppError && error.code === 'INVALID_ARGUMENT') {
      return fail(error.message, false);
    }
    const message = error instanceof AppError ? error.message : 'The reader failed.';
    return fail(message, taken.attempts < MAX_ATTEMPTS);
  }
}
