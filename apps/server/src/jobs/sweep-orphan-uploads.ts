import { lockUser } from '../modules/users/repository.ts';
import type { Database } from '../platform/db/client.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';
import { deleteOrphanedUploads, listOrphanedUploads } from './orphan-uploads.read-model.ts';

/** An image nothing cites is deleted once it is this old (issue 3; ADR 004). */
export const ORPHAN_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Rows handled per sweep, so one run stays short however much piled up; the next run goes on. */
const BATCH = 500;

export interface SweepResult {
  /** Storage paths whose record and file were deleted. */
  deleted: string[];
  /** Paths whose record was deleted but whose file could not be removed: the caller logs them. */
  fileErrors: { path: string; error: unknown }[];
}

/**
 * Deletes images that were uploaded but never used (issue 3: the purchase page uploads before it
 * calls subscribeUser, and the message modal before it sends; a student may give up or lose the
 * connection in between): records in `uploads` older than 24 h that nothing cites, then their
 * files.
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
  const candidates = await listOrphanedUploads(db, cutoff, BATCH);

  const byOwner = new Map<string, string[]>();
  for (const row of candidates) {
    byOwner.set(row.ownerUserId, [...(byOwner.get(row.ownerUserId) ?? []), row.path]);
  }

  const result: SweepResult = { deleted: [], fileErrors: [] };
  for (const [ownerUserId, paths] of byOwner) {
    const removed = await db.transaction(async (tx) => {
      await lockUser(tx, ownerUserId);
      return deleteOrphanedUploads(tx, paths, cutoff);
    });
    for (const path of removed) {
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
