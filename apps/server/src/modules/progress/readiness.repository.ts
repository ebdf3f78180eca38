import type { ItemHistory, StudentModel } from '@pasado/core';
import { and, eq, sql } from 'drizzle-orm';
import { type CarriedWrite, type Executor, executeNamed } from '../../platform/db/client.ts';
import { itemHistories, readinessModels } from '../../platform/db/schema.ts';

/** The student's model for a track (issue 23 item 2), or null before their first answer. */
export async function findReadinessModel(
  ex: Executor,
  userId: string,
  reviewer: string,
): Promise<StudentModel | null> {
  const [row] = await ex
    .select({ model: readinessModels.model })
    .from(readinessModels)
    .where(and(eq(readinessModels.userId, userId), eq(readinessModels.reviewer, reviewer)));
  return row?.model ?? null;
}

/** What `saveReadinessState` stores: the student's model and the histories of a finished set. */
export type ReadinessState = {
  userId: string;
  reviewer: string;
  model: StudentModel;
  histories: ReadonlyMap<string, ItemHistory>;
  now: Date;
};

/** `readinessStateWrites`' CTEs: their text is the same for every student (placeholders). */
function readinessCtes() {
  const v = (name: string) => sql.placeholder(name);
  return sql`
    histories as (
      insert into ${itemHistories} (user_id, question_id, last_at, last_correct, review_step)
      select ${v('readinessUserId')}::uuid, h.question_id, h.last_at, h.last_correct, h.review_step
      from jsonb_to_recordset(${v('readinessHistories')}::jsonb)
        as h(question_id text, last_at timestamptz, last_correct boolean, review_step smallint)
      order by h.question_id
      on conflict (user_id, question_id) do update set last_at = excluded.last_at,
        last_correct = excluded.last_correct, review_step = excluded.review_step
      returning 1
    ),
    model as (
      insert into ${readinessModels} (user_id, reviewer, model, updated_at)
      values (${v('readinessUserId')}::uuid, ${v('readinessReviewer')}, ${v('readinessModel')}::jsonb,
              ${v('readinessAt')}::timestamptz)
      on conflict (user_id, reviewer) do update set model = excluded.model,
        updated_at = excluded.updated_at
      returning 1
    )`;
}

/**
 * The student's model and the item histories of a finished set as two data-modifying CTEs
 * (`histories`, `model`), for a statement that does more (the finish's mark, ADR 031: no round
 * trip of their own). The histories' multi-row upsert takes its rows as one jsonb parameter
 * however many (as `writeActivity` does), in item order so two writers lock rows alike. The caller
 * computed each history with core `nextItemHistory` from the row it read under the user's lock, so
 * the new row replaces the old; one row per item (the caller folds repeats).
 */
export function readinessStateWrites(input: ReadinessState): CarriedWrite {
  const rows = [...input.histories].map(([questionId, h]) => ({
    question_id: questionId,
    last_at: new Date(h.lastAt).toISOString(),
    last_correct: h.lastCorrect,
    review_step: h.reviewStep,
  }));
  return {
    shape: 'readiness',
    ctes: readinessCtes,
    values: {
      readinessUserId: input.userId,
      readinessHistories: JSON.stringify(rows),
      readinessReviewer: input.reviewer,
      readinessModel: JSON.stringify(input.model),
      readinessAt: input.now.toISOString(),
    },
  };
}

/**
 * Stores the student's model and the item histories of a finished set in ONE statement (ADR 032;
 * the finish's statement budget, ADR 031): `readinessStateWrites` on their own.
 */
export async function saveReadinessState(ex: Executor, input: ReadinessState): Promise<void> {
  const write = readinessStateWrites(input);
  await executeNamed(ex, sql`with ${write.ctes()} select 1`, write.values);
}
