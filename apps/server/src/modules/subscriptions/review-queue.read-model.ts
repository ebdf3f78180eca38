import type { SubscriptionStatus } from '@pasado/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { subscriptions, transactions, users } from '../../platform/db/schema.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';
import type { TransactionRow } from './transactions.repository.ts';

// The staff console's review queue (docs/product.md#staff; issue 3 item 6), with each buyer's email
// and the reuse counts of their proofs' uploads: a read model over users, uploads and
// subscriptions. Free trials are not payments and never appear. Times are compared at millisecond
// precision, the precision of the cursor the client sends back, so a page never repeats its last
// row.

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
