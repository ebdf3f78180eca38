import {
  discountDeadline,
  type FunctionResult,
  finalPrice,
  formatManilaDateTime,
  getPlan,
  isBuyingSuspended,
  isDiscountLive,
  isPurchaseBlocked,
  MAX_PROOFS_PER_SUBSCRIPTION,
  MESSAGES,
  PURCHASE_MESSAGES,
  type PurchaseResult,
  purchaseTerm,
  quotePlan,
  REVOKED_IN_A_ROW_LIMIT,
  revokedBuyingBarUntil,
  statedPriceMatches,
  statusAfterNewProof,
} from '@pasado/core';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { Caller } from '../../platform/callables/context.ts';
import type { CallableInput } from '../../platform/callables/envelope.ts';
import type { Db, Executor } from '../../platform/db/client.ts';
import { AppError, permissionDenied } from '../../platform/errors/app-error.ts';
import { lockUser, setCurrentSubscription, touchUser } from '../users/repository.ts';
import { refuseReusedProof, resolveProof, rethrowReuse, uniqueViolation } from './proof.ts';
import { queueScreenshotReading } from './reconciliation.repository.ts';
import { expireIfOverdue } from './status.service.ts';
import {
  findCurrentSubscription,
  findSubscriptionByIdempotencyKey,
  insertSubscription,
  listLatestPaidSubscriptions,
  listQueuedSubscriptions,
  lockSubscription,
  type SubscriptionRow,
  setSubscriptionStatus,
  touchSubscription,
} from './subscriptions.repository.ts';
import { insertTransaction, listTransactionsOf } from './transactions.repository.ts';

/**
 * A purchase (docs/product.md#server-functions subscribeUser; docs/product.md#buying; docs/decisions/004-purchases.md): in one
 * transaction, with the user row locked, the price is quoted on the server, the proof checked, and
 * the transaction and the pending subscription written — current, or queued when it extends the
 * current one. A retry with the same idempotency key returns the first purchase unchanged.
 */
export async function subscribeUser(
  db: Db,
  caller: Pick<Caller, 'userId'>,
  input: CallableInput<'subscribeUser'>,
  now: Date,
): Promise<PurchaseResult> {
  const plan = getPlan(input.subscriptionInfo.selectedPlan.id);
  if (!plan) throw new AppError('INVALID_ARGUMENT', MESSAGES.SELECT_PLAN);
  const { userId } = caller;
  const { idempotencyKey, transactionInfo, subscriptionInfo } = input;

  try {
    return await db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw new AppError('NOT_FOUND', 'Your account no longer exists.');
      const earlier = await findSubscriptionByIdempotencyKey(tx, userId, idempotencyKey);
      if (earlier) return purchaseResultOf(tx, earlier);
      // A current subscription past its end that no claims read has expired yet (the student
      // was on this page when it ended) is expired first, as the claims read would: queued
      // behind it, the purchase would give no access until staff approved it.
      await expireIfOverdue(tx, userId, now);

      const current = await findCurrentSubscription(tx, userId);
      const queued = await listQueuedSubscriptions(tx, userId);
      if (isBuyingSuspended(current)) {
        throw new AppError('FAILED_PRECONDITION', PURCHASE_MESSAGES.SUSPENDED);
      }
      const latestPaid = await listLatestPaidSubscriptions(tx, userId, REVOKED_IN_A_ROW_LIMIT);
      const barredUntil = revokedBuyingBarUntil(latestPaid, now);
      if (barredUntil) {
        throw new AppError(
          'FAILED_PRECONDITION',
          `${PURCHASE_MESSAGES.REVOKED_TWICE} ${formatManilaDateTime(barredUntil)}.`,
        );
      }
      if (isPurchaseBlocked({ current, queued })) {
        throw new AppError('FAILED_PRECONDITION', PURCHASE_MESSAGES.PURCHASE_BLOCKED);
      }
      const discountLive = isDiscountLive({
        subscription: current,
        userCreatedAt: user.createdAt,
        queuedCount: queued.length,
        now,
        heldUntil: user.discountHeldUntil,
      });
      const quote = quotePlan(plan, discountLive);
      if (!statedPriceMatches(quote, transactionInfo)) {
        throw new AppError('FAILED_PRECONDITION', PURCHASE_MESSAGES.PRICE_CHANGED);
      }
      const { proof, usedBy } = await resolveProof(tx, userId, transactionInfo);
      if (usedBy) refuseReusedProof(proof);

      const lastQueuedExpiry = queued.reduce<Date | null>(
        (latest, sub) => (latest === null || sub.expiryDate > latest ? sub.expiryDate : latest),
        null,
      );
      const term = purchaseTerm({
        now,
        current,
        lastQueuedExpiry,
        durationInDays: plan.durationInDays,
      });
      const selectedPlan = { ...plan, discount: quote.discountAmount };
      const subscription = await insertSubscription(tx, {
        userId,
        selectedPlan,
        startsAt: term.startsAt,
        expiryDate: term.expiryDate,
        queuedAt: term.queued ? now : null,
        isExtension: term.queued,
        coachId: subscriptionInfo.coachId ?? null,
        coachEmail: subscriptionInfo.coachEmail?.toLowerCase() ?? null,
        idempotencyKey,
      });
      const transaction = await insertTransaction(tx, {
        subscriptionId: subscription.id,
        userId,
        ...quote,
        ...proof,
      });
      // A screenshot is read by OCR in the background, in this transaction's queue (issue 26 item 3).
      if (proof.paymentScreenshotUrl) await queueScreenshotReading(tx, transaction.id, now);
      if (term.queued) await touchUser(tx, userId);
      else await setCurrentSubscription(tx, userId, subscription.id);
      await appendAudit(tx, {
        actorUserId: userId,
        actorEmail: user.email,
        action: 'subscribeUser',
        targetType: 'subscription',
        targetId: subscription.id,
        details: {
          transactionId: transaction.id,
          plan: plan.id,
          ...quote,
          discountLive,
          // Priced by a hold past the window (ADR 043): staff see why a late transfer is discounted.
          discountHeld: discountLive && now >= discountDeadline(user.createdAt),
          queued: term.queued,
          proof: proof.refCode !== null ? 'refCode' : 'screenshot',
        },
      });
      return toResult(subscription, transaction);
    });
  } catch (error) {
    // The user lock serialises submits; the unique index still guards a key that raced past it.
    if (uniqueViolation(error) === 'subscriptions_idempotency_key') {
      const earlier = await findSubscriptionByIdempotencyKey(db, userId, idempotencyKey);
      if (earlier) return purchaseResultOf(db, earlier);
    }
    return rethrowReuse(error);
  }
}

/**
 * A new payment proof for the caller's own subscription (docs/product.md#server-functions addTransaction; the Verify
 * Payment modal; docs/decisions/004-purchases.md): allowed while it is pending or forVerification,
 * it returns a forVerification subscription to pending. The amounts are the purchase's, never the
 * client's. Re-sending the proof already attached to this subscription returns it unchanged.
 */
export async function addTransaction(
  db: Db,
  caller: Pick<Caller, 'userId' | 'email'>,
  input: CallableInput<'addTransaction'>,
  now: Date,
): Promise<FunctionResult<'addTransaction'>> {
  if (input.userId !== caller.userId || input.userEmail.toLowerCase() !== caller.email) {
    throw permissionDenied('You can only add a payment to your own subscription.');
  }
  try {
    return await db.transaction(async (tx) => {
      const user = await lockUser(tx, caller.userId);
      if (!user) throw new AppError('NOT_FOUND', 'Your account no longer exists.');
      const sub = await lockSubscription(tx, input.subId);
      if (!sub) throw new AppError('NOT_FOUND', 'No such subscription.');
      if (sub.userId !== caller.userId) {
        throw permissionDenied('You can only add a payment to your own subscription.');
      }
      const { proof, usedBy } = await resolveProof(tx, caller.userId, input.transactionInfo);
      if (usedBy?.subscriptionId === sub.id) {
        return { transactionId: usedBy.id, subscriptionId: sub.id, status: sub.status };
      }
      if (usedBy) refuseReusedProof(proof);
      const next = statusAfterNewProof(sub);
      if (next === null)
        throw new AppError('FAILED_PRECONDITION', PURCHASE_MESSAGES.NOT_VERIFIABLE);

      const proofs = await listTransactionsOf(tx, sub.id);
      if (proofs.length >= MAX_PROOFS_PER_SUBSCRIPTION) {
        throw new AppError('FAILED_PRECONDITION', PURCHASE_MESSAGES.TOO_MANY_PROOFS);
      }
      const [first] = proofs;
      const plan = sub.selectedPlan;
      if (!first && !plan) {
        throw new AppError('FAILED_PRECONDITION', PURCHASE_MESSAGES.NOT_VERIFIABLE);
      }
      const amounts = first
        ? { price: first.price, discountAmount: first.discountAmount, finalPrice: first.finalPrice }
        : {
            price: plan?.price ?? 0,
            discountAmount: plan?.discount ?? 0,
            finalPrice: finalPrice(plan?.price ?? 0, plan?.discount ?? 0),
          };
      const transaction = await insertTransaction(tx, {
        subscriptionId: sub.id,
        userId: caller.userId,
        ...amounts,
        ...proof,
      });
      if (proof.paymentScreenshotUrl) await queueScreenshotReading(tx, transaction.id, now);
      if (next !== sub.status) await setSubscriptionStatus(tx, sub.id, next, now);
      else await touchSubscription(tx, sub.id, now);
      await touchUser(tx, caller.userId);
      await appendAudit(tx, {
        actorUserId: caller.userId,
        actorEmail: user.email,
        action: 'addTransaction',
        targetType: 'subscription',
        targetId: sub.id,
        details: {
          transactionId: transaction.id,
          from: sub.status,
          to: next,
          proof: proof.refCode !== null ? 'refCode' : 'screenshot',
          coachId: input.coachId ?? null,
          coachEmail: input.coachEmail ?? null,
        },
      });
      return { transactionId: transaction.id, subscriptionId: sub.id, status: next };
    });
  } catch (error) {
    return rethrowReuse(error);
  }
}

async function purchaseResultOf(ex: Executor, sub: SubscriptionRow): Promise<PurchaseResult> {
  const [first] = await listTransactionsOf(ex, sub.id);
  if (!first) throw new AppError('INTERNAL', 'A purchase without its transaction.');
  return toResult(sub, first);
}

function toResult(
  sub: SubscriptionRow,
  txn: { id: string; price: number; discountAmount: number; finalPrice: number },
): PurchaseResult {
  return {
    subscriptionId: sub.id,
    transactionId: txn.id,
    status: sub.status,
    queued: sub.isExtension,
    startsAt: sub.startsAt.toISOString(),
    expiryDate: sub.expiryDate.toISOString(),
    price: txn.price,
    discountAmount: txn.discountAmount,
    finalPrice: txn.finalPrice,
  };
}
