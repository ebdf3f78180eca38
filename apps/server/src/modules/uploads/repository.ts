import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { uploads } from '../../platform/db/schema.ts';

/** A file uploaded through the API, owned by its uploader (docs/product.md#file-storage). */
export interface Upload {
  path: string;
  ownerUserId: string;
  sha256: string;
  contentType: string;
  sizeBytes: number;
  /** The device's name for the file (metadata only; the path carries the sniffed extension). */
  originalName: string | null;
  createdAt: Date;
}

/** Records an uploaded file as owned by its uploader; false when the path is already taken. */
export async function insertUpload(
  ex: Executor,
  row: Omit<Upload, 'createdAt' | 'originalName'> & { originalName?: string | null },
): Promise<boolean> {
  const inserted = await ex
    .insert(uploads)
    .values(row)
    .onConflictDoNothing({ target: uploads.path })
    .returning({ path: uploads.path });
  return inserted.length > 0;
}

export async function findUpload(ex: Executor, objectPath: string): Promise<Upload | null> {
  const [row] = await ex.select().from(uploads).where(eq(uploads.path, objectPath));
  return row ?? null;
}

export async function deleteUpload(ex: Executor, objectPath: string): Promise<void> {
  await ex.delete(uploads).where(eq(uploads.path, objectPath));
}
