import { type SelectedPlan, SUBSCRIPTION_STATUSES } from '@pasado/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
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
