import type { SelectedPlan } from '@pasado/core';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  screenshotReadings,
  subscriptions,
  transactions,
  users,
} from '../../platform/db/schema.ts';

// What the reconciliation matches (issue 26 item 2): the purchases waiting for review with their
// buyer's email, every proof's typed reference and screenshot reading, and the references already
// spent by purchases no longer waiting. A read model: it joins users with the module's tables.

/** The statuses the statement settles (issue 26: "every `pending` or `forVerification` purchase"). */
export const OPEN_STATUSES = ['pending', 'forVerification'] as const;

export interface OpenPurchaseRow {
  subscriptionId: string;
  userId: string;
  status: (typeof OPEN_STATUSES)[number];
  email: string;
  createdAt: Date;
  plan: SelectedPlan | null;
}

export interface OpenProofRow {
  transactionId: string;
  subscriptionId: string;
  createdAt: Date;
  finalPrice: number;
  refCode: string | null;
  hasScreenshot: boolean;
  reading: {
    status: 'queued' | 'reading' | 'done' | 'failed';
    reference: string | null;
    referenceConfidence: number | null;
    amountCentavos: number | null;
    paidAt: Date | null;
  } | null;
}

/** The purchases waiting for review, oldest first, or just `only` of them. */
export async function listOpenPurchases(
  ex: Executor,
  only?: readonly string[],
): Promise<OpenPurchaseRow[]> {
  if (only && only.length === 0) return [];
  const rows = await ex
    .select({
      subscriptionId: subscriptions.id,
      userId: subscriptions.userId,
      status: subscriptions.status,
      email: users.email,
      createdAt: subscriptions.createdAt,
      plan: subscriptions.selectedPlan,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.isFreeTrial, false),
        inArray(subscriptions.status, [...OPEN_STATUSES]),
        only ? inArray(subscriptions.id, [...only]) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  return rows as OpenPurchaseRow[];
}

/** The proofs of these purchases, oldest first, each with its screenshot's reading if any. */
export async function listProofsOf(
  ex: Executor,
  subscriptionIds: readonly string[],
): Promise<OpenProofRow[]> {
  if (subscriptionIds.length === 0) return [];
  const rows = await ex
    .select({
      transactionId: transactions.id,
      subscriptionId: transactions.subscriptionId,
      createdAt: transactions.createdAt,
      finalPrice: transactions.finalPrice,
      refCode: transactions.refCode,
      screenshot: transactions.paymentScreenshotUrl,
      reading: screenshotReadings,
    })
    .from(transactions)
    .leftJoin(screenshotReadings, eq(screenshotReadings.transactionId, transactions.id))
    .where(inArray(transactions.subscriptionId, [...subscriptionIds]))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  return rows.map((r) => ({
    transactionId: r.transactionId,
    subscriptionId: r.subscriptionId,
    createdAt: r.createdAt,
    finalPrice: r.finalPrice,
    refCode: r.refCode,
    hasScreenshot: r.screenshot !== null,
    reading: r.reading
      ? {
          status: r.reading.status,
          reference: r.reading.reference,
          referenceConfidence: r.reading.referenceConfidence,
          amountCentavos: r.reading.amountCentavos,
          paidAt: r.reading.paidAt,
        }
      : null,
  }));
}

/**
 * Of these references, the ones a purchase already cites — typed, or read from its screenshot —
 * with that purchase: a reference satisfies one purchase, ever (docs/product.md#buying). With
 * `notOpen`, only purchases no longer waiting for review (the matching weighs the waiting ones
 * itself, typed before read).
 */
export async function listReferenceHolders(
  ex: Executor,
  references: readonly string[],
  options: { notOpen: boolean },
): Promise<{ reference: string; subscriptionId: string; from: 'typed' | 'screenshot' }[]> {
  if (references.length === 0) return [];
  const refs = [...references];
  const stillOpen = options.notOpen
    ? notInArray(subscriptions.status, [...OPEN_STATUSES])
    : undefined;
  const typed = await ex
    .select({ reference: transactions.refCode, subscriptionId: transactions.subscriptionId })
    .from(transactions)
    .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
    .where(and(inArray(transactions.refCode, refs), stillOpen));
  const read = await ex
    .select({
      reference: screenshotReadings.reference,
      subscriptionId: transactions.subscriptionId,
    })
    .from(screenshotReadings)
    .innerJoin(transactions, eq(transactions.id, screenshotReadings.transactionId))
    .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
    .where(and(inArray(screenshotReadings.reference, refs), stillOpen));
  return [
    ...typed.map((r) => ({
      reference: r.reference ?? '',
      subscriptionId: r.subscriptionId,
      from: 'typed' as const,
    })),
    ...read.map((r) => ({
      reference: r.reference ?? '',
      subscriptionId: r.subscriptionId,
      from: 'screenshot' as const,
    })),
  ];
}
