import {
  type AccessSubscription,
  type Reviewer,
  type SubscriptionStatus,
  TAKES_OVER_WHEN_CURRENT_ENDS,
} from '@pasado/core';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, preparedFor } from '../../platform/db/client.ts';
import { reviewerAccess, reviewers, subscriptions, users } from '../../platform/db/schema.ts';

/**
 * The paywall's read model (issue 21 finding 1): a student's grant of one reviewer and their
 * current subscription, in one statement by primary keys. It joins the content module's grant with
 * the subscriptions module's row, so it lives here, in the module above both.
 */
export type ContentAccessRow = SubscriptionAccess & {
  /** The reviewer, when the student holds its grant; null otherwise (or no such reviewer). */
  reviewer: Reviewer | null;
};

export type SubscriptionAccess = {
  subscription: AccessSubscription;
  /** The end of the latest queued subscription that takes over when the current one ends. */
  queuedUntil: Date | null;
};

/** Correlated: the latest end of the user's queued subscriptions that would become current. */
const queuedUntil = sql<Date | null>`(select max(q.expiry_date) from ${subscriptions} q
  where q.user_id = ${users.id} and q.queued_at is not null
    and q.status in (${sql.join(
      TAKES_OVER_WHEN_CURRENT_ENDS.map((status) => sql`${status}`),
      sql`, `,
    )}))`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));

/**
 * The paywall's row with `extra` columns another statement of the student's carries beside it (a
 * lite start reads its draw in the same statement, ADR 036); `where` by the user's id is the
 * caller's, with the reviewer as the placeholder `shorthand`.
 */
export function selectContentAccess<Extra extends Record<string, SQL.Aliased | SQL>>(
  ex: Executor,
  extra: Extra,
) {
  return ex
    .select({
      shorthand: reviewers.shorthand,
      abbreviation: reviewers.abbreviation,
      name: reviewers.name,
      status: subscriptions.status,
      expiryDate: subscriptions.expiryDate,
      queuedUntil,
      ...extra,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.id, users.currentSubscriptionId))
    .leftJoin(
      reviewerAccess,
      and(
        eq(reviewerAccess.userId, users.id),
        eq(reviewerAccess.reviewerShorthand, sql.placeholder('shorthand')),
      ),
    )
    .leftJoin(reviewers, eq(reviewers.shorthand, reviewerAccess.reviewerShorthand));
}

const contentAccessQuery = preparedFor((ex) =>
  selectContentAccess(ex, {})
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('content_access'),
);

type ContentAccessColumns = {
  shorthand: string | null;
  abbreviation: string | null;
  name: string | null;
  status: SubscriptionStatus | null;
  expiryDate: Date | null;
  queuedUntil: Date | null;
};

/** The row `selectContentAccess` read, as the paywall decides on it. */
export function contentAccessRowOf(row: ContentAccessColumns): ContentAccessRow {
  return {
    reviewer:
      row.shorthand === null
        ? null
        : { shorthand: row.shorthand, abbreviation: row.abbreviation ?? '', name: row.name ?? '' },
    subscription:
      row.status === null || row.expiryDate === null
        ? null
        : { status: row.status, expiryDate: row.expiryDate },
    queuedUntil: row.queuedUntil,
  };
}

/** The grant of `shorthand` and the current subscription of `userId` (null: no such user). */
export async function findContentAccess(
  ex: Executor,
  userId: string,
  shorthand: string,
): Promise<ContentAccessRow | null> {
  const [row] = await contentAccessQuery(ex).execute({ userId, shorthand });
  return row ? contentAccessRowOf(row) : null;
}

const subscriptionAccessQuery = preparedFor((ex) =>
  ex
    .select({
      status: subscriptions.status,
      expiryDate: subscriptions.expiryDate,
      queuedUntil,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.id, users.currentSubscriptionId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('subscription_access'),
);

/** The current subscription of `userId` as the paywall reads it (null: no such user). */
export async function findSubscriptionAccess(
  ex: Executor,
  userId: string,
): Promise<SubscriptionAccess | null> {
  const [row] = await subscriptionAccessQuery(ex).execute({ userId });
  if (!row) return null;
  return {
    subscription:
      row.status === null || row.expiryDate === null
        ? null
        : { status: row.status, expiryDate: row.expiryDate },
    queuedUntil: row.queuedUntil,
  };
}
