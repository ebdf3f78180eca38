import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { planDays } from '../../platform/db/schema.ts';

/**
 * The plan's daily figure fixed for a Manila day (docs/product.md#today): quiz home stores the
 * first it computes on a day and shows that one all day.
 */
export type DayPlan = { day: string; examDay: string; items: number; minutes: number };

const columns = {
  day: planDays.day,
  examDay: planDays.examDay,
  items: planDays.items,
  minutes: planDays.minutes,
};

/** The student's last stored figure for the track (of whatever day), or null. */
export async function findDayPlan(
  ex: Executor,
  userId: string,
  reviewer: string,
): Promise<DayPlan | null> {
  const [row] = await ex
    .select(columns)
    .from(planDays)
    .where(and(eq(planDays.userId, userId), eq(planDays.reviewer, reviewer)));
  return row ?? null;
}

/**
 * Stores `plan` as the figure of its day, unless one for the same day and exam day is stored
 * already (another read of the same moment stored it first); returns the figure that stands. A
 * stored later day is never put back to an earlier one (a request whose clock lagged).
 */
export async function keepDayPlan(
  ex: Executor,
  userId: string,
  reviewer: string,
  plan: DayPlan,
): Promise<DayPlan> {
  const [stored] = await ex
    .insert(planDays)
    .values({ userId, reviewer, ...plan })
    .onConflictDoUpdate({
      target: [planDays.userId, planDays.reviewer],
      set: {
        day: sql`excluded.day`,
        examDay: sql`excluded.exam_day`,
        items: sql`excluded.items`,
        minutes: sql`excluded.minutes`,
      },
      setWhere: sql`${planDays.day} < excluded.day
        or (${planDays.day} = excluded.day and ${planDays.examDay} <> excluded.exam_day)`,
    })
    .returning(columns);
  if (stored) return stored;
  const standing = await findDayPlan(ex, userId, reviewer);
  return standing && standing.day === plan.day && standing.examDay === plan.examDay
    ? standing
    : plan;
}
