import { type ChallengeItem, type SelectedPlan, SUBSCRIPTION_STATUSES } from '@pasado/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// snake_case in SQL, camelCase in TypeScript (STYLE.md habit 5). Every document the web app watches
// live carries a `version` that each write bumps, so a client can tell a newer snapshot from an
// older one (DESIGN.md "Live stream").

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const version = () => integer('version').notNull().default(1);

// The database holds the same list as core's schema, so a bad status cannot be written even by SQL.
const SUBSCRIPTION_STATUS_CHECK = sql.raw(
  `status in (${SUBSCRIPTION_STATUSES.map((s) => `'${s}'`).join(',')})`,
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    role: text('role', { enum: ['student', 'admin'] })
      .notNull()
      .default('student'),
    isOnboarded: boolean('is_onboarded').notNull().default(false),
    knowFrom: text('know_from'),
    currentLevel: text('current_level'),
    gemsCollection: jsonb('gems_collection')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    currentSubscriptionId: uuid('current_subscription_id'),
    challengesProgress: jsonb('challenges_progress')
      .$type<{ streak: ChallengeItem[]; mastery: ChallengeItem[] }>()
      .notNull()
      .default(sql`'{"streak":[],"mastery":[]}'::jsonb`),
    unclaimedDrillPoints: integer('unclaimed_drill_points').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_oidc_identity_key').on(t.oidcIssuer, t.oidcSubject),
    check('users_role_check', sql`role in ('student','admin')`),
    check('users_email_lower_check', sql`email = lower(email)`),
  ],
);

export const reviewers = pgTable('reviewers', {
  shorthand: text('shorthand').primaryKey(),
  abbreviation: text('abbreviation').notNull(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A row here is the claim `{shorthand}: 'Granted'` (SPEC §3 token claims). */
export const reviewerAccess = pgTable(
  'reviewer_access',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewerShorthand: text('reviewer_shorthand')
      .notNull()
      .references(() => reviewers.shorthand),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reviewerShorthand] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    isFreeTrial: boolean('is_free_trial').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiryDate: timestamp('expiry_date', { withTimezone: true }).notNull(),
    selectedPlan: jsonb('selected_plan').$type<SelectedPlan>(),
    coachId: text('coach_id'),
    coachEmail: text('coach_email'),
    isExtension: boolean('is_extension').notNull().default(false),
    /** Set while the subscription waits for the current one to end (DESIGN.md "Buying"). */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /** A retried or double-clicked purchase carries the same key and creates one subscription. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('subscriptions_status_check', SUBSCRIPTION_STATUS_CHECK),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscriptions_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    finalPrice: integer('final_price').notNull(),
    refCode: text('ref_code'),
    paymentScreenshotUrl: text('payment_screenshot_url'),
    screenshotSha256: text('screenshot_sha256'),
    couponCode: text('coupon_code'),
    couponId: text('coupon_id'),
    purchasedBy: text('purchased_by').notNull().default('user'),
    isFreeTrial: boolean('is_free_trial').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Reference codes are unique across all transactions (DESIGN.md "Buying"); stored without spaces.
    uniqueIndex('transactions_ref_code_key').on(t.refCode),
    uniqueIndex('transactions_screenshot_sha256_key').on(t.screenshotSha256),
    index('transactions_subscription_idx').on(t.subscriptionId),
    check(
      'transactions_amounts_check',
      sql`price >= 0 and discount_amount >= 0 and final_price >= 0`,
    ),
  ],
);

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
    userId: uuid('user_id')
      .notNull()
      .references(() => loginDevices.userId, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    deviceInfo: text('device_info').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceId] }),
    // One active device per login (SPEC §1), held by the database, not only by code.
    uniqueIndex('login_device_entries_one_active').on(t.userId).where(sql`is_active`),
  ],
);

/** Server-side sessions (DESIGN.md "Sessions"): the cookie holds a random token; we store its hash. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', { enum: ['signed-out', 'other-device', 'rotated'] }),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('session_logs_user_idx').on(t.userId, t.createdAt)],
);

/** Append-only: a trigger in the migrations refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt)],
);

export const userStats = pgTable('user_stats', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stats: jsonb('stats').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  updatedAt: updatedAt(),
});

/** Id is `{uid}_{month}_{year}` (SPEC §3, §9; core `streakRecordId`). */
export const mockExamStreaks = pgTable(
  'mock_exam_streaks',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    days: jsonb('days').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: updatedAt(),
  },
  () => [check('mock_exam_streaks_month_check', sql`month between 1 and 12`)],
);

export const seasons = pgTable(
  'seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiryDate: timestamp('expiry_date', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('seasons_status_check', sql`status in ('open','closed')`),
    index('seasons_open_idx').on(t.status, t.expiryDate),
  ],
);

export const userMessages = pgTable(
  'user_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageType: text('message_type', { enum: ['feedbacks', 'suggestions', 'issues'] }).notNull(),
    message: text('message').notNull(),
    attachment: text('attachment'),
    messageFromUserId: uuid('message_from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageFromUserEmail: text('message_from_user_email').notNull(),
    submittedDate: timestamp('submitted_date', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['unread', 'read'] })
      .notNull()
      .default('unread'),
    isArchive: boolean('is_archive').notNull().default(false),
  },
  (t) => [
    check('user_messages_type_check', sql`message_type in ('feedbacks','suggestions','issues')`),
    check('user_messages_length_check', sql`char_length(message) between 1 and 500`),
    index('user_messages_inbox_idx').on(t.isArchive, t.status, t.submittedDate),
  ],
);

/**
 * Daily visits of the in-app free-trial form (SPEC §7 incrementInAppFormVisit): one row per UTC
 * day, incremented with an upsert so concurrent visits never lose a count.
 */
export const inAppFormVisits = pgTable(
  'in_app_form_visits',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [check('in_app_form_visits_positive_check', sql`${t.visits} >= 0`)],
);

/**
 * Files uploaded through the API (SPEC §7 File storage), each owned by its uploader: a purchase may
 * only cite its own upload, and GET /api/files/* serves it to the owner or staff only.
 */
export const uploads = pgTable(
  'uploads',
  {
    path: text('path').primaryKey(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerUserId, t.createdAt),
    check('uploads_sha256_check', sql`sha256 ~ '^[0-9a-f]{64}$'`),
  ],
);
