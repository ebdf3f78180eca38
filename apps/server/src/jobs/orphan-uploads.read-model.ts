import { PAYMENT_SCREENSHOT_FOLDER, USER_FEEDBACK_FOLDER } from '@pasado/core';
import { and, eq, inArray, like, lt, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { transactions, uploads, userMessages } from '../platform/db/schema.ts';

// The orphan sweep's query and its guarded delete. "Cited" is a payment's or a message's reference
// to an upload, so the query reads three modules' tables and lives here, above them all; the
// delete repeats the test in its own statement.

/**
 * Uploads older than `cutoff` that nothing cites: a payment screenshot no transaction's
 * paymentScreenshotUrl names, or a message image no message's attachment (its /api/files/ URL)
 * names. Other folders are never swept. The test reads the payment and message tables because
 * "cited" is their foreign key to this one, checked in the same statement as the delete.
 */
function orphaned(ex: Executor, cutoff: Date) {
  return and(
    lt(uploads.createdAt, cutoff),
    or(
      and(
        like(uploads.path, `${PAYMENT_SCREENSHOT_FOLDER}/%`),
        notExists(
          ex
            .select({ one: sql`1` })
            .from(transactions)
            .where(eq(transactions.paymentScreenshotUrl, uploads.path)),
        ),
      ),
      and(
        like(uploads.path, `${USER_FEEDBACK_FOLDER}/%`),
        notExists(
          ex
            .select({ one: sql`1` })
            .from(userMessages)
            .where(eq(userMessages.attachment, sql`'/api/files/' || ${uploads.path}`)),
        ),
      ),
    ),
  );
}

/** The oldest orphaned uploads (see `orphaned`), `limit` at most. */
export async function listOrphanedUploads(
  ex: Executor,
  cutoff: Date,
  limit: number,
): Promise<{ path: string; ownerUserId: string }[]> {
  return ex
    .select({ path: uploads.path, ownerUserId: uploads.ownerUserId })
    .from(uploads)
    .where(orphaned(ex, cutoff))
    .orderBy(uploads.createdAt)
    .limit(limit);
}

/** Deletes those of `paths` that are still orphaned; returns the paths deleted. */
export async function deleteOrphanedUploads(
  ex: Executor,
  paths: string[],
  cutoff: Date,
): Promise<string[]> {
  const removed = await ex
    .delete(uploads)
    .where(and(inArray(uploads.path, paths), orphaned(ex, cutoff)))
    .returning({ path: uploads.path });
  return removed.map((row) => row.path);
}
