import {
  ACCESS_STATUSES,
  DAY_MS,
  FREE_TRIAL_DAYS,
  promotedTerm,
  type SelectedPlan,
  type SubscriptionStatus,
} from '@pasado/core';
import { and, asc, desc, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { subscriptions } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { announce, topics } from '../../platform/live/topics.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The user's current subscription (users.current_subscription_id), as a condition. */
const isCurrentOf = (userId: string) =>
  eq(subscriptions.id, sql`(select current_subscription_id from users where id = ${userId})`);

/** The user's current subscription while it gives access but its expiryDate has passed. */
const isOverdueCurrentOf = (userId: string, now: Date) =>
  and(
    eq(subscriptions.userId, userId),
    isCurrentOf(userId),
    inArray(subscriptions.status, [...ACCESS_STATUSES]),
    lte(subscriptions.expiryDate, now),
  );

/** Every write to a subscription bumps its version (the live stream's) and its updatedAt. */
const changedAt = (now: Date) => ({
  updatedAt: now,
  version: sql`${subscriptions.version} + 1`,
});

/** Inserts a subscription and announces subscriptions/{id}; `what` names it in the error. */
async function insertAnnounced(
  ex: Executor,
  what: string,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await ex.insert(subscriptions).values(values).returning();
  if (!row) throw new AppError('INTERNAL', `${what} was not created.`);
  await announce(ex, topics.subscription(row.id), row.version);
  return row;
}

/**
 * Starts a free trial (docs/product.md#onboarding: isFreeTrial, status completed) of `days` days:
 * onboarding's and the in-app form's (docs/product.md#constants) are both 3. The caller owns the transaction and
 * makes it the user's current subscription.
 */
export async function createFreeTrial(
  ex: Executor,
  userId: string,
  now: Date,
  days: number = FREE_TRIAL_DAYS,
): Promise<SubscriptionRow> {
  return insertAnnounced(ex, 'Free trial', {
    userId,
    status: 'completed',
    isFreeTrial: true,
    startsAt: now,
    expiryDate: new Date(now.getTime() + days * DAY_MS),
  });
}

/** A purchase: pending until staff review it (docs/product.md#states), current or queued as the caller says. */
export async function insertSubscription(
  ex: Executor,
  values: {
    userId: string;
    selectedPlan: SelectedPlan;
    startsAt: Date;
    expiryDate: Date;
    queuedAt: Date | null;
    isExtension: boolean;
    coachId: string | null;
    coachEmail: string | null;
    idempotencyKey: string;
  },
): Promise<SubscriptionRow> {
  return insertAnnounced(ex, 'Subscription', { ...values, status: 'pending', isFreeTrial: false });
}

export async function countSubscriptionsOf(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function findSubscription(ex: Executor, id: string): Promise<SubscriptionRow | null> {
  const [row] = await ex.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}

/** Row lock for a status change: two staff approving at once change it once. */
export async function lockSubscription(ex: Executor, id: string): Promise<SubscriptionRow | null> {
  const [row] = await ex.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ?? null;
}

export async function findSubscriptionByIdempotencyKey(
  ex: Executor,
  userId: string,
  key: string,
): Promise<SubscriptionRow | null> {
  const [row] = await ex
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.idempotencyKey, key)));
  return row ?? null;
}

/** The user's current subscription (users.current_subscription_id), if any. */
export async function findCurrentSubscription(
  ex: Executor,
  userId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await ex.select().from(subscriptions).where(isCurrentOf(userId));
  return row ?? null;
}

/** The user's subscriptions (those meeting `also`, when given), to be ordered by the caller. */
const subscriptionsOf = (ex: Executor, userId: string, also?: SQL) =>
  ex
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), also));

/** Queued subscriptions (docs/product.md#buying), oldest first. */
export function listQueuedSubscriptions(ex: Executor, userId: string): Promise<SubscriptionRow[]> {
  return subscriptionsOf(ex, userId, isNotNull(subscriptions.queuedAt)).orderBy(
    asc(subscriptions.queuedAt),
    asc(subscriptions.createdAt),
  );
}

/** The user's latest paid (not free-trial) subscriptions, newest first, `limit` at most. */
export function listLatestPaidSubscriptions(
  ex: Executor,
  userId: string,
  limit: number,
): Promise<SubscriptionRow[]> {
  return subscriptionsOf(ex, userId, eq(subscriptions.isFreeTrial, false))
    .orderBy(desc(subscriptions.createdAt))
    .limit(limit);
}

/** All of a user's subscriptions, newest first (the operator CLI's listing). */
export function listSubscriptionsOf(ex: Executor, userId: string): Promise<SubscriptionRow[]> {
  return subscriptionsOf(ex, userId).orderBy(desc(subscriptions.createdAt));
}

/** Sets a status, bumps the version and announces subscriptions/{id}; the caller holds the lock. */
export async function setSubscriptionStatus(
  ex: Executor,
  id: string,
  status: SubscriptionStatus,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await ex
    .update(subscriptions)
    .set({
      status,
      ...changedAt(now),
      // The first approval is kept: a later suspension and re-approval does not move it.
      ...(status === 'approved'
        ? {
            approvedAt: sql`coalesce(${subscriptions.approvedAt}, ${now.toISOString()}::timestamptz)`,
          }
        : {}),
    })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'No such subscription.');
  await announce(ex, topics.subscription(row.id), row.version);
  return row;
}

/** Takes a subscription out of the queue (it became current or ended), keeping its computed term. */
export async function dequeueSubscription(ex: Executor, id: string, now: Date): Promise<void> {
  const [row] = await ex
    .update(subscriptions)
    .set({ queuedAt: null, ...changedAt(now) })
    .where(eq(subscriptions.id, id))
    .returning({ version: subscriptions.version });
  await announce(ex, topics.subscription(id), row?.version);
}

/** Moves every queued term of the user on by `ms` (the end of a hold, core `heldQueueShiftMs`). */
export async function shiftQueuedTerms(
  ex: Executor,
  userId: string,
  ms: number,
  now: Date,
): Promise<void> {
  const by = sql`make_interval(secs => ${ms / 1000})`;
  const rows = await ex
    .update(subscriptions)
    .set({
      startsAt: sql`${subscriptions.startsAt} + ${by}`,
      expiryDate: sql`${subscriptions.expiryDate} + ${by}`,
      ...changedAt(now),
    })
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.queuedAt)))
    .returning({ id: subscriptions.id, version: subscriptions.version });
  for (const row of rows) await announce(ex, topics.subscription(row.id), row.version);
}

/** Bumps a subscription's version (its transactionIds changed) and announces it. */
export async function touchSubscription(ex: Executor, id: string, now: Date): Promise<void> {
  const [row] = await ex
    .update(subscriptions)
    .set(changedAt(now))
    .where(eq(subscriptions.id, id))
    .returning({ version: subscriptions.version });
  await announce(ex, topics.subscription(id), row?.version);
}

/** Whether the user's current subscription gives access but its expiryDate has passed. */
export async function hasOverdueCurrent(ex: Executor, userId: string, now: Date): Promise<boolean> {
  const [overdue] = await ex
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(isOverdueCurrentOf(userId, now));
  return overdue !== undefined;
}

/**
 * Sets the user's current subscription to expired when its expiryDate has passed (docs/product.md#states; core
 * `canTransition` 'system'); returns whether it did. The caller holds the user lock.
 */
export async function expireOverdueCurrent(
  ex: Executor,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await ex
    .update(subscriptions)
    .set({ status: 'expired', ...changedAt(now) })
    .where(isOverdueCurrentOf(userId, now))
    .returning({ id: subscriptions.id, version: subscriptions.version });
  for (const row of rows) await announce(ex, topics.subscription(row.id), row.version);
  return rows.length > 0;
}

/**
 * When the user has no current subscription, or it ended (expired or revoked), takes the oldest
 * queued subscription that gives access (core `ACCESS_STATUSES`: under review too) out of the queue: its queuedAt is cleared and its
 * term, computed at purchase, is kept; the caller makes it current. The caller holds the user lock.
 */
export async function takeNextQueued(
  ex: Executor,
  userId: string,
  now: Date,
): Promise<SubscriptionRow | null> {
  const [current] = await ex
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(isCurrentOf(userId));
  if (current && current.status !== 'expired' && current.status !== 'revoked') return null;
  const [next] = await ex
    .select({
      id: subscriptions.id,
      startsAt: subscriptions.startsAt,
      expiryDate: subscriptions.expiryDate,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNotNull(subscriptions.queuedAt),
        inArray(subscriptions.status, [...ACCESS_STATUSES]),
      ),
    )
    .orderBy(asc(subscriptions.queuedAt), asc(subscriptions.createdAt))
    .limit(1)
    .for('update');
  if (!next) return null;
  const [row] = await ex
    .update(subscriptions)
    .set({ queuedAt: null, ...promotedTerm(next, now), ...changedAt(now) })
    .where(eq(subscriptions.id, next.id))
    .returning();
  if (!row) return null;
  await announce(ex, topics.subscription(row.id), row.version);
  return row;
}
