import type { FunctionResult, SubscriptionStatus, TransitionActor } from '@pasado/core';
import type { Caller } from '../../platform/callables/context.ts';
import type { CallableInput } from '../../platform/callables/envelope.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, permissionDenied } from '../../platform/errors/app-error.ts';
import { findUserById } from '../users/repository.ts';
import { claimStatementLine } from './reconciliation.repository.ts';
import {
  LINE_PAID_ANOTHER,
  matchedStatementLine,
  statementLineDetails,
} from './reconciliation.service.ts';
import { changeSubscriptionStatus, type StatusActor, type StatusChange } from './status.service.ts';
import { findSubscription, type SubscriptionRow } from './subscriptions.repository.ts';

/**
 * A status change made by staff, through any of their doors: the console's Payments tab, the
 * server function and the operator CLI (docs/product.md#staff). An approval spends the statement
 * line the purchase is matched to, in the same transaction, as a bulk approval does (ADR 029: a
 * line pays one purchase, ever). Left unclaimed, the line stayed free, and a second purchase of that
 * amount and time matched it and was approved on it too. The match is computed before the
 * transaction (the whole reconciliation); the claim inside it refuses a line another purchase
 * took meanwhile.
 */
export async function changeStatusAsStaff(
  db: Db,
  input: {
    subscriptionId: string;
    to: SubscriptionStatus;
    actor: StatusActor;
    reason?: string | undefined;
    now: Date;
    authorize?: (sub: SubscriptionRow) => readonly TransitionActor[] | undefined;
  },
): Promise<StatusChange | null> {
  const line =
    input.to === 'approved'
      ? await matchedStatementLine(db, input.subscriptionId, input.now)
      : null;
  return db.transaction(async (tx) => {
    const changed = await changeSubscriptionStatus(tx, {
      ...input,
      ...(line ? { details: { statementLine: statementLineDetails(line) } } : {}),
    });
    if (changed && line) {
      const claimed = await claimStatementLine(tx, {
        identity: line.identity,
        subscriptionId: input.subscriptionId,
        via: input.actor.via,
        now: input.now,
      });
      if (!claimed) throw new AppError('FAILED_PRECONDITION', LINE_PAID_ANOTHER);
    }
    return changed;
  });
}

/**
 * docs/product.md#server-functions updateSubscriptionStatus: a student may close their own approved
 * banner (→ completed); staff may make the staff moves of core `canTransition` on any
 * subscription, with an optional reason. The result is the change, or null when the subscription
 * already had that status.
 */
export async function updateSubscriptionStatus(
  db: Db,
  caller: Caller,
  input: CallableInput<'updateSubscriptionStatus'>,
  now: Date,
): Promise<FunctionResult<'updateSubscriptionStatus'>> {
  const isStaff = caller.role === 'admin';
  if (!isStaff && (input.userId !== caller.userId || input.userEmail !== caller.email)) {
    throw permissionDenied('You can only change your own subscription.');
  }
  const roles: TransitionActor[] = isStaff ? ['staff'] : ['student'];
  const change = {
    subscriptionId: input.subId,
    to: input.newStat,
    reason: input.reason,
    now,
    actor: { roles, userId: caller.userId, email: caller.email, via: 'function' as const },
    authorize(sub: SubscriptionRow): readonly TransitionActor[] {
      const own = sub.userId === caller.userId;
      if (!isStaff && !own) throw permissionDenied('You can only change your own subscription.');
      if (isStaff && sub.userId !== input.userId) {
        throw new AppError('INVALID_ARGUMENT', 'This subscription belongs to another user.');
      }
      // Staff closing their own approved banner use the student move too.
      return isStaff && own ? ['staff', 'student'] : roles;
    },
  };
  return isStaff
    ? changeStatusAsStaff(db, change)
    : db.transaction((tx) => changeSubscriptionStatus(tx, change));
}

/**
 * The operator CLI's `set-status` (docs/product.md#staff): the staff rules, audited as 'cli'.
 * Returns the change (null when it already had that status) and the owner's email for the message.
 */
export async function setStatusFromCli(
  db: Db,
  input: { subscriptionId: string; to: SubscriptionStatus; reason?: string | undefined; now: Date },
): Promise<{ change: StatusChange | null; ownerEmail: string | null }> {
  const change = await changeStatusAsStaff(db, {
    ...input,
    actor: { roles: ['staff'], userId: null, email: 'cli', via: 'cli' },
  });
  if (!change) return { change, ownerEmail: null };
  const sub = await findSubscription(db, input.subscriptionId);
  const owner = sub ? await findUserById(db, sub.userId) : null;
  return { change, ownerEmail: owner?.email ?? null };
}
