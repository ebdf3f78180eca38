import { finalPrice, PURCHASE_MESSAGES, statusAfterNewProof } from '@pasado/core';
import type { ServerFunction } from '../../platform/callables/context.ts';
import { AppError, permissionDenied } from '../../platform/errors/app-error.ts';
import { appendAudit } from '../auth/session-logs.repository.ts';
import { lockUser, touchUser } from '../users/repository.ts';
import {
  insertTransaction,
  listTransactionsOf,
  lockSubscription,
  setSubscriptionStatus,
  touchSubscription,
} from './payments.repository.ts';
import { refuseReusedProof, resolveProof, rethrowReuse } from './proof.ts';

/**
 * A new payment proof for the caller's own subscription (SPEC §7 addTransaction; the Verify
 * Payment modal; docs/decisions/004-purchases.md): allowed while it is pending or forVerification,
 * it returns a forVerification subscription to pending. The amounts are the purchase's, never the
 * client's. Re-sending the proof already attached to this subscription returns it unchanged.
 */
export const addTransaction: ServerFunction<'addTransaction'> = async (ctx, input) => {
  const { session, now } = ctx;
  if (input.userId !== session.userId || input.userEmail.toLowerCase() !== session.email) {
    throw permissionDenied('You can only add a payment to your own subscription.');
  }
  try {
    return await ctx.db.db.transaction(async (tx) => {
      const user = await lockUser(tx, session.userId);
      if (!user) throw new AppError('NOT_FOUND', 'Your account no longer exists.');
      const sub = await lockSubscription(tx, input.subId);
      if (!sub) throw new AppError('NOT_FOUND', 'No such subscription.');
      if (sub.userId !== session.userId) {
        throw permissionDenied('You can only add a payment to your own subscription.');
      }
      const { proof, usedBy } = await resolveProof(tx, session.userId, input.transactionInfo);
      if (usedBy?.subscriptionId === sub.id) {
        return { transactionId: usedBy.id, subscriptionId: sub.id, status: sub.status };
      }
      if (usedBy) refuseReusedProof(proof);
      const next = statusAfterNewProof(sub);
      if (next === null)
        throw new AppError('FAILED_PRECONDITION', PURCHASE_MESSAGES.NOT_VERIFIABLE);

      const [first] = await listTransactionsOf(tx, sub.id);
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
        userId: session.userId,
        ...amounts,
        ...proof,
      });
      if (next !== sub.status) await setSubscriptionStatus(tx, sub.id, next, now);
      else await touchSubscription(tx, sub.id, now);
      await touchUser(tx, session.userId);
      await appendAudit(tx, {
        actorUserId: session.userId,
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
};
