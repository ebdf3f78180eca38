import { MANILA_WEEK_ZERO_S } from '@pasado/core';
import { and, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { subscriptions } from '../../platform/db/schema.ts';

// The staff dashboard's figures (issue 26 item 4), by Manila week: trials started and converted,
// purchases approved with their revenue and time to approval, and the review queue now. Each query
// reads one index range (docs/benchmarks.md, "Staff dashboard", with `npm run bench:dashboard`'s
// plans on a million purchases). Correlated subqueries name `subscriptions.` outright: drizzle
// drops the qualifier in a one-table select, and an unqualified column would bind to the inner table.

/** The Manila week (core `manilaWeekNumber`) of a timestamp column, in integer arithmetic. */
const manilaWeek = (column: unknown) =>
  sql<number>`floor((extract(epoch from ${column}) - ${sql.raw(String(MANILA_WEEK_ZERO_S))}) / 604800)::int`;

const OPEN = ['pending', 'forVerification'] as const;

export interface TrialWeekRow {
  week: number;
  trials: number;
  converted: number;
}

/** Trials started per week in [from, to), with how many of their accounts have paid since. */
export async function trialsByWeek(ex: Executor, from: Date, to: Date): Promise<TrialWeekRow[]> {
  const week = manilaWeek(subscriptions.createdAt);
  return ex
    .select({
      week,
      trials: sql<number>`count(*)::int`,
      converted: sql<number>`count(*) filter (where exists (
        select 1 from subscriptions paid
        where paid.user_id = subscriptions.user_id
          and not paid.is_free_trial and paid.approved_at is not null
          and paid.status <> 'revoked'))::int`,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.isFreeTrial, true),
        gte(subscriptions.createdAt, from),
        lt(subscriptions.createdAt, to),
      ),
    )
    .groupBy(week);
}

export interface PaidWeekRow {
  week: number;
  paid: number;
  revenue: number;
  medianHours: number | null;
  p90Hours: number | null;
}

/**
 * Purchases first approved per week in [from, to): how many, what they were charged (in pesos)
 * and the hours from purchase to approval. A purchase revoked since (its payment was not what it
 * claimed) was never revenue, nor a paid subscription, nor a trial's conversion.
 */
export async function paidByWeek(ex: Executor, from: Date, to: Date): Promise<PaidWeekRow[]> {
  const week = manilaWeek(subscriptions.approvedAt);
  const hours = sql`extract(epoch from ${subscriptions.approvedAt} - ${subscriptions.createdAt}) / 3600`;
  return ex
    .select({
      week,
      paid: sql<number>`count(*)::int`,
      // The price as charged: the plan as bought, less its discount (core `finalPrice`; the first
      // transaction records the same figure). Read from the row: a lookup of each purchase's
      // transaction cost 2.4 s of 4.2 on a million purchases.
      revenue: sql<number>`coalesce(sum(greatest(0,
        (${subscriptions.selectedPlan}->>'price')::int
        - coalesce((${subscriptions.selectedPlan}->>'discount')::int, 0))), 0)::int`,
      medianHours: sql<number | null>`percentile_cont(0.5) within group (order by ${hours})`,
      p90Hours: sql<number | null>`percentile_cont(0.9) within group (order by ${hours})`,
    })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.approvedAt),
        gte(subscriptions.approvedAt, from),
        lt(subscriptions.approvedAt, to),
        eq(subscriptions.isFreeTrial, false),
        ne(subscriptions.status, 'revoked'),
      ),
    )
    .groupBy(week);
}

/** The review queue now: its size, oldest purchase, and how long its purchases have waited. */
export async function reviewQueueAge(ex: Executor, now: Date) {
  const hours = sql`extract(epoch from ${now.toISOString()}::timestamptz - ${subscriptions.createdAt}) / 3600`;
  const [row] = await ex
    .select({
      size: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${subscriptions.createdAt})`,
      medianHours: sql<number | null>`percentile_cont(0.5) within group (order by ${hours})`,
      p90Hours: sql<number | null>`percentile_cont(0.9) within group (order by ${hours})`,
    })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, [...OPEN]), eq(subscriptions.isFreeTrial, false)));
  return {
    size: row?.size ?? 0,
    oldest: row?.oldest ? new Date(row.oldest) : null,
    medianHours: row?.medianHours ?? null,
    p90Hours: row?.p90Hours ?? null,
  };
}
