import type { Claims } from '@pasado/core';
import { eq, sql } from 'drizzle-orm';
import { type Executor, preparedFor } from '../../platform/db/client.ts';
import { reviewerAccess, subscriptions, users } from '../../platform/db/schema.ts';

// The claims join the user row with the subscriptions module's current subscription and the
// content module's grants: a read model of the account module, above both.
const claimsQuery = preparedFor((ex) =>
  ex
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      isOnboarded: users.isOnboarded,
      subscriptionId: users.currentSubscriptionId,
      subscriptionStatus: subscriptions.status,
      subscriptionExpiry: subscriptions.expiryDate,
      granted: sql<
        string[]
      >`coalesce((select json_agg(a.reviewer_shorthand) from ${reviewerAccess} a where a.user_id = ${users.id}), '[]'::json)`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.id, users.currentSubscriptionId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_claims'),
);

/** The claims and the current subscription's id and expiry (null: none). */
export interface ClaimsSnapshot {
  claims: Claims;
  subscriptionId: string | null;
  subscriptionExpiry: Date | null;
}

/**
 * Claims and the current subscription's expiry, in one query: the claims route only opens a
 * transaction to expire a subscription when the expiry says it is overdue.
 */
export async function getClaimsSnapshot(
  ex: Executor,
  userId: string,
): Promise<ClaimsSnapshot | null> {
  const [row] = await claimsQuery(ex).execute({ userId });
  if (!row) return null;
  return {
    claims: {
      uid: row.id,
      email: row.email,
      role: row.role,
      isOnboarded: row.isOnboarded,
      subscriptionStatus: row.subscriptionStatus ?? null,
      access: Object.fromEntries(row.granted.map((shorthand) => [shorthand, 'Granted' as const])),
    },
    subscriptionId: row.subscriptionId ?? null,
    subscriptionExpiry: row.subscriptionExpiry ?? null,
  };
}

/** Claims are computed from the database on every call (docs/product.md#sessions). */
export async function getClaims(ex: Executor, userId: string): Promise<Claims | null> {
  return (await getClaimsSnapshot(ex, userId))?.claims ?? null;
}
