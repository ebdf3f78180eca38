import { ITEM_ANALYSIS_GROUP_SHARE, type ItemTally } from '@pasado/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { questions, quizAnswers, quizAttempts } from '../../platform/db/schema.ts';

/**
 * The attempts item analysis reads (issue 12 item 6): finished mocks and lite quizzes. Drills are a
 * timed speed run, a test of recall under time rather than of the item, so they stay out; so do
 * lite quizzes taken offline, whose device held every key (issue 21 finding 3).
 */
export const ANALYSED_ATTEMPT_KINDS = ['mock', 'lite'] as const;

export interface ItemTallies {
  /** One per question with at least one response, in question-id order. */
  tallies: ItemTally[];
  /**
   * Per question given in `resolvedAt`: its responses from attempts submitted by then (to the
   * millisecond, as the time was read), an item listed twice in one attempt counted twice.
   */
  responsesAtResolution: Map<string, number>;
}

interface TallyRow {
  question_id: string;
  choice_count: number;
  answer_index: number;
  responses: number;
  group_size: number;
  choice_index: number | null;
  chosen: number;
  upper: number;
  lower: number;
  at_resolution: number;
}

/**
 * The tallies of core's item analysis, worked out in the database (issue 25 item 2; ADR 017): the
 * process receives a few rows per question instead of a row per response, and sorts nothing.
 *
 * What core's `analyseItems` does in memory, step by step in SQL: every item of every submitted
 * mock and lite quiz is a response, answered or not, scored against the question's key as it is
 * now (a deleted question is gone); an attempt's score is its share right over every item it held;
 * one response per attempt and question counts; per question the attempts are ranked by score best
 * first, equal scores in attempt-id order (uuid order is the order of their lowercase text), and
 * the `round(0.27 × n)` best and worst form the upper and lower groups (`floor(x + 0.5)` in double
 * precision is JavaScript's `Math.round` for these values). The result is one row per question and
 * chosen option (null: unanswered), with how many chose it overall, in the upper and in the lower
 * group; `tallyRows` folds them into core's tallies.
 */
export async function tallySubmittedItems(
  ex: Executor,
  resolvedAt: ReadonlyMap<string, Date>,
): Promise<ItemTallies> {
  // One JSON parameter, question id → time: any number of questions, any characters in an id.
  const resolved = JSON.stringify(
    Object.fromEntries([...resolvedAt].map(([id, at]) => [id, at.toISOString()])),
  );
  const result = await ex.execute(sql`
    with responses as (
      select a.id as attempt_id, q.id as question_id, ans.choice_index,
             jsonb_array_length(q.choices) as choice_count, q.answer_index,
             coalesce(date_trunc('milliseconds', a.submitted_at) <= r.resolved_at, false) as by_resolution
      from ${quizAttempts} a
      cross join lateral jsonb_array_elements(a.items) as item(value)
      join ${questions} q on q.id = item.value->>'questionId'
      left join ${quizAnswers} ans on ans.attempt_id = a.id and ans.question_id = q.id
      left join (
        select key as question_id, value::timestamptz as resolved_at
        from jsonb_each_text(${resolved}::jsonb)
      ) r on r.question_id = q.id
      where a.status = 'submitted' and a.client_attempt_id is null
        and a.kind in (${sql.join(
          ANALYSED_ATTEMPT_KINDS.map((kind) => sql`${kind}`),
          sql`, `,
        )})
    ),
    per_item as (
      select attempt_id, question_id, choice_index, choice_count, answer_index,
             count(*)::int as copies,
             count(*) filter (where by_resolution)::int as copies_by_resolution
      from responses
      group by attempt_id, question_id, choice_index, choice_count, answer_index
    ),
    scores as (
      select attempt_id,
             coalesce(sum(copies) filter (where choice_index = answer_index), 0)::float8
               / sum(copies)::float8 as score
      from per_item
      group by attempt_id
    ),
    ranked as (
      select p.question_id, p.choice_index, p.choice_count, p.answer_index, p.copies_by_resolution,
             row_number() over by_score as rank,
             count(*) over (partition by p.question_id) as responses
      from per_item p join scores s on s.attempt_id = p.attempt_id
      window by_score as (partition by p.question_id order by s.score desc, p.attempt_id)
    ),
    sized as (
      select *, floor(responses * ${ITEM_ANALYSIS_GROUP_SHARE}::float8 + 0.5)::int as group_size
      from ranked
    )
    select question_id, choice_count, answer_index, responses::int, group_size, choice_index,
           count(*)::int as chosen,
           count(*) filter (where rank <= group_size)::int as upper,
           count(*) filter (where rank > responses - group_size)::int as lower,
           sum(copies_by_resolution)::int as at_resolution
    from sized
    group by question_id, choice_count, answer_index, responses, group_size, choice_index
    order by question_id, choice_index`);
  return tallyRows((result as unknown as { rows: TallyRow[] }).rows, resolvedAt);
}

/** Folds the per-question, per-option rows (grouped by question) into core's tallies. */
function tallyRows(rows: readonly TallyRow[], resolvedAt: ReadonlyMap<string, Date>): ItemTallies {
  const tallies: ItemTally[] = [];
  const responsesAtResolution = new Map<string, number>();
  let current: ItemTally | undefined;
  for (const row of rows) {
    if (current === undefined || current.questionId !== row.question_id) {
      const zeros = () => Array.from({ length: row.choice_count }, () => 0);
      current = {
        questionId: row.question_id,
        choiceCount: row.choice_count,
        answerIndex: row.answer_index,
        responses: row.responses,
        correct: 0,
        groupSize: row.group_size,
        upperCorrect: 0,
        lowerCorrect: 0,
        optionCounts: zeros(),
        upperOptionCounts: zeros(),
        lowerOptionCounts: zeros(),
      };
      tallies.push(current);
      if (resolvedAt.has(row.question_id)) responsesAtResolution.set(row.question_id, 0);
    }
    const choice = row.choice_index;
    if (choice !== null && choice === current.answerIndex) {
      current.correct += row.chosen;
      current.upperCorrect += row.upper;
      current.lowerCorrect += row.lower;
    }
    // A choice outside today's options (the item was edited to fewer) chose nothing that exists.
    if (choice !== null && choice >= 0 && choice < current.choiceCount) {
      current.optionCounts[choice] = (current.optionCounts[choice] ?? 0) + row.chosen;
      current.upperOptionCounts[choice] = (current.upperOptionCounts[choice] ?? 0) + row.upper;
      current.lowerOptionCounts[choice] = (current.lowerOptionCounts[choice] ?? 0) + row.lower;
    }
    if (resolvedAt.has(row.question_id)) {
      responsesAtResolution.set(
        row.question_id,
        (responsesAtResolution.get(row.question_id) ?? 0) + row.at_resolution,
      );
    }
  }
  return { tallies, responsesAtResolution };
}

/**
 * Until the transaction ends, no parallel workers for its statements: the analysis is a
 * background job, and PostgreSQL's parallel query would take every core of the database's machine
 * from the requests served meanwhile (issue 25 item 2). A setting PGlite accepts as well.
 */
export async function keepToOneWorker(ex: Executor): Promise<void> {
  await ex.execute(sql`set local max_parallel_workers_per_gather = 0`);
}
