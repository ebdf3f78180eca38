import { type Dashboard, manilaWeekStart, percentOf, recentManilaWeeks } from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { paidByWeek, reviewQueueAge, trialsByWeek } from './dashboard.repository.ts';

/** Hours with one decimal, or null. */
const hours = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * The business at a glance (issue 26 item 4): the last `weeks` Manila weeks, oldest first, each
 * with trials started and converted, purchases approved and their revenue, and the time from
 * purchase to approval; weeks with nothing are there with zeros, so the chart has no gaps.
 */
export async function staffDashboard(
  ex: Executor,
  input: { now: Date; weeks: number },
): Promise<Dashboard> {
  const weeks = recentManilaWeeks(input.now, input.weeks);
  const first = weeks[0] ?? 0;
  const from = manilaWeekStart(first);
  const to = manilaWeekStart(first + weeks.length);
  // Three independent reads: on PostgreSQL they run side by side on the pool's connections.
  const [trials, paid, queue] = await Promise.all([
    trialsByWeek(ex, from, to),
    paidByWeek(ex, from, to),
    reviewQueueAge(ex, input.now),
  ]);
  const trialOf = new Map(trials.map((r) => [r.week, r]));
  const paidOf = new Map(paid.map((r) => [r.week, r]));
  return {
    weeks: weeks.map((week) => {
      const t = trialOf.get(week);
      const p = paidOf.get(week);
      return {
        weekStart: manilaWeekStart(week).toISOString(),
        trialsStarted: t?.trials ?? 0,
        trialsConverted: t?.converted ?? 0,
        conversionPercent: percentOf(t?.converted ?? 0, t?.trials ?? 0),
        paidSubscriptions: p?.paid ?? 0,
        revenuePesos: p?.revenue ?? 0,
        medianHoursToApproval: hours(p?.medianHours ?? null),
        p90HoursToApproval: hours(p?.p90Hours ?? null),
      };
    }),
    queue: {
      size: queue.size,
      oldestSubmittedAt: queue.oldest?.toISOString() ?? null,
      medianWaitingHours: hours(queue.medianHours),
      p90WaitingHours: hours(queue.p90Hours),
    },
  };
}
