import { canTransition, type SubscriptionStatus, type TransitionActor } from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { appendAudit } from '../auth/session-logs.repository.ts';
import { lockUser, touchUser } from '../users/repository.ts';
import {
  dequeueSubscription,
  lockSubscription,
  setSubscriptionStatus,
} from './payments.repository.ts';
import { findSubscription, promoteNextQueued, type SubscriptionRow } from './repository.ts';

export interface StatusActor {
  /** The transition tables the actor may use (core `STATUS_TRANSITIONS`). */
  roles: readonly TransitionActor[];
  userId: string | null;
  /** Recorded in the audit log: the staff or student email, or 'cli'. */
  email: string | null;
  via: 'function' | 'cli' | 'console';
}

export interface StatusChange {
  subscriptionId: string;
  from: SubscriptionStatus;
  status: SubscriptionStatus;
}

/**
 * One subscription status change (SPEC §4; core `canTransition`), shared by the server function
 * and the operator CLI. Runs in the caller's transaction: the owner and then the subscription are
 * locked (the same order as every other writer), so two staff approving at once change it once —
 * the second finds it approved already and gets null. A revoked or expired queued subscription
 * leaves the queue; when the current one ends, the next approved queued one becomes current.
 * `authorize` sees the locked row before anything is written.
 */
export async function changeSubscriptionStatus(
  tx: Executor,
  input: {
    subscriptionId: string;
    to: SubscriptionStatus;
    actor: StatusActor;
    reason?: string | undefined;
    now: Date;
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
  await setSubscriptionStatus(tx, sub.id, input.to, input.now);
  if (sub.queuedAt !== null && (input.to === 'revoked' || input.to === 'expired')) {
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
      to: input.to,
      reason: input.reason ?? null,
      via: input.actor.via,
      ownerUserId: sub.userId,
    },
  });
  return { subscriptionId: sub.id, from: sub.status, status: input.to };
}
