import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cascadeRef, cascadeTextRef, createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Files uploaded through the API (SPEC §7 File storage), each owned by its uploader: a purchase may
 * only cite its own upload, and GET /api/files/* serves it to the owner or staff only.
 */
export const uploads = pgTable(
  'uploads',
  {
    path: text('path').primaryKey(),
    ownerUserId: cascadeRef('owner_user_id', () => users.id),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The name the student's device gave the file; metadata only, never part of the path. */
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerUserId, t.createdAt),
    check('uploads_sha256_check', sql`sha256 ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Stored files when the app runs on PostgreSQL (DESIGN.md "Real parts": every app process serves
 * every file). A file is written in one transaction as 256 KB chunks and read back chunk by chunk,
 * so serving a 5 MB screenshot never holds one 5 MB row in memory at once.
 */
export const storedFiles = pgTable('stored_files', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  chunks: integer('chunks').notNull(),
  createdAt: createdAt(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    path: cascadeTextRef('path', () => storedFiles.path),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.path, t.seq] })],
);
