import {
  ADMIN_MESSAGES,
  type AuditEntry,
  centavosOfPesos,
  checkAmount,
  checkReading,
  decodeAdminCursor,
  encodeAdminCursor,
  NEEDS_ACTION_STATUSES,
  type RecentAuditResponse,
  type ReviewActionResult,
  type ReviewCounts,
  type ReviewFilter,
  type ReviewItem,
  type ReviewItemDetail,
  type ReviewQueueResponse,
  readingSummary,
  reviewFlags,
  STAFF_ACTIONS,
  type StaffAction,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  staffActionsFor,
  statusesForFilter,
} from '@pasado/core';
import {
  type AuditRow,
  listAuditOf,
  listRecentAudit,
} from '../../platform/audit/audit.repository.ts';
import type { Db, Executor } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { listReferenceHolders, OPEN_STATUSES } from './reconciliation.read-model.ts';
import {
  listScreenshotReadings,
  listStatementLinesByReference,
  listStatementLinesClaimedBy,
  type ScreenshotReadingRow,
  type StatementLineRow,
} from './reconciliation.repository.ts';
import { type StatementMatch, statementMatches } from './reconciliation.service.ts';
import {
  countPurchasesByStatus,
  findReviewRow,
  listReviewQueue,
  listReviewTransactions,
  type QueueRow,
  type ReviewTransactionRow,
} from './review-queue.read-model.ts';
import { changeStatusAsStaff } from './staff-status.service.ts';

/**
 * The staff console's payment review (docs/product.md#staff, "Buying"; issue 3 item 6): the queue with
 * its flags, one payment with its audit trail, the recent audit entries and the staff actions.
 * Rules come from core `admin-review`; status changes go through `changeSubscriptionStatus`, the
 * one path every status change takes (locks, queue, live, audit).
 */

/** One page of the queue: `cursor` is the previous page's `nextCursor`. */
export async function reviewQueue(
  ex: Executor,
  query: { status: ReviewFilter; limit: number; cursor?: string | undefined },
  now: Date,
): Promise<ReviewQueueResponse> {
  const after = query.cursor ? decodeAdminCursor(query.cursor) : null;
  // One row more than asked tells whether another page exists.
  const rows = await listReviewQueue(ex, {
    statuses: statusesForFilter(query.status),
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await toReviewItems(ex, page, now),
    counts: await reviewCounts(ex),
    nextCursor:
      rows.length > query.limit && last ? encodeAdminCursor(last.sub.createdAt, last.sub.id) : null,
  };
}

/** One payment as the queue shows it, with its audit trail oldest first. */
export async function reviewItemDetail(
  ex: Executor,
  subscriptionId: string,
  now: Date,
): Promise<ReviewItemDetail> {
  const row = await findReviewRow(ex, subscriptionId);
  if (!row) throw notFound('No such payment.');
  const [item] = await toReviewItems(ex, [row], now);
  if (!item) throw notFound('No such payment.');
  const audit = await listAuditOf(ex, 'subscription', item.subscriptionId);
  return { item, audit: audit.map(toAuditEntry) };
}

/** The latest audit entries, newest first; `before` is the previous page's `nextBefore`. */
export async function recentAudit(
  ex: Executor,
  query: { limit: number; before?: number | undefined },
): Promise<RecentAuditResponse> {
  const rows = await listRecentAudit(ex, { before: query.before ?? null, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(toAuditEntry),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

async function reviewCounts(ex: Executor): Promise<ReviewCounts> {
  const byStatus = await countPurchasesByStatus(ex);
  const counts = Object.fromEntries(
    SUBSCRIPTION_STATUSES.map((status) => [status, byStatus[status] ?? 0]),
  ) as Record<SubscriptionStatus, number>;
  const needsAction = NEEDS_ACTION_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return { needsAction, ...counts };
}

/**
 * The statement line each waiting purchase of these rows is matched to, the line its approval
 * claims (`changeStatusAsStaff`): one reconciliation for the whole page, none when no purchase on
 * it is waiting.
 */
async function pageMatches(
  ex: Executor,
  rows: readonly QueueRow[],
  now: Date,
): Promise<Map<string, StatementMatch>> {
  const waiting = rows.some((r) => (OPEN_STATUSES as readonly string[]).includes(r.sub.status));
  return waiting ? statementMatches(ex, now) : new Map();
}

async function toReviewItems(
  ex: Executor,
  rows: readonly QueueRow[],
  now: Date,
): Promise<ReviewItem[]> {
  const txns = await listReviewTransactions(
    ex,
    rows.map((r) => r.sub.id),
  );
  const bySubscription = new Map<string, ReviewTransactionRow[]>();
  for (const txn of txns) {
    const list = bySubscription.get(txn.subscriptionId) ?? [];
    list.push(txn);
    bySubscription.set(txn.subscriptionId, list);
  }
  // What OCR read from the screenshots, the statement lines matched to a waiting purchase, bound to
  // one or citing a typed or read reference, and who else cites a read reference (issue 26 item 3:
  // "flagged like a reused code").
  const readings = new Map<string, ScreenshotReadingRow>(
    (
      await listScreenshotReadings(
        ex,
        txns.map((t) => t.id),
      )
    ).map((r) => [r.transactionId, r]),
  );
  const readReferences = [...readings.values()].flatMap((r) => (r.reference ? [r.reference] : []));
  const references = [
    ...new Set([...txns.flatMap((t) => (t.refCode ? [t.refCode] : [])), ...readReferences]),
  ];
  const matches = await pageMatches(ex, rows, now);
  const lines = [
    ...(await listStatementLinesClaimedBy(
      ex,
      rows.map((r) => r.sub.id),
    )),
    ...(await listStatementLinesByReference(ex, references)),
  ];
  const holders = await listReferenceHolders(ex, [...new Set(readReferences)], { notOpen: false });
  return rows.map(({ sub, email }) => {
    const list = bySubscription.get(sub.id) ?? [];
    // The first transaction holds the purchase's amounts; later ones are new proofs of it.
    const first = list[0];
    const plan = sub.selectedPlan ?? null;
    const amount = checkAmount({
      planId: plan?.id ?? null,
      price: first?.price ?? 0,
      discountAmount: first?.discountAmount ?? 0,
      finalPrice: first?.finalPrice ?? 0,
    });
    const ownReferences = new Set(
      list
        .flatMap((t) => [t.refCode, readings.get(t.id)?.reference ?? null])
        .filter((r): r is string => r !== null),
    );
    const match = matches.get(sub.id) ?? null;
    const line: StatementLineRow | null =
      match?.line ??
      lines.find((l) => l.claimedBySubscriptionId === sub.id) ??
      lines.find((l) => l.reference !== null && ownReferences.has(l.reference)) ??
      null;
    const readElsewhere = new Set(
      holders
        .filter((h) => h.subscriptionId !== sub.id && ownReferences.has(h.reference))
        .filter((h) => list.some((t) => readings.get(t.id)?.reference === h.reference))
        .map((h) => h.subscriptionId),
    ).size;
    const typedReferences = list.flatMap((t) => (t.refCode ? [t.refCode] : []));
    const chargedCentavos = centavosOfPesos(first?.finalPrice ?? 0);
    const flags = reviewFlags({
      refCodeSeenElsewhere: list.reduce((n, t) => n + t.refCodeElsewhere, 0) + readElsewhere,
      screenshotSeenElsewhere: list.reduce((n, t) => Math.max(n, t.screenshotElsewhere), 0),
      amount,
    });
    return {
      subscriptionId: sub.id,
      status: sub.status,
      student: { id: sub.userId, email },
      plan: plan
        ? {
            id: plan.id,
            name: plan.name,
            price: plan.price,
            discount: plan.discount,
            durationInDays: plan.durationInDays,
          }
        : null,
      submittedAt: sub.createdAt.toISOString(),
      updatedAt: sub.updatedAt.toISOString(),
      startsAt: sub.startsAt.toISOString(),
      expiryDate: sub.expiryDate.toISOString(),
      isExtension: sub.isExtension,
      queued: sub.queuedAt !== null,
      transactions: list.map((t) => ({
        id: t.id,
        createdAt: t.createdAt.toISOString(),
        price: t.price,
        discountAmount: t.discountAmount,
        finalPrice: t.finalPrice,
        refCode: t.refCode,
        screenshotPath: t.paymentScreenshotUrl,
        screenshotUrl: t.paymentScreenshotUrl ? `/api/files/${t.paymentScreenshotUrl}` : null,
        reading: readingOf(readings.get(t.id), { typedReferences, line, chargedCentavos }),
      })),
      statementLine: line
        ? {
            reference: line.reference,
            amountCentavos: line.amountCentavos,
            occurredAt: line.occurredAt.toISOString(),
            sender: line.sender,
            claimedBy:
              line.claimedBySubscriptionId === null
                ? 'none'
                : line.claimedBySubscriptionId === sub.id
                  ? 'this'
                  : 'another',
            matchedBy: match?.by ?? null,
          }
        : null,
      amount,
      flags,
      actions: staffActionsFor(sub.status),
    };
  });
}

/** A screenshot's reading as the review shows it, checked with core `checkReading`. */
function readingOf(
  row: ScreenshotReadingRow | undefined,
  context: {
    typedReferences: readonly string[];
    line: StatementLineRow | null;
    chargedCentavos: number;
  },
) {
  if (!row) return null;
  const done = row.status === 'done';
  const check = checkReading({ reading: done ? row : null, ...context });
  return {
    status: row.status,
    reference: row.reference,
    amountCentavos: row.amountCentavos,
    paidAt: row.paidAt?.toISOString() ?? null,
    ...check,
    summary: done ? readingSummary(row, check) : null,
  };
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actorUserId: row.actorUserId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    details: row.details,
  };
}

/**
 * A staff action from the console: one transaction through `changeSubscriptionStatus`, audited with
 * who, when and why (`via: 'console'`). The row lock serialises two staff acting at once; the one
 * who comes second finds a status other than the one they reviewed and is refused with the current
 * status, so each decision is made on what its author saw.
 */
export async function applyStaffAction(
  db: Db,
  input: {
    subscriptionId: string;
    action: StaffAction;
    reason: string;
    expectedStatus: SubscriptionStatus;
    staff: { userId: string; email: string };
    now: Date;
  },
): Promise<ReviewActionResult> {
  const to = STAFF_ACTIONS[input.action];
  if (to === input.expectedStatus) {
    throw new AppError('FAILED_PRECONDITION', `This payment is already ${to}.`);
  }
  const change = await changeStatusAsStaff(db, {
    subscriptionId: input.subscriptionId,
    to,
    reason: input.reason,
    now: input.now,
    actor: {
      roles: ['staff'],
      userId: input.staff.userId,
      email: input.staff.email,
      via: 'console',
    },
    authorize(sub) {
      if (sub.isFreeTrial) throw new AppError('FAILED_PRECONDITION', ADMIN_MESSAGES.NOT_A_PAYMENT);
      if (sub.status !== input.expectedStatus) {
        throw new AppError('FAILED_PRECONDITION', ADMIN_MESSAGES.changedMeanwhile(sub.status));
      }
      return undefined;
    },
  });
  // Null only when the status already was the target, which `expectedStatus` rules out above.
  if (!change) {
    throw new AppError('FAILED_PRECONDITION', ADMIN_MESSAGES.changedMeanwhile(to));
  }
  return change;
}
