/**
 * The staff dashboard's weeks (issue 26 item 4: "all in Manila weeks"; docs/product.md#time: a
 * week starts on Sunday 00:00 Manila time). A week is numbered by whole weeks since the Manila
 * Sunday 1970-01-04, so the database buckets an instant with integer arithmetic on its epoch
 * (`MANILA_WEEK_SQL`) — the same number this file gives, with no time-zone database involved
 * (Manila keeps UTC+8 all year).
 */

const WEEK_S = 7 * 24 * 60 * 60;
/** 1970-01-04 00:00 Manila (1970-01-03 16:00 UTC), in seconds since the epoch: a Sunday. */
export const MANILA_WEEK_ZERO_S = 3 * 24 * 60 * 60 - 8 * 60 * 60;

/** The Manila week an instant falls in. */
export function manilaWeekNumber(at: Date): number {
  return Math.floor((at.getTime() / 1000 - MANILA_WEEK_ZERO_S) / WEEK_S);
}

/** The instant a Manila week begins. */
export function manilaWeekStart(week: number): Date {
  return new Date((MANILA_WEEK_ZERO_S + week * WEEK_S) * 1000);
}

/** The last `count` Manila weeks, oldest first, the current (unfinished) one last. */
export function recentManilaWeeks(now: Date, count: number): number[] {
  const current = manilaWeekNumber(now);
  return Array.from({ length: count }, (_, i) => current - count + 1 + i);
}

/** Whole percent of `part` in `whole`, or null when there is nothing to divide. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}
