import type { StudentModel } from '@pasado/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { examSittings, readinessModels, reviewerAccess, users } from '../../platform/db/schema.ts';
import { sittingLastDaySql } from '../content/exam-sittings.repository.ts';

/**
 * The stored pass chances (issue 23 item 8; ADR 034): each student's chance of passing at their
 * next sitting, kept beside their model by the background job, and the staff aggregate read from
 * them. Only students holding the track count (staff practising are not a track's students, and a
 * track switch takes the grant away but keeps the model, for a switch back: docs/product.md#readiness-for-staff).
 */

/** The last day of sitting `s`. */
const LAST_DAY = sittingLastDaySql('s');

/**
 * A student's next sitting, `ns`: the one they picked while its last day is today or later (on the
 * NLE's second day they are still sitting it), else the track's next one not over (a student who
 * has not picked still sits the next exam, most likely); its first and last days.
 */
const nextSitting = (today: string) => sql`
  left join lateral (
    select s.starts_on, ${LAST_DAY} as ends_on
    from ${examSittings} s
    where (s.id = ra.exam_sitting_id or s.reviewer_shorthand = m.reviewer)
      and ${LAST_DAY} >= ${today}
    order by (s.id = ra.exam_sitting_id) is true desc, s.starts_on
    limit 1
  ) ns on true`;

export type StalePassChance = {
  userId: string;
  model: StudentModel;
  updatedAt: string;
  major: string | null;
  /** The first day of the student's next sitting, or null. */
  examDay: string | null;
  /** Its last day (the first for a one-day sitting), or null. */
  examEndsOn: string | null;
};

/**
 * Up to `limit` of a track's students whose stored chance is missing or stale (never computed,
 * older than their model, computed before `staleBefore` — the days left change what exam day
 * holds — or for another sitting than their next), in id order after `after`: a run reads each
 * track once through its primary key instead of from its start for every batch.
 */
export async function listStalePassChances(
  ex: Executor,
  input: {
    reviewer: string;
    today: string;
    staleBefore: Date;
    after: string | null;
    limit: number;
  },
): Promise<StalePassChance[]> {
  const result = await ex.execute(sql`
    select * from (
      select m.user_id, m.model, m.updated_at::text as updated_at, ra.major_subject_id as major,
             ns.starts_on::text as exam_day, ns.ends_on as exam_ends_on,
             m.pass_chance_at, m.pass_chance_exam_day
      from ${readinessModels} m
      join ${users} u on u.id = m.user_id and u.role = 'student'
      join ${reviewerAccess} ra
        on ra.user_id = m.user_id and ra.reviewer_shorthand = m.reviewer
      ${nextSitting(input.today)}
      where m.reviewer = ${input.reviewer}
        ${input.after === null ? sql`` : sql`and m.user_id > ${input.after}::uuid`}
    ) c
    where c.pass_chance_at is null
       or c.pass_chance_at < c.updated_at::timestamptz
       or c.pass_chance_at < ${input.staleBefore.toISOString()}::timestamptz
       or c.pass_chance_exam_day is distinct from c.exam_day::date
    order by c.user_id
    limit ${input.limit}`);
  return (
    result as unknown as {
      rows: {
        user_id: string;
        model: StudentModel | string;
        updated_at: string;
        major: string | null;
        exam_day: string | null;
        exam_ends_on: string | null;
      }[];
    }
  ).rows.map((r) => ({
    userId: r.user_id,
    model: typeof r.model === 'string' ? (JSON.parse(r.model) as StudentModel) : r.model,
    updatedAt: r.updated_at,
    major: r.major,
    examDay: r.exam_day,
    examEndsOn: r.exam_ends_on,
  }));
}

/**
 * Stores the chances computed from the models read, each only while its model is unchanged
 * (`updatedAt` as read): a model a finish changed meanwhile stays stale for the next batch.
 */
export async function savePassChances(
  ex: Executor,
  reviewer: string,
  chances: readonly {
    userId: string;
    updatedAt: string;
    chance: number | null;
    examDay: string | null;
  }[],
  now: Date,
): Promise<void> {
  if (chances.length === 0) return;
  await ex.execute(sql`
    update ${readinessModels} m
    set pass_chance = (v->>'chance')::float8,
        pass_chance_exam_day = (v->>'examDay')::date,
        -- Never before the model it was computed from (a finish's clock may run ahead of the job's).
        pass_chance_at = greatest(${now.toISOString()}::timestamptz, m.updated_at)
    from jsonb_array_elements(${JSON.stringify(chances)}::jsonb) v
    where m.reviewer = ${reviewer} and m.user_id = (v->>'userId')::uuid
      and m.updated_at = (v->>'updatedAt')::timestamptz`);
}

export type TrackPassRow = {
  reviewer: string;
  students: number;
  likely: number;
  chanceSum: number;
};

/**
 * Per track, the students holding it with a stored chance for a sitting not yet over (its last day
 * today or later: the NLE's second day still counts), how many have at least `likelyChance`, and
 * the sum of their chances; and when the newest chance was computed.
 */
export async function countTrackPassChances(
  ex: Executor,
  input: { today: string; likelyChance: number },
): Promise<{ rows: TrackPassRow[]; computedAt: Date | null }> {
  const result = await ex.execute(sql`
    select m.reviewer, count(*)::int as students,
           count(*) filter (where m.pass_chance >= ${input.likelyChance}::float8)::int as likely,
           sum(m.pass_chance)::float8 as chance_sum,
           max(m.pass_chance_at) as computed_at
    from ${readinessModels} m
    join ${users} u on u.id = m.user_id and u.role = 'student'
    join ${reviewerAccess} ra on ra.user_id = m.user_id and ra.reviewer_shorthand = m.reviewer
    where m.pass_chance is not null
      and (m.pass_chance_exam_day >= ${input.today}::date
        or exists (select 1 from ${examSittings} s
          where s.reviewer_shorthand = m.reviewer and s.starts_on = m.pass_chance_exam_day
            and ${LAST_DAY} >= ${input.today}))
    group by m.reviewer`);
  const rows = (
    result as unknown as {
      rows: {
        reviewer: string;
        students: number;
        likely: number;
        chance_sum: number;
        computed_at: string | Date | null;
      }[];
    }
  ).rows;
  let computedAt: Date | null = null;
  for (const r of rows) {
    const at = r.computed_at ? new Date(r.computed_at) : null;
    if (at && (!computedAt || at > computedAt)) computedAt = at;
  }
  return {
    rows: rows.map((r) => ({
      reviewer: r.reviewer,
      students: r.students,
      likely: r.likely,
      chanceSum: r.chance_sum,
    })),
    computedAt,
  };
}
