import type { SelectedPlan, SubscriptionStatus } from '@pasado/core';
import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { auditLog, subscriptions, transactions, uploads, users } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { announce, topics } from '../../platform/live/topics.ts';
import type { SubscriptionRow } from './repository.ts';

export type TransactionRow = typeof transactions.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;

/** Records an uploaded file as owned by its uploader (SPEC §7 File storage). */
export async function insertUpload(
  ex: Executor,
  row: Omit<typeof uploads.$inferInsert, 'createdAt'>,
): Promise<boolean> {
  const inserted = await ex
    .insert(uploads)
    .values(row)
    .onConflictDoNothing({ target: uploads.path })
    .returning({ path: uploads.path });
  return inserted.length > 0;
}

export async function findUpload(ex: Executor, objectPath: string): Promise<UploadRow | null> {
  const [row] = await ex.select().from(uploads).where(eq(uploads.path, objectPath));
  return row ?? null;
}

export async function findSubscriptionByIdempotencyKey(
  ex: Executor,
  userId: string,
  key: string,
): Promise<SubscriptionRow | null> {
  const [row] = await ex
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.idempotencyKey, key)));
  return row ?? null;
}

/** Row lock for a status change: two staff approving at once change it once. */
export async function lockSubscription(ex: Executor, id: string): Promise<SubscriptionRow | null> {
  const [row] = await ex.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ?? null;
}

/** The user's current subscription (users.current_subscription_id), if any. */
export async function findCurrentSubscription(
  ex: Executor,
  userId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await ex
    .select({ sub: subscriptions })
    .from(users)
    .innerJoin(subscriptions, eq(subscriptions.id, users.currentSubscriptionId))
    .where(eq(users.id, userId));
  return row?.sub ?? null;
}

/** Queued subscriptions (DESIGN.md "Buying"), oldest first. */
export async function listQueuedSubscriptions(
  ex: Executor,
  userId: string,
): Promise<SubscriptionRow[]> {
  return ex
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.queuedAt)))
    .orderBy(asc(subscriptions.queuedAt), asc(subscriptions.createdAt));
}

/** All of a user's subscriptions, newest first (the operator CLI's listing). */
export async function listSubscriptionsOf(
  ex: Executor,
  userId: string,
): Promise<SubscriptionRow[]> {
  return ex
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
}

export async function insertSubscription(
  ex: Executor,
  values: {
    userId: string;
    selectedPlan: SelectedPlan;
    startsAt: Date;
    expiryDate: Date;
    queuedAt: Date | null;
    isExtension: boolean;
    coachId: string | null;
    coachEmail: string | null;
    idempotencyKey: string;
  },
): Promise<SubscriptionRow> {
  const [row] = await ex
    .insert(subscriptions)
    .values({ ...values, status: 'pending', isFreeTrial: false })
    .returning();
  if (!row) throw new AppError('INTERNAL', 'Subscription was not created.');
  await announce(ex, topics.subscription(row.id), row.version);
  return row;
}

export async function insertTransaction(
  ex: Executor,
  values: {
    subscriptionId: string;
    userId: string;
    price: number;
    discountAmount: number;
    finalPrice: number;
    refCode: string | null;
    paymentScreenshotUrl: string | null;
    screenshotSha256: string | null;
  },
): Promise<TransactionRow> {
  const [row] = await ex
    .insert(transactions)
    .values({ ...values, purchasedBy: 'user', isFreeTrial: false })
    .returning();
  if (!row) throw new AppError('INTERNAL', 'Transaction was not created.');
  return row;
}

export async function findTransactionByRefCode(
  ex: Executor,
  refCode: string,
): Promise<TransactionRow | null> {
  const [row] = await ex.select().from(transactions).where(eq(transactions.refCode, refCode));
  return row ?? null;
}

export async function findTransactionByScreenshot(
  ex: Executor,
  sha256: string,
): Promise<TransactionRow | null> {
  const [row] = await ex
    .select()
    .from(transactions)
    .where(eq(transactions.screenshotSha256, sha256));
  return row ?? null;
}

/** The transactions of a subscription, oldest first. */
export async function listTransactionsOf(
  ex: Executor,
  subscriptionId: string,
): Promise<TransactionRow[]> {
  return ex
    .select()
    .from(transactions)
    .where(eq(transactions.subscriptionId, subscriptionId))
    .orderBy(asc(transactions.createdAt));
}

/** Sets a status, bumps the version and announces subscriptions/{id}; the caller holds the lock. */
export async function setSubscriptionStatus(
  ex: Executor,
  id: string,
  status: SubscriptionStatus,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await ex
    .update(subscriptions)
    .set({ status, updatedAt: now, version: sql`${subscriptions.version} + 1` })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'No such subscription.');
  await announce(ex, topics.subscription(row.id), row.version);
  return row;
}

/** Takes a subscription out of the queue (it became current), keeping its computed term. */
export async function dequeueSubscription(ex: Executor, id: string, now: Date): Promise<void> {
  const [row] = await ex
    .update(subscriptions)
    .set({ queuedAt: null, updatedAt: now, version: sql`${subscriptions.version} + 1` })
    .where(eq(subscriptions.id, id))
    .returning({ version: subscriptions.version });
  await announce(ex, topics.subscription(id), row?.version);
}

/** Bumps a subscription's version (its transactionIds changed) and announces it. */
export async function touchSubscription(ex: Executor, id: string, now: Date): Promise<void> {
  const [row] = await ex
    .update(subscriptions)
    .set({ updatedAt: now, version: sql`${subscriptions.version} + 1` })
    .where(eq(subscriptions.id, id))
    .returning({ version: subscriptions.version });
  await announce(ex, topics.subscription(id), row?.version);
}

export async function deleteUpload(ex: Executor, objectPath: string): Promise<void> {
  await ex.delete(uploads).where(eq(uploads.path, objectPath));
}

// ---------------------------------------------------------------------------------------------
// The staff console's review queue (DESIGN.md "Staff"; issue 3 item 6). Free trials are not
// payments and never appear. Times are compared at millisecond precision, the precision of the
// cursor the client sends back, so a page never repeats its last row.
// ---------------------------------------------------------------------------------------------

const createdAtMs = sql`date_trunc('milliseconds', ${subscriptions.createdAt})`;

export interface QueueRow {
  sub: SubscriptionRow;
  email: string;
}

/** Purchases in the given statuses, oldest first, after the keyset cursor; `limit` rows at most. */
export async function listReviewQueue(
  ex: Executor,
  input: {
    statuses: readonly SubscriptionStatus[];
    after: { at: Date; id: string } | null;
    limit: number;
  },
): Promise<QueueRow[]> {
  const conditions = [
    eq(subscriptions.isFreeTrial, false),
    inArray(subscriptions.status, [...input.statuses]),
  ];
  if (input.after) {
    conditions.push(
      sql`(${createdAtMs}, ${subscriptions.id}) > (${input.after.at.toISOString()}::timestamptz, ${input.after.id}::uuid)`,
    );
  }
  return ex
    .select({ sub: subscriptions, email: users.email })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(...conditions))
    .orderBy(createdAtMs, asc(subscriptions.id))
    .limit(input.limit);
}

/** One purchase with its owner's email, or null (also for a free trial). */
export async function findReviewRow(ex: Executor, id: string): Promise<QueueRow | null> {
  const [row] = await ex
    .select({ sub: subscriptions, email: users.email })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(eq(subscriptions.id, id), eq(subscriptions.isFreeTrial, false)));
  return row ?? null;
}

/** Purchases per status (free trials excluded). */
export async function countPurchasesByStatus(
  ex: Executor,
): Promise<Partial<Record<SubscriptionStatus, number>>> {
  const rows = await ex
    .select({ status: subscriptions.status, n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(eq(subscriptions.isFreeTrial, false))
    .groupBy(subscriptions.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export interface ReviewTransactionRow extends TransactionRow {
  /** Other transactions citing the same reference code. */
  refCodeElsewhere: number;
  /** Other accounts that uploaded an image with the same content hash. */
  screenshotElsewhere: number;
}

/** The transactions of these subscriptions, oldest first, with the reuse counts of their proofs. */
export async function listReviewTransactions(
  ex: Executor,
  subscriptionIds: readonly string[],
): Promise<ReviewTransactionRow[]> {
  if (subscriptionIds.length === 0) return [];
  // Written out with explicit table names: drizzle drops the qualifiers in a one-table select.
  const rows = await ex
    .select({
      txn: transactions,
      refCodeElsewhere: sql<number>`(select count(*)::int from transactions other
        where other.ref_code = transactions.ref_code and other.id <> transactions.id)`,
      screenshotElsewhere: sql<number>`(select count(distinct up.owner_user_id)::int from uploads up
        where up.sha256 = transactions.screenshot_sha256
          and up.owner_user_id <> transactions.user_id)`,
    })
    .from(transactions)
    .where(inArray(transactions.subscriptionId, [...subscriptionIds]))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  return rows.map((r) => ({
    ...r.txn,
    refCodeElsewhere: r.refCodeElsewhere,
    screenshotElsewhere: r.screenshotElsewhere,
  }));
}

export type AuditRow = typeof auditLog.$inferSelect;

/** The audit trail of one target, oldest first. */
export async function listAuditOf(
  ex: Executor,
  targetType: string,
  targetId: string,
): Promise<AuditRow[]> {
  return ex
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.id));
}

/** The latest audit entries, newest first, older than `before` when given. */
export async function listRecentAudit(
  ex: Executor,
  input: { before: number | null; limit: number },
): Promise<AuditRow[]> {
  return ex
    .select()
    .from(auditLog)
    .where(input.before === null ? undefined : lt(auditLog.id, input.before))
    .orderBy(desc(auditLog.id))
    .limit(input.limit);
}
