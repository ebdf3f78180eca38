import { type SelectedPlan, type StatementMapping, SUBSCRIPTION_STATUSES } from '@pasado/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, timestamptz, updatedAt, version } from './columns.ts';
import { users } from './users.ts';

// The database holds the same list as core's schema, so a bad status cannot be written even by SQL.
const SUBSCRIPTION_STATUS_CHECK = sql.raw(
  `status in (${SUBSCRIPTION_STATUSES.map((s) => `'${s}'`).join(',')})`,
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: cascadeRef('user_id', () => users.id),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    isFreeTrial: boolean('is_free_trial').notNull().default(false),
    startsAt: timestamptz('starts_at').notNull().defaultNow(),
    expiryDate: timestamptz('expiry_date').notNull(),
    selectedPlan: jsonb('selected_plan').$type<SelectedPlan>(),
    coachId: text('coach_id'),
    coachEmail: text('coach_email'),
    isExtension: boolean('is_extension').notNull().default(false),
    /** Set while the subscription waits for the current one to end (docs/product.md#buying). */
    queuedAt: timestamptz('queued_at'),
    /** A retried or double-clicked purchase carries the same key and creates one subscription. */
    idempotencyKey: text('idempotency_key'),
    /** When staff (or reconciliation) first approved it: the dashboard's paid week and review time. */
    approvedAt: timestamptz('approved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('subscriptions_status_check', SUBSCRIPTION_STATUS_CHECK),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscriptions_idempotency_key').on(t.userId, t.idempotencyKey),
    // The staff dashboard's weekly figures (issue 26 item 4; docs/benchmarks.md).
    // Both columns each query reads, so the weeks are counted from the index alone.
    index('subscriptions_trial_started_idx').on(t.createdAt, t.userId).where(sql`is_free_trial`),
    index('subscriptions_approved_idx')
      .on(t.approvedAt, t.createdAt)
      .where(sql`approved_at is not null and not is_free_trial`),
    // "Has this account paid since its trial?", asked once per trial of the weeks shown.
    index('subscriptions_paid_user_idx')
      .on(t.userId)
      .where(sql`approved_at is not null and not is_free_trial`),
    index('subscriptions_waiting_idx')
      .on(t.createdAt)
      .where(sql`status in ('pending', 'forVerification') and not is_free_trial`),
  ],
);
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: cascadeRef('subscription_id', () => subscriptions.id),
    userId: cascadeRef('user_id', () => users.id),
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
    // Reference codes are unique across all transactions (docs/product.md#buying); stored without spaces.
    uniqueIndex('transactions_ref_code_key').on(t.refCode),
    uniqueIndex('transactions_screenshot_sha256_key').on(t.screenshotSha256),
    index('transactions_subscription_idx').on(t.subscriptionId),
    check(
      'transactions_amounts_check',
      sql`price >= 0 and discount_amount >= 0 and final_price >= 0`,
    ),
  ],
);

// Reconciliation against the receiving account's statement (issue 26; docs/decisions/029). The
// statement file itself is never kept: only its lines of money in, each once.

/** How one wallet or bank export writes its statement (core `StatementMapping`), kept as data. */
export const statementMappings = pgTable('statement_mappings', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  source: text('source').notNull(),
  /** The whole core `StatementMapping`, validated by the contract's `statementMappingSchema`. */
  definition: jsonb('definition').$type<StatementMapping>().notNull(),
  /** Shipped by the migration; staff add the others. */
  builtin: boolean('builtin').notNull().default(false),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** One upload of a statement: its figures and its file's hash, never the file or its password. */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mappingId: text('mapping_id')
      .notNull()
      .references(() => statementMappings.id),
    fileSha256: text('file_sha256').notNull(),
    kind: text('kind', { enum: ['csv', 'pdf'] }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
    lines: integer('lines').notNull(),
    newLines: integer('new_lines').notNull(),
    outgoing: integer('outgoing').notNull(),
    skipped: integer('skipped').notNull(),
    firstLineAt: timestamptz('first_line_at'),
    lastLineAt: timestamptz('last_line_at'),
  },
  (t) => [index('statement_imports_uploaded_idx').on(t.uploadedAt)],
);

/**
 * A line of money in, kept once: `identity` (core `StatementLine.identity`) is the natural key, so
 * an overlapping statement uploaded again adds nothing. A line satisfies one purchase, ever.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identity: text('identity').notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => statementImports.id),
    source: text('source').notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    timeKnown: boolean('time_known').notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    reference: text('reference'),
    sender: text('sender'),
    description: text('description').notNull().default(''),
    balanceCentavos: integer('balance_centavos'),
    /** The purchase an approval bound this line to (the audit entry names the line too). */
    claimedBySubscriptionId: uuid('claimed_by_subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    claimedAt: timestamptz('claimed_at'),
    claimedVia: text('claimed_via'),
  },
  (t) => [
    uniqueIndex('statement_lines_identity_key').on(t.identity),
    uniqueIndex('statement_lines_claimed_by_key').on(t.claimedBySubscriptionId),
    index('statement_lines_reference_idx').on(t.reference),
    index('statement_lines_occurred_idx').on(t.occurredAt),
    check('statement_lines_amount_check', sql`amount_centavos > 0`),
  ],
);

export const SCREENSHOT_READING_STATUSES = ['queued', 'reading', 'done', 'failed'] as const;
export type ScreenshotReadingStatus = (typeof SCREENSHOT_READING_STATUSES)[number];

/**
 * What OCR read from a payment screenshot, and the durable job that reads it: a row is queued in
 * the purchase's own transaction and taken with FOR UPDATE SKIP LOCKED, so it survives a restart.
 */
export const screenshotReadings = pgTable(
  'screenshot_readings',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SCREENSHOT_READING_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a `reading` row's lease ends: a process that died mid-read gives it back then. */
    leaseUntil: timestamptz('lease_until'),
    layout: text('layout'),
    reference: text('reference'),
    referenceConfidence: real('reference_confidence'),
    amountCentavos: integer('amount_centavos'),
    amountConfidence: real('amount_confidence'),
    paidAt: timestamptz('paid_at'),
    dateConfidence: real('date_confidence'),
    error: text('error'),
    queuedAt: timestamptz('queued_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    check(
      'screenshot_readings_status_check',
      sql.raw(`status in (${SCREENSHOT_READING_STATUSES.map((s) => `'${s}'`).join(',')})`),
    ),
    index('screenshot_readings_queue_idx').on(t.status, t.queuedAt),
    index('screenshot_readings_reference_idx').on(t.reference),
  ],
);
