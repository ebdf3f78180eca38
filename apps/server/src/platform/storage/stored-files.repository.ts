import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { storedFileChunks, storedFiles } from '../db/schema.ts';

/** A stored file's size and how many chunks hold it. */
export type StoredFileHead = { chunks: number; sizeBytes: number };

export async function readStoredFileHead(db: Db, path: string): Promise<StoredFileHead | null> {
  const [row] = await db
    .select({ chunks: storedFiles.chunks, sizeBytes: storedFiles.sizeBytes })
    .from(storedFiles)
    .where(eq(storedFiles.path, path));
  return row ?? null;
}

/** Up to `limit` chunks of a file from chunk `fromSeq` on, in order. */
export async function readStoredFileChunks(
  db: Db,
  path: string,
  fromSeq: number,
  limit: number,
): Promise<Buffer[]> {
  const rows = await db
    .select({ data: storedFileChunks.data })
    .from(storedFileChunks)
    .where(and(eq(storedFileChunks.path, path), gte(storedFileChunks.seq, fromSeq)))
    .orderBy(asc(storedFileChunks.seq))
    .limit(limit);
  return rows.map((row) => row.data);
}

/** Replaces the file at `path` with these chunks, in one transaction: a reader sees all or none. */
export async function writeStoredFile(
  db: Db,
  file: { path: string; contentType: string; sizeBytes: number; chunks: readonly Buffer[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(storedFiles).where(eq(storedFiles.path, file.path));
    await tx.insert(storedFiles).values({
      path: file.path,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
      chunks: file.chunks.length,
    });
    for (const [seq, data] of file.chunks.entries()) {
      await tx.insert(storedFileChunks).values({ path: file.path, seq, data });
    }
  });
}

/** Deletes the file and (by cascade) its chunks. */
export async function deleteStoredFile(db: Db, path: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.path, path));
}
