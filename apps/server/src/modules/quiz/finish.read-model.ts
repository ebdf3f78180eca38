import type { StudentModel } from '@pasado/core';
import { sql } from 'drizzle-orm';
import { statementsByShape, type Tx } from '../../platform/db/client.ts';
import {
  blueprints,
  itemDifficulties,
  itemHistories,
  questions,
  quizAnswers,
  quizAttempts,
  readinessModels,
  reviewerAccess,
  subjects,
  topics,
} from '../../platform/db/schema.ts';
import { type Blueprint, firstValidBlueprint } from '../content/bank.repository.ts';
import {
  type ActivityState,
  activityStateJson,
  activityStateOf,
} from '../progress/activity.read-model.ts';
import { itemFactsOf } from '../progress/item-facts.read-model.ts';
import type { ReadinessItem } from '../progress/readiness.ts';
import { activityStateKeys } from '../progress/record-activity.ts';
import { currentContentVersion, itemsInOrder, type SavedAnswer } from './attempts.repository.ts';

// What a finish decides on, read in one statement once the attempt and its owner are locked
// (issue 25, issue 23 item 7): the items with their parts, topics and answers (grading), the items'
// facts and the student's history of each, the student's model and major (the model's update),
// and the blueprint. They were four statements, the items read twice. It joins the content's questions and
// blueprints and the progress module's model, difficulties and histories, so a read model of the
// quiz module, the module above them.

/** One item of the attempt, in the order shown, as the finish needs it. */
export type FinishItem = {
  questionId: string;
  partId: string | null;
  /** The item's facts and the student's history of it; undefined when it has left the bank. */
  facts: ReadinessItem | undefined;
  answer: Pick<SavedAnswer, 'choiceIndex' | 'flagged' | 'isCorrect' | 'answeredAt'> | null;
};

export type FinishState = {
  items: FinishItem[];
  /** The student's model for the attempt's track, null before their first finish. */
  model: StudentModel | null;
  /**
   * `findBlueprint`'s choice: the mock's own blueprint, else the reviewer's first valid one (the
   * track a lite set's answers count toward); null when none is valid.
   */
  blueprint: Blueprint | null;
  /**
   * The owner's major under the attempt's track (null: none picked, or no majors): the model
   * learns only from the parts of their exam (`learnFromAnswers`).
   */
  major: string | null;
  /** What the owner's activity is decided on (`recordActivity`), when read under their lock. */
  activity: ActivityState | null;
  /** The attempt's subject's name (its title), read for the reply (`forReply`). */
  subjectName?: string | null;
  /** The content version, read for the reply (`forReply`): its items' fragments are of it. */
  contentVersion?: number;
};

/** Per item: id, part, topic, subject, held, label, choices, refined mean, variance, answers,
 * history (ms, right, step), answer (saved, choice, flagged, right, ms). */
type ItemTuple = [
  questionId: string,
  partId: string | null,
  topicId: string | null,
  subjectId: string | null,
  held: boolean | null,
  label: number | null,
  choices: number | null,
  mean: number | null,
  variance: number | null,
  answers: number | null,
  lastAtMs: number | null,
  lastCorrect: boolean | null,
  reviewStep: number | null,
  saved: boolean,
  choiceIndex: number | null,
  flagged: boolean | null,
  isCorrect: boolean | null,
  answeredAtMs: number | null,
];

type FinishReadRow = {
  items: string;
  model: string | null;
  blueprints: string;
  activity: string | null;
  major: string | null;
  subject_name: string | null;
  content_version: string | number | null;
};

type FinishReadShape = { withActivity: boolean; forReply: boolean };

/** The finish's read, built once per shape (ADR 037: building it on every call cost the finish). */
const finishRead = statementsByShape<FinishReadShape, FinishReadRow>(
  (shape) => `${shape.withActivity}${shape.forReply}`,
  ({ withActivity, forReply }) => {
    const value = (name: string) => sql.placeholder(name);
    return sql`
    select
      (select coalesce(json_agg(json_build_array(
                 item.value->>'questionId', item.value->>'partId', q.topic_id, t.subject_id,
                 q.held_at is not null, q.difficulty, jsonb_array_length(q.choices),
                 d.mean, d.variance, d.answers,
                 floor(extract(epoch from h.last_at) * 1000), h.last_correct, h.review_step,
                 ans.question_id is not null, ans.choice_index, ans.flagged, ans.is_correct,
                 floor(extract(epoch from ans.answered_at) * 1000))
               order by item.ord), '[]')::text
         from ${itemsInOrder(sql`a.items`)}
         left join ${questions} q on q.id = item.value->>'questionId'
         left join ${topics} t on t.id = q.topic_id
         left join ${itemDifficulties} d on d.question_id = q.id
         left join ${itemHistories} h on h.user_id = a.user_id and h.question_id = q.id
         left join ${quizAnswers} ans
           on ans.attempt_id = a.id and ans.question_id = item.value->>'questionId') as items,
      (select r.model::text from ${readinessModels} r
         where r.user_id = a.user_id and r.reviewer = a.reviewer_shorthand) as model,
      -- As findBlueprint(reviewer, the mock's blueprint id): a lite set's answers count toward
      -- the reviewer's first valid blueprint, in id order.
      (select coalesce(json_agg(json_build_array(b.id, b.name, b.spec::text) order by b.id), '[]')::text
         from ${blueprints} b
         where b.reviewer_shorthand = a.reviewer_shorthand
           and (a.kind <> 'mock' or a.blueprint_id is null or b.id = a.blueprint_id)) as blueprints,
      (select ra.major_subject_id from ${reviewerAccess} ra
         where ra.user_id = a.user_id and ra.reviewer_shorthand = a.reviewer_shorthand) as major,
      ${
        withActivity
          ? activityStateJson({
              userId: value('userId'),
              day: value('day'),
              weekBoard: value('weekBoard'),
              at: value('at'),
            })
          : sql`null::text`
      } as activity,
      ${forReply ? sql`(select s.name from ${subjects} s where s.id = a.subject_id)` : sql`null::text`} as subject_name,
      ${forReply ? currentContentVersion : sql`null::text`} as content_version
    from ${quizAttempts} a
    where a.id = ${value('attemptId')}::uuid`;
  },
);

/**
 * The finish's state in one statement by primary keys. The items, the blueprints and the model
 * come back as text and are parsed once in JavaScript (the driver would build a row object per
 * item, as the resume avoids). A history's time is read in whole milliseconds, as it was written.
 * The caller holds the owner's lock, taken in an earlier statement, so the model and the
 * histories read here are the ones the last finish left.
 */
export async function loadFinishState(
  tx: Tx,
  attempt: { id: string; userId: string },
  now: Date,
  options: {
    /** Only when the owner's row is locked already: nothing read here may change before the write. */
    withActivity: boolean;
    /**
     * The subject's name and the content version, so the reply is built from this read and the
     * items' kept fragments rather than read again after the commit (submitting: ADR 038).
     */
    forReply?: boolean;
  },
): Promise<FinishState | null> {
  const forReply = options.forReply === true;
  const withActivity = options.withActivity;
  const result = await finishRead({ withActivity, forReply })(tx, {
    attemptId: attempt.id,
    ...(withActivity ? { userId: attempt.userId, ...activityStateKeys(now) } : {}),
  });
  const row = result.rows[0];
  if (!row) return null;
  const tuples = JSON.parse(row.items) as ItemTuple[];
  const candidates = JSON.parse(row.blueprints) as [string, string, string][];
  return {
    items: tuples.map((r) => ({
      questionId: r[0],
      partId: r[1],
      // A question or topic gone from the bank: graded as missing, nothing for the model.
      facts:
        r[2] === null || r[3] === null
          ? undefined
          : {
              ...itemFactsOf({
                id: r[0],
                subjectId: r[3],
                topicId: r[2],
                heldAt: r[4] ? new Date(0) : null,
                label: r[5] ?? 0,
                choices: r[6] ?? 0,
                mean: r[7],
                variance: r[8],
                answers: r[9],
              }),
              history:
                r[10] !== null && r[11] !== null
                  ? { lastAt: r[10], lastCorrect: r[11], reviewStep: r[12] }
                  : undefined,
            },
      answer: r[13]
        ? {
            choiceIndex: r[14],
            flagged: r[15] ?? false,
            isCorrect: r[16],
            answeredAt: new Date(r[17] ?? 0),
          }
        : null,
    })),
    model: row.model === null ? null : (JSON.parse(row.model) as StudentModel),
    blueprint: firstValidBlueprint(
      candidates.map(([id, name, specText]) => ({ id, name, specText })),
    ),
    major: row.major,
    activity: row.activity === null ? null : activityStateOf(row.activity),
    ...(forReply
      ? { subjectName: row.subject_name, contentVersion: Number(row.content_version) }
      : {}),
  };
}
