import { PAYMENT_SCREENSHOT_FOLDER } from '@pasado/core';
import { and, eq, inArray, like, lt, notExists, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { transactions, uploads } from '../db/schema.ts';
import { lockUser } from '../repositories/users.ts';
import type { FileStorage } from './file-storage.ts';

/** A payment screenshot no purchase cites is deleted once it is this old (issue 3; ADR 004). */
export const ORPHAN_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Rows handled per sweep, so one run stays short however much piled up; the next run goes on. */
const BATCH = 500;

export interface SweepResult {
  /** Storage paths whose record and file were deleted. */
  deleted: string[];
  /** Paths whose record was deleted but whose file could not be removed: the caller logs them. */
  fileErrors: { path: string; error: unknown }[];
}

/** Uploads in the payment-screenshot folder, older than `cutoff`, cited by no transaction. */
function orphaned(ex: Executor, cutoff: Date) {
  return and(
    like(uploads.path, `${PAYMENT_SCREENSHOT_FOLDER}/%`),
    lt(uploads.createdAt, cutoff),
    notExists(
      ex
        .select({ one: sql`1` })
        .from(transactions)
        .where(eq(transactions.paymentScreenshotUrl, uploads.path)),
    ),
  );
}

/**
 * Deletes payment screenshots that were uploaded but never used by a purchase (issue 3: the
 * purchase page uploads before it calls subscribeUser, and a student may give up in between):
 * records in `uploads` under images/paymentScreenshots/ older than 24 h that no transaction's
 * paymentScreenshotUrl cites, then their files. Only that folder is swept: other uploads (e.g.
 * feedback images) have their own owners.
 *
 * Each owner's rows are deleted in one transaction holding that user's row lock — the lock
 * subscribeUser and addTransaction take first — and the "cited by no transaction" test is repeated
 * under it, so a purchase citing the screenshot at that moment either commits first (the upload
 * stays) or runs after (and is told to upload again). Files go after the commit: a crash in
 * between leaves a file without a record, never a record without its file.
 */
export async function sweepOrphanUploads(
  database: Database,
  storage: FileStorage,
  now: Date,
): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - ORPHAN_UPLOAD_TTL_MS);
  const db = database.db;
  const candidates = await db
    .select({ path: uploads.path, ownerUserId: uploads.ownerUserId })
    .from(uploads)
    .where(orphaned(db, cutoff))
    .orderBy(uploads.createdAt)
    .limit(BATCH);

  const byOwner = new Map<string, string[]>();
  for (const row of candidates) {
    byOwner.set(row.ownerUserId, [...(byOwner.get(row.ownerUserId) ?? []), row.path]);
  }

  const result: SweepResult = { deleted: [], fileErrors: [] };
  for (const [ownerUserId, paths] of byOwner) {
    const removed = await db.transaction(async (tx) => {
      await lockUser(tx, ownerUserId);
      return tx
        .delete(uploads)
        .where(and(inArray(uploads.path, paths), orphaned(tx, cutoff)))
        .returning({ path: uploads.path });
    });
    for (const { path } of removed) {
      try {
        await storage.delete(path);
        result.deleted.push(path);
      } catch (error) {
        result.fileErrors.push({ path, error });
      }
    }
  }
  return result;
}
