import { customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cascadeTextRef, createdAt } from './columns.ts';

/**
 * Stored files when the app runs on PostgreSQL (docs/product.md#system: every app process serves
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
