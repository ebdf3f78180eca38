import {
  type DifficultyEvidence,
  type ItemDifficulty,
  PRIOR_PART_MEAN,
  seedDifficulty,
  TOPIC_CARRY,
} from '@pasado/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  itemDifficulties,
  questions,
  quizAnswers,
  quizAttempts,
  readinessModels,
  topics,
} from '../../platform/db/schema.ts';
import { ANALYSED_ATTEMPT_KINDS } from './item-tallies.read-model.ts';

/** What the refinement of one item's difficulty needs (core `refineDifficulty`). */
export type ItemEvidence = {
  questionId: string;
  /** Its stored difficulty, or its label's seed before its first refinement. */
  prior: ItemDifficulty;
  choices: number;
  evidence: DifficultyEvidence[];
};

interface EvidenceRow {
  question_id: string;
  label: number;
  choices: number;
  mean: number | null;
  variance: number | null;
  answers: number | null;
  correct: boolean;
  theta: number;
  count: number;
}

/**
 * The answers given to each item in attempts finished (written: `settled_at`, else
 * `submitted_at` for attempts from before it) after `after` (null: ever) and up to `through`, each with the answering student's ability as their model holds it now — summed in
 * the database (issue 25: the process receives a few rows per item, never a row per answer).
 *
 * The answers are those item analysis reads (finished online mocks and lite sets; ADR 017), each
 * item once per attempt, answered ones only (an item left blank when time ran out says nothing of
 * the item), scored against the key as it is now. The ability is the student's topic ability as
 * core `agedTopic` reads it — the topic's own mean moved by `TOPIC_CARRY` of what its part has moved
 * since, else the part's, else the prior — without the ageing, which is negligible within a run's
 * hour; it is rounded to 0.01 logit, so the students of one item fall in a few hundred groups at
 * most. `partsByTrack`: per track, each subject's blueprint part (items outside the parts are
 * skipped, as the model skips them).
 */
export async function listDifficultyEvidence(
  ex: Executor,
  input: {
    after: Date | null;
    through: Date;
    partsByTrack: Record<string, Record<string, string>>;
  },
): Promise<ItemEvidence[]> {
  const result = await ex.execute(sql`
    with parts as (
      select key as reviewer, value as subjects from jsonb_each(${JSON.stringify(input.partsByTrack)}::jsonb)
    ),
    responses as (
      select distinct a.id as attempt_id, q.id as question_id, q.difficulty as label,
             jsonb_array_length(q.choices) as choices, q.topic_id,
             ans.choice_index = q.answer_index as correct,
             m.model -> 'parts' -> (p.subjects ->> t.subject_id) as part
      from ${quizAttempts} a
      cross join lateral jsonb_array_elements(a.items) as item(value)
      join ${questions} q on q.id = item.value->>'questionId'
      join ${topics} t on t.id = q.topic_id
      join parts p on p.reviewer = a.reviewer_shorthand and p.subjects ? t.subject_id
      join ${quizAnswers} ans on ans.attempt_id = a.id and ans.question_id = q.id
        and ans.choice_index is not null
      left join ${readinessModels} m on m.user_id = a.user_id and m.reviewer = a.reviewer_shorthand
      where a.status = 'submitted' and a.client_attempt_id is null
        and a.kind in (${sql.join(
          ANALYSED_ATTEMPT_KINDS.map((kind) => sql`${kind}`),
          sql`, `,
        )})
        and coalesce(a.settled_at, a.submitted_at) <= ${input.through.toISOString()}::timestamptz
        and (${input.after?.toISOString() ?? null}::timestamptz is null
             or coalesce(a.settled_at, a.submitted_at) > ${input.after?.toISOString() ?? null}::timestamptz)
    ),
    abilities as (
      select question_id, label, choices, correct,
             coalesce(
               (part -> 'topics' -> topic_id ->> 'mean')::float8
                 + ${TOPIC_CARRY}::float8 * ((part -> 'ability' ->> 'mean')::float8
                   - coalesce((part -> 'topics' -> topic_id ->> 'anchor')::float8,
                              (part -> 'ability' ->> 'mean')::float8)),
               (part -> 'ability' ->> 'mean')::float8,
               ${PRIOR_PART_MEAN}::float8
             ) as theta
      from responses
    )
    select b.question_id, b.label, b.choices, d.mean, d.variance, d.answers, b.correct,
           round(b.theta::numeric, 2)::float8 as theta, count(*)::int as count
    from abilities b
    left join ${itemDifficulties} d on d.question_id = b.question_id
    group by b.question_id, b.label, b.choices, d.mean, d.variance, d.answers, b.correct,
             round(b.theta::numeric, 2)
    order by b.question_id`);
  const items: ItemEvidence[] = [];
  let current: ItemEvidence | undefined;
  for (const row of (result as unknown as { rows: EvidenceRow[] }).rows) {
    if (current?.questionId !== row.question_id) {
      current = {
        questionId: row.question_id,
        prior:
          row.mean !== null && row.variance !== null
            ? { mean: row.mean, variance: row.variance, answers: row.answers ?? 0 }
            : seedDifficulty(row.label),
        choices: row.choices,
        evidence: [],
      };
      items.push(current);
    }
    current.evidence.push({ theta: row.theta, correct: row.correct, count: row.count });
  }
  return items;
}
