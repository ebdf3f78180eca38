import { type ExamSittingDay, type SittingDays, sittingDays } from '@pasado/core';
import { and, asc, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { examSittings, reviewerAccess } from '../../platform/db/schema.ts';

export type ExamSittingRow = {
  id: string;
  reviewer: string;
  startsOn: string;
  days: ExamSittingDay[];
};

const columns = {
  id: examSittings.id,
  reviewer: examSittings.reviewerShorthand,
  startsOn: examSittings.startsOn,
  days: examSittings.days,
};

/** A track's sittings whose last day is `today` or later, soonest first. */
export async function listUpcomingSittings(
  ex: Executor,
  reviewer: string,
  today: string,
): Promise<ExamSittingRow[]> {
  // A sitting is at most a few days long: starting a week back finds any still under way, and
  // the caller keeps those whose last day has not passed.
  return ex
    .select(columns)
    .from(examSittings)
    .where(
      and(
        eq(examSittings.reviewerShorthand, reviewer),
        gte(examSittings.startsOn, sql`(${today}::date - 7)`),
      ),
    )
    .orderBy(asc(examSittings.startsOn), asc(examSittings.id));
}

/** Every sitting of every track, newest first (the console). */
export async function listAllSittings(ex: Executor): Promise<ExamSittingRow[]> {
  return ex
    .select(columns)
    .from(examSittings)
    .orderBy(desc(examSittings.startsOn), asc(examSittings.reviewerShorthand));
}

export async function findSitting(ex: Executor, id: string): Promise<ExamSittingRow | null> {
  const [row] = await ex.select(columns).from(examSittings).where(eq(examSittings.id, id));
  return row ?? null;
}

export async function insertSitting(
  ex: Executor,
  input: { reviewer: string; startsOn: string; days: ExamSittingDay[] },
  now: Date,
): Promise<ExamSittingRow> {
  const [row] = await ex
    .insert(examSittings)
    .values({
      reviewerShorthand: input.reviewer,
      startsOn: input.startsOn,
      days: input.days,
      createdAt: now,
      updatedAt: now,
    })
    .returning(columns);
  if (!row) throw new Error('insertSitting: no row');
  return row;
}

/** Changes a sitting's days (its track stays); null when it no longer exists. */
export async function updateSitting(
  ex: Executor,
  id: string,
  input: { startsOn: string; days: ExamSittingDay[] },
  now: Date,
): Promise<ExamSittingRow | null> {
  const [row] = await ex
    .update(examSittings)
    .set({ startsOn: input.startsOn, days: input.days, updatedAt: now })
    .where(eq(examSittings.id, id))
    .returning(columns);
  return row ?? null;
}

/** Removes a sitting; the students who picked it are left without one (on delete set null). */
export async function deleteSitting(ex: Executor, id: string): Promise<ExamSittingRow | null> {
  const [row] = await ex.delete(examSittings).where(eq(examSittings.id, id)).returning(columns);
  return row ?? null;
}

/** How many students picked each sitting. */
export async function countStudentsBySitting(ex: Executor): Promise<Map<string, number>> {
  const rows = await ex
    .select({ id: reviewerAccess.examSittingId, students: count() })
    .from(reviewerAccess)
    .where(isNotNull(reviewerAccess.examSittingId))
    .groupBy(reviewerAccess.examSittingId);
  return new Map(rows.flatMap((r) => (r.id ? [[r.id, Number(r.students)] as const] : [])));
}

/** The sitting the student picked under a track they hold, or null. */
export async function findStudentSittingId(
  ex: Executor,
  userId: string,
  reviewer: string,
): Promise<string | null> {
  const [row] = await ex
    .select({ id: reviewerAccess.examSittingId })
    .from(reviewerAccess)
    .where(and(eq(reviewerAccess.userId, userId), eq(reviewerAccess.reviewerShorthand, reviewer)));
  return row?.id ?? null;
}

/**
 * The first and last days of the student's sitting under a track they hold ('YYYY-MM-DD', even
 * once past), or null: the exam days flash cards' retention counts to (ADR 033).
 */
export async function findStudentSittingDays(
  ex: Executor,
  userId: string,
  reviewer: string,
): Promise<SittingDays | null> {
  const [row] = await ex
    .select({ startsOn: examSittings.startsOn, days: examSittings.days })
    .from(reviewerAccess)
    .innerJoin(examSittings, eq(examSittings.id, reviewerAccess.examSittingId))
    .where(and(eq(reviewerAccess.userId, userId), eq(reviewerAccess.reviewerShorthand, reviewer)));
  return row ? sittingDays(row) : null;
}

/**
 * The last day of the sitting aliased `alias` in SQL (its days are a JSON list; a Manila date key
 * sorts as a date), for statements that read a sitting's days beside other modules' rows.
 */
export const sittingLastDaySql = (alias: string) =>
  sql.raw(`(select max(d->>'date') from jsonb_array_elements(${alias}.days) d)`);

/** Sets (or clears) the student's sitting under a track they hold. */
export async function setStudentSitting(
  ex: Executor,
  userId: string,
  reviewer: string,
  sittingId: string | null,
): Promise<void> {
  await ex
    .update(reviewerAccess)
    .set({ examSittingId: sittingId })
    .where(and(eq(reviewerAccess.userId, userId), eq(reviewerAccess.reviewerShorthand, reviewer)));
}
