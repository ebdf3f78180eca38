import type { SelectedPlan, SubscriptionStatus } from '@pasado/core';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { subscriptions, transactions, uploads, users } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { announce, topics } from '../live/topics.ts';
import type { SubscriptionRow } from './subscriptions.ts';

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
