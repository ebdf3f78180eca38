import { FREE_TRIAL_DAYS, type SubscriptionDoc, type SubscriptionStatus } from '@pasado/core';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { subscriptions, transactions, users } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { announce, topics } from '../../platform/live/topics.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The statuses that give access until expiryDate (DESIGN.md "Access"; core `grantsAccess`). */
const ACCESS_STATUSES = [
  'pending',
  'forVerification',
  'approved',
  'completed',
] as const satisfies readonly SubscriptionStatus[];

/**
 * Starts a free trial (DESIGN.md "Onboarding": isFreeTrial, status completed) of `days` days:
 * onboarding's and the in-app form's (SPEC §9) are both 3. The caller owns the transaction and
 * makes it the user's current subscription.
 */
export async function createFreeTrial(
  ex: Executor,
  userId: string,
  now: Date,
  days: number = FREE_TRIAL_DAYS,
): Promise<SubscriptionRow> {
  const [row] = await ex
    .insert(subscriptions)
    .values({
      userId,
      status: 'completed',
      isFreeTrial: true,
      startsAt: now,
      expiryDate: new Date(now.getTime() + days * DAY_MS),
    })
    .returning();
  if (!row) throw new AppError('INTERNAL', 'Free trial was not created.');
  await announce(ex, topics.subscription(row.id), row.version);
  return row;
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

/** The subscriptions/{id} document (SPEC §3), with its transaction ids oldest first. */
export async function getSubscriptionDoc(
  ex: Executor,
  id: string,
): Promise<SubscriptionDoc | null> {
  const row = await findSubscription(ex, id);
  if (!row) return null;
  const txns = await ex
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.subscriptionId, id))
    .orderBy(asc(transactions.createdAt));
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    isFreeTrial: row.isFreeTrial,
    expiryDate: row.expiryDate.toISOString(),
    selectedPlan: row.selectedPlan ?? null,
    coachId: row.coachId,
    coachEmail: row.coachEmail,
    transactionIds: txns.map((t) => t.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Sets the user's current subscription to expired once its expiryDate has passed (SPEC §4: a
 * subscription past its expiryDate becomes expired; core `canTransition` 'system'), and in the same
 * transaction makes the oldest queued approved or completed subscription current (DESIGN.md
 * "Buying"), repeating while the promoted one has lapsed too. Returns true when the user's access
 * ended (nothing took the expired one's place): the client then shows the expiry alert.
 */
export async function expireIfOverdue(ex: Executor, userId: string, now: Date): Promise<boolean> {
  // Cheap unlocked check first: claims are read often and rarely find anything to do.
  if (!(await currentIsOverdue(ex, userId, now))) return false;
  // Lock order user → subscription, as in every other writer, so no two writers deadlock.
  await ex.execute(sql`select 1 from users where id = ${userId} for update`);
  let ended = false;
  for (let round = 0; round < 50; round += 1) {
    const rows = await ex
      .update(subscriptions)
      .set({ status: 'expired', updatedAt: now, version: sql`${subscriptions.version} + 1` })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(
            subscriptions.id,
            sql`(select current_subscription_id from users where id = ${userId})`,
          ),
          inArray(subscriptions.status, ACCESS_STATUSES),
          lte(subscriptions.expiryDate, now),
        ),
      )
      .returning({ id: subscriptions.id, version: subscriptions.version });
    for (const row of rows) await announce(ex, topics.subscription(row.id), row.version);
    if (rows.length === 0) break;
    const promoted = await promoteNextQueued(ex, userId, now);
    ended = promoted === null;
    if (ended) break;
  }
  return ended;
}

async function currentIsOverdue(ex: Executor, userId: string, now: Date): Promise<boolean> {
  const [row] = await ex
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.id, sql`(select current_subscription_id from users where id = ${userId})`),
        inArray(subscriptions.status, ACCESS_STATUSES),
        lte(subscriptions.expiryDate, now),
      ),
    );
  return row !== undefined;
}

/** Queued subscriptions that may become current: paid and accepted (DESIGN.md "Buying"). */
const PROMOTABLE_STATUSES = [
  'approved',
  'completed',
] as const satisfies readonly SubscriptionStatus[];

/**
 * When the user has no current subscription, or it ended (expired or revoked), makes the oldest
 * queued approved or completed subscription current: its queuedAt is cleared and its term, computed
 * at purchase, is kept. Announces the subscription and users/{uid}. The caller holds the user lock.
 */
export async function promoteNextQueued(
  ex: Executor,
  userId: string,
  now: Date,
): Promise<SubscriptionRow | null> {
  const [current] = await ex
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(
      eq(subscriptions.id, sql`(select current_subscription_id from users where id = ${userId})`),
    );
  if (current && current.status !== 'expired' && current.status !== 'revoked') return null;
  const [next] = await ex
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNotNull(subscriptions.queuedAt),
        inArray(subscriptions.status, PROMOTABLE_STATUSES),
      ),
    )
    .orderBy(asc(subscriptions.queuedAt), asc(subscriptions.createdAt))
    .limit(1)
    .for('update');
  if (!next) return null;
  const [row] = await ex
    .update(subscriptions)
    .set({ queuedAt: null, updatedAt: now, version: sql`${subscriptions.version} + 1` })
    .where(eq(subscriptions.id, next.id))
    .returning();
  if (!row) return null;
  await announce(ex, topics.subscription(row.id), row.version);
  const [user] = await ex
    .update(users)
    .set({
      currentSubscriptionId: row.id,
      version: sql`${users.version} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning({ version: users.version });
  await announce(ex, topics.user(userId), user?.version);
  return row;
}
