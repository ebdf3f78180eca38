import type { PaymentHistoryItem } from '@pasado/core';
import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { subscriptions, transactions } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';

/** A payment of a subscription: its amounts and its proof (a reference code or a screenshot). */
export type TransactionRow = typeof transactions.$inferSelect;

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

/** The transactions of a subscription, oldest first (the first holds the purchase's amounts). */
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

/** The ids of a subscription's transactions, oldest first (the subscriptions/{id} document). */
export async function listTransactionIdsOf(
  ex: Executor,
  subscriptionId: string,
): Promise<string[]> {
  const rows = await ex
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.subscriptionId, subscriptionId))
    .orderBy(asc(transactions.createdAt));
  return rows.map((row) => row.id);
}

/** A student's payments, newest first, with their subscription's plan and status (the account page). */
export async function listPaymentHistory(
  ex: Executor,
  userId: string,
  limit: number,
): Promise<PaymentHistoryItem[]> {
  const rows = await ex
    .select({
      tx: transactions,
      status: subscriptions.status,
      plan: subscriptions.selectedPlan,
    })
    .from(transactions)
    .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  return rows.map(({ tx, status, plan }) => ({
    id: tx.id,
    subscriptionId: tx.subscriptionId,
    createdAt: tx.createdAt.toISOString(),
    planName: plan?.name ?? null,
    price: tx.price,
    discountAmount: tx.discountAmount,
    finalPrice: tx.finalPrice,
    refCode: tx.refCode,
    hasScreenshot: tx.paymentScreenshotUrl !== null,
    isFreeTrial: tx.isFreeTrial,
    subscriptionStatus: status,
  }));
}

export async function findTransactionById(
  ex: Executor,
  id: string,
): Promise<TransactionRow | null> {
  const [row] = await ex.select().from(transactions).where(eq(transactions.id, id));
  return row ?? null;
}
