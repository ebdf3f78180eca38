import {
  ACCESS_STATUSES,
  type AccessSubscription,
  type Reviewer,
  type SubscriptionStatus,
} from '@pasado/core';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
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
const queuedUntilOf = (userId: SQLWrapper) =>
  sql`(select max(q.expiry_date) from ${subscriptions} q
  where q.user_id = ${userId} and q.queued_at is not null
    and q.status in (${sql.join(
      ACCESS_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}))`;

/**
 * The paywall's row for `userId` and the reviewer `shorthand` (values or placeholders) as one JSON
 * text, null when there is no such user: a column any statement of the student's can carry (the
 * paywall's own read, a lite start's read, a rating's lock: ADR 036). Read with `contentAccessOf`.
 */
export function contentAccessJson(userId: unknown, shorthand: unknown): SQL<string | null> {
  return sql<string | null>`(select json_build_object(
      'shorthand', r.shorthand, 'abbreviation', r.abbreviation, 'name', r.name,
      'status', s.status, 'expiryDate', s.expiry_date, 'queuedUntil', ${queuedUntilOf(sql`u.id`)}
    )::text
    from ${users} u
    left join ${subscriptions} s on s.id = u.current_subscription_id
    left join ${reviewerAccess} ra on ra.user_id = u.id and ra.reviewer_shorthand = ${shorthand}
    left join ${reviewers} r on r.shorthand = ra.reviewer_shorthand
    where u.id = ${userId}::uuid)`;
}

type ContentAccessJson = {
  shorthand: string | null;
  abbreviation: string | null;
  name: string | null;
  status: SubscriptionStatus | null;
  expiryDate: string | null;
  queuedUntil: string | null;
};

/** The row `contentAccessJson` read, as the paywall decides on it (null: no such user). */
export function contentAccessOf(text: string | null): ContentAccessRow | null {
  if (text === null) return null;
  const row = JSON.parse(text) as ContentAccessJson;
  return {
    reviewer:
      row.shorthand === null
        ? null
        : { shorthand: row.shorthand, abbreviation: row.abbreviation ?? '', name: row.name ?? '' },
    subscription:
      row.status === null || row.expiryDate === null
        ? null
        : { status: row.status, expiryDate: new Date(row.expiryDate) },
    queuedUntil: row.queuedUntil === null ? null : new Date(row.queuedUntil),
  };
}

const contentAccessQuery = preparedFor((ex) =>
  ex
    .select({
      access: contentAccessJson(sql.placeholder('userId'), sql.placeholder('shorthand')),
    })
    .from(sql`(select 1) as one`)
    .prepare('content_access'),
);

/** The grant of `shorthand` and the current subscription of `userId` (null: no such user). */
export async function findContentAccess(
  ex: Executor,
  userId: string,
  shorthand: string,
): Promise<ContentAccessRow | null> {
  const [row] = await contentAccessQuery(ex).execute({ userId, shorthand });
  return contentAccessOf(row?.access ?? null);
}

const subscriptionAccessQuery = preparedFor((ex) =>
  ex
    .select({
      status: subscriptions.status,
      expiryDate: subscriptions.expiryDate,
      queuedUntil: queuedUntilOf(users.id).mapWith((value: string | Date | null) =>
        value === null ? null : new Date(value),
      ),
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
