import { levelOrDefault, suggestedDisplayName, type UserDoc } from '@pasado/core';
import { eq, sql } from 'drizzle-orm';
import { type Executor, preparedFor } from '../../platform/db/client.ts';
import { subscriptions, users } from '../../platform/db/schema.ts';

// One round trip: the queued subscriptions come as a JSON array from a correlated subquery.
const userDocQuery = preparedFor((ex) =>
  ex
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      providerName: users.providerName,
      currentLevel: users.currentLevel,
      gemsCollection: users.gemsCollection,
      currentSubscriptionId: users.currentSubscriptionId,
      challengesProgress: users.challengesProgress,
      unclaimedDrillPoints: users.unclaimedDrillPoints,
      isOnboarded: users.isOnboarded,
      createdAt: users.createdAt,
      subscriptionStatus: subscriptions.status,
      queued: sql<
        string[]
      >`coalesce((select json_agg(q.id order by q.queued_at) from ${subscriptions} q where q.user_id = ${users.id} and q.queued_at is not null), '[]'::json)`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.id, users.currentSubscriptionId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_doc'),
);

/** The users/{uid} document the web app reads and watches (docs/product.md#entities). */
export async function getUserDoc(ex: Executor, userId: string): Promise<UserDoc | null> {
  const [row] = await userDocQuery(ex).execute({ userId });
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    nameSuggestion: suggestedDisplayName(row.providerName),
    currentLevel: levelOrDefault(row.currentLevel),
    gemsCollection: row.gemsCollection,
    subscription:
      row.currentSubscriptionId && row.subscriptionStatus
        ? { id: row.currentSubscriptionId, status: row.subscriptionStatus }
        : null,
    queuedSubscriptions: row.queued,
    challengesProgress: row.challengesProgress,
    unclaimedDrillPoints: row.unclaimedDrillPoints,
    isOnboarded: row.isOnboarded,
    createdAt: row.createdAt.toISOString(),
  };
}
