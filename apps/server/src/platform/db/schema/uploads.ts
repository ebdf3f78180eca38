import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Files uploaded through the API (docs/product.md#file-storage), each owned by its uploader: a purchase may
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
