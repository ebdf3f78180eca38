import {
  canTransition,
  heldQueueShiftMs,
  type SubscriptionStatus,
  storedStaffStatus,
  type TransitionActor,
} from '@pasado/core';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { lockUser, setCurrentSubscription, touchUser } from '../users/repository.ts';
import {
  dequeueSubscription,
  expireOverdueCurrent,
  findSubscription,
  hasOverdueCurrent,
  listQueuedSubscriptions,
  lockSubscription,
  type SubscriptionRow,
  setSubscriptionStatus,
  shiftQueuedTerms,
  takeNextQueued,
} from './subscriptions.repository.ts';

/**
 * When the user has no current subscription, or it ended (expired or revoked), makes the oldest
 * queued subscription that gives access current (docs/product.md#buying). Announces the
 * subscription and users/{uid}. The caller holds the user lock.
 */
export async function promoteNextQueued(
  tx: Executor,
  userId: string,
  now: Date,
): Promise<SubscriptionRow | null> {
  const next = await takeNextQueued(tx, userId, now);
  if (next) await setCurrentSubscription(tx, userId, next.id);
  return next;
}

/**
 * Sets the user's current subscription to expired once its expiryDate has passed (docs/product.md#states), and in
 * the same transaction makes the oldest queued subscription that gives access current,
 * repeating while the promoted one has lapsed too. Returns true when the user's access ended
 * (nothing took the expired one's place): the client then shows the expiry alert.
 */
export async function expireIfOverdue(tx: Executor, userId: string, now: Date): Promise<boolean> {
  // Cheap unlocked check first: claims are read often and rarely find anything to do.
  if (!(await hasOverdueCurrent(tx, userId, now))) return false;
  // Lock order user → subscription, as in every other writer, so no two writers deadlock.
  await lockUser(tx, userId);
  let ended = false;
  for (let round = 0; round < 50; round += 1) {
    if (!(await expireOverdueCurrent(tx, userId, now))) break;
    ended = (await promoteNextQueued(tx, userId, now)) === null;
    if (ended) break;
  }
  return ended;
}

export interface StatusActor {
  /** The transition tables the actor may use (core `STATUS_TRANSITIONS`). */
  roles: readonly TransitionActor[];
  userId: string | null;
  /** Recorded in the audit log: the staff or student email, or 'cli'. */
  email: string | null;
  /** 'reconciliation': approved because a statement line paid for it (issue 26 item 2). */
  via: 'function' | 'cli' | 'console' | 'reconciliation';
}

export interface StatusChange {
  subscriptionId: string;
  from: SubscriptionStatus;
  status: SubscriptionStatus;
}

/**
 * One subscription status change (docs/product.md#states; core `canTransition`), the one path every status change
 * takes: the server function, the staff console and the operator CLI. Runs in the caller's
 * transaction: the owner and then the subscription are locked (the same order as every other
 * writer), so two staff approving at once change it once — the second finds it approved already
 * and gets null. A revoked or expired queued subscription leaves the queue; when the current one
 * ends, the next queued one that gives access becomes current. `authorize` sees the locked row before
 * anything is written.
 */
export async function changeSubscriptionStatus(
  tx: Executor,
  input: {
    subscriptionId: string;
    to: SubscriptionStatus;
    actor: StatusActor;
    reason?: string | undefined;
    now: Date;
    /** More for the audit entry: the statement line a reconciliation approval relied on. */
    details?: Record<string, unknown>;
    /** Throws to refuse; may narrow or widen the actor's roles for this row. */
    authorize?: (sub: SubscriptionRow) => readonly TransitionActor[] | undefined;
  },
): Promise<StatusChange | null> {
  const unlocked = await findSubscription(tx, input.subscriptionId);
  if (!unlocked) throw new AppError('NOT_FOUND', 'No such subscription.');
  await lockUser(tx, unlocked.userId);
  const sub = await lockSubscription(tx, input.subscriptionId);
  if (!sub) throw new AppError('NOT_FOUND', 'No such subscription.');
  const roles = input.authorize?.(sub) ?? input.actor.roles;
  if (sub.status === input.to) return null;
  if (!roles.some((role) => canTransition(sub.status, input.to, role))) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `A subscription that is ${sub.status} cannot be set to ${input.to}.`,
    );
  }
  const stored = storedStaffStatus(sub, input.to);
  await setSubscriptionStatus(tx, sub.id, stored, input.now);
  if (sub.status === 'suspended' && sub.queuedAt === null) {
    await moveQueueOnAfterHold(tx, sub.userId, input.now);
  }
  if (sub.queuedAt !== null && (stored === 'revoked' || stored === 'expired')) {
    await dequeueSubscription(tx, sub.id, input.now);
  }
  await promoteNextQueued(tx, sub.userId, input.now);
  await touchUser(tx, sub.userId);
  await appendAudit(tx, {
    actorUserId: input.actor.userId,
    actorEmail: input.actor.email,
    action: 'updateSubscriptionStatus',
    targetType: 'subscription',
    targetId: sub.id,
    details: {
      from: sub.status,
      to: stored,
      reason: input.reason ?? null,
      via: input.actor.via,
      ownerUserId: sub.userId,
      ...input.details,
    },
  });
  return { subscriptionId: sub.id, from: sub.status, status: stored };
}

/**
 * The hold on the current subscription ended (lifted or revoked): the queued terms that were to
 * begin during it move on (core `heldQueueShiftMs`), so a plan paid for is not spent behind a hold
 * the student could not use it through. The caller holds the user lock.
 */
async function moveQueueOnAfterHold(tx: Executor, userId: string, now: Date): Promise<void> {
  const queued = await listQueuedSubscriptions(tx, userId);
  const ms = heldQueueShiftMs(
    queued.map((sub) => sub.startsAt),
    now,
  );
  if (ms > 0) await shiftQueuedTerms(tx, userId, ms, now);
}

/**
 * Expires the user's current subscription once its expiryDate has passed, promoting a queued one
 * (`expireIfOverdue`), in the caller's transaction. Returns true when
 * the user's access ended; users/{uid} is then announced, since its subscription status changed.
 */
export async function expireLapsedSubscription(
  tx: Executor,
  userId: string,
  now: Date,
): Promise<boolean> {
  const ended = await expireIfOverdue(tx, userId, now);
  if (ended) await touchUser(tx, userId);
  return ended;
}
