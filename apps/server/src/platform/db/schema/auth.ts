import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, timestamptz, updatedAt, version } from './columns.ts';
import { users } from './users.ts';

export const loginDevices = pgTable('login_devices', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  currentDeviceUsed: text('current_device_used').notNull(),
  updatedAt: updatedAt(),
  version: version(),
});
export const loginDeviceEntries = pgTable(
  'login_device_entries',
  {
    userId: cascadeRef('user_id', () => loginDevices.userId),
    deviceId: text('device_id').notNull(),
    deviceInfo: text('device_info').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    lastSignInAt: timestamptz('last_sign_in_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceId] }),
    // One active device per login (docs/product.md#overview), held by the database, not only by code.
    uniqueIndex('login_device_entries_one_active').on(t.userId).where(sql`is_active`),
  ],
);
/** Server-side sessions (docs/product.md#sessions): the cookie holds a random token; we store its hash. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    deviceId: text('device_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason', { enum: ['signed-out', 'other-device', 'rotated'] }),
    /** When the session was last used, to the hour: a session idle too long ends (ASVS V7). */
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    // At most one live session per user: signing in elsewhere must revoke the others first.
    uniqueIndex('sessions_one_live_per_user').on(t.userId).where(sql`revoked_at is null`),
  ],
);
export const sessionLogs = pgTable(
  'session_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: cascadeRef('user_id', () => users.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('session_logs_user_idx').on(t.userId, t.createdAt)],
);
