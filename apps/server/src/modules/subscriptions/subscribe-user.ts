import {
  getPlan,
  isDiscountLive,
  isPurchaseBlocked,
  MESSAGES,
  PURCHASE_MESSAGES,
  type PurchaseResult,
  purchaseTerm,
  quotePlan,
  statedPriceMatches,
} from '@pasado/core';
import type { ServerFunction } from '../../platform/callables/context.ts';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { appendAudit } from '../auth/session-logs.repository.ts';
import { lockUser, setCurrentSubscription, touchUser } from '../users/repository.ts';
import {
  findCurrentSubscription,
  findSubscriptionByIdempotencyKey,
  insertSubscription,
  insertTransaction,
  listQueuedSubscriptions,
  listTransactionsOf,
} from './payments.repository.ts';
import { refuseReusedProof, resolveProof, rethrowReuse, uniqueViolation } from './proof.ts';
import type { SubscriptionRow } from './repository.ts';

/**
 * A purchase (SPEC §7 subscribeUser; DESIGN.md "Buying"; docs/decisions/004-purchases.md): in one
 * transaction, with the user row locked, the price is quoted on the server, the proof checked, and
 * the transaction and the pending subscription written — current, or queued when it extends the
 * current one. A retry with the same idempotency key returns the first purchase unchanged.
 */
export const subscribeUser: ServerFunction<'subscribeUser'> = async (ctx, input) => {
  const plan = getPlan(input.subscriptionInfo.selectedPlan.id);
  if (!plan) throw new AppError('INVALID_ARGUMENT', MESSAGES.SELECT_PLAN);
  const userId = ctx.session.userId;
  const now = ctx.now;
  const { idempotencyKey, transactionInfo, subscriptionInfo } = input;

  try {
    return await ctx.db.db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw new AppError('NOT_FOUND', 'Your account no longer exists.');
      const earlier = await findSubscriptionByIdempotencyKey(tx, userId, idempotencyKey);
      if (earlier) return purchaseResultOf(tx, earlier);

      const current = await findCurrentSubscription(tx, userId);
      const queued = await listQueuedSubscriptions(tx, userId);
      if (isPurchaseBlocked({ current, queued })) {
        throw new AppError('FAILED_PRECONDITION', PURCHASE_MESSAGES.PURCHASE_BLOCKED);
      }
      const discountLive = isDiscountLive({
        subscription: current,
        userCreatedAt: user.createdAt,
        queuedCount: queued.length,
        now,
      });
      const quote = quotePlan(plan, discountLive);
      if (!statedPriceMatches(quote, transactionInfo)) {
        throw new AppError('FAILED_PRECONDITION', PURCHASE_MESSAGES.PRICE_CHANGED, { quote });
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
          queued: term.queued,
          proof: proof.refCode !== null ? 'refCode' : 'screenshot',
        },
      });
      return toResult(subscription, transaction);
    });
  } catch (error) {
    // The user lock serialises submits; the unique index still guards a key that raced past it.
    if (uniqueViolation(error) === 'subscriptions_idempotency_key') {
      const earlier = await findSubscriptionByIdempotencyKey(ctx.db.db, userId, idempotencyKey);
      if (earlier) return purchaseResultOf(ctx.db.db, earlier);
    }
    return rethrowReuse(error);
  }
};

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
