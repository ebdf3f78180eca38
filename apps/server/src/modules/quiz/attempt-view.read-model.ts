import { type BlueprintSpec, blueprintSpecSchema } from '@pasado/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, preparedFor } from '../../platform/db/client.ts';
import {
  blueprints,
  questions,
  quizAnswers,
  quizAttempts,
  reviewerAccess,
  subjects,
  topics,
} from '../../platform/db/schema.ts';
import {
  keyColumns,
  loadQuestions,
  type QuestionRow,
  questionColumns,
} from '../content/bank.repository.ts';
import {
  type AttemptClock,
  type AttemptHeader,
  clockColumns,
  currentContentVersion,
  loadAnswers,
  type SavedAnswer,
} from './attempts.repository.ts';

// What the quiz screen shows of an attempt: its rows joined with the content module's blueprints,
// subjects, topics and questions (and the owner's grant), so a read model of the quiz module.

/** An attempt's items with what they need from the bank and the student, keyed by question id. */
export type AttemptItems = {
  /** The items' questions still in the bank (a deleted question is missing). */
  questions: Map<string, QuestionRow>;
  /** The answers and flags saved so far. */
  answers: Map<string, SavedAnswer>;
};

/** The header with what the quiz screen shows around the items: blueprint and subject names. */
export type AttemptView = AttemptClock & {
  result: AttemptHeader['result'];
  /** The mock's blueprint when its spec is valid (as findBlueprint), else null. */
  blueprint: { id: string; name: string; spec: BlueprintSpec } | null;
  subjectName: string | null;
  /** A For-you lite set (ADR 032): its title says so. */
  forYou: boolean;
};

/** The attempt's blueprint when its spec is valid, as findBlueprint decides. */
function validBlueprint(
  id: string | null,
  name: string | null,
  spec: unknown,
): AttemptView['blueprint'] {
  if (!id || name === null || spec === null) return null;
  const parsed = blueprintSpecSchema.safeParse(spec);
  return parsed.success ? { id, name, spec: parsed.data } : null;
}

/** What a resume reads besides the view: the items in order, the answers, the content version. */
export type AttemptResume = AttemptView & {
  items: AttemptHeader['items'];
  /** Per answered or flagged item: question id, choice (null: cleared), flag, right or not. */
  answers: [
    questionId: string,
    choiceIndex: number | null,
    flagged: boolean,
    isCorrect: boolean | null,
  ][];
  contentVersion: number;
  /** Whether the owner holds the attempt's reviewer (the route's grant check, in the same read). */
  ownerGranted: boolean;
};

const attemptResumeQuery = preparedFor((ex) =>
  ex
    .select({
      ...clockColumns,
      result: quizAttempts.result,
      items: quizAttempts.items,
      blueprintName: blueprints.name,
      blueprintSpec: blueprints.spec,
      subjectName: subjects.name,
      forYou: quizAttempts.forYou,
      // Text, parsed once in JavaScript: the driver would build a row object per answer.
      answers: sql<string>`(select coalesce(json_agg(json_build_array(${quizAnswers.questionId}, ${quizAnswers.choiceIndex}, ${quizAnswers.flagged}, ${quizAnswers.isCorrect})), '[]')::text from ${quizAnswers} where ${quizAnswers.attemptId} = ${quizAttempts.id})`,
      contentVersion: currentContentVersion,
      ownerGranted: sql<boolean>`exists (select 1 from ${reviewerAccess} where ${reviewerAccess.userId} = ${quizAttempts.userId} and ${reviewerAccess.reviewerShorthand} = ${quizAttempts.reviewerShorthand})`,
    })
    .from(quizAttempts)
    .leftJoin(
      blueprints,
      and(
        eq(blueprints.id, quizAttempts.blueprintId),
        eq(blueprints.reviewerShorthand, quizAttempts.reviewerShorthand),
      ),
    )
    // The subject was checked against the reviewer's (owned or shared) when the quiz started.
    .leftJoin(subjects, eq(subjects.id, quizAttempts.subjectId))
    .where(eq(quizAttempts.id, sql.placeholder('attemptId')))
    .prepare('quiz_attempt_resume'),
);

/**
 * A resume in one statement by primary keys: the view, the items' ids in order, the answers saved,
 * the content version and the owner's grant (issue 10). The questions themselves come from `loadItemContent`, once
 * per content version.
 */
export async function loadAttemptResume(
  ex: Executor,
  attemptId: string,
): Promise<AttemptResume | null> {
  const [row] = await attemptResumeQuery(ex).execute({ attemptId });
  if (!row) return null;
  const { blueprintName, blueprintSpec, subjectName, answers, contentVersion, ...header } = row;
  return {
    ...header,
    blueprint: validBlueprint(header.blueprintId, blueprintName, blueprintSpec),
    subjectName,
    answers: JSON.parse(answers) as AttemptResume['answers'],
    contentVersion: Number(contentVersion),
  };
}

/** What an unrevealed item shows of its question (no key, no rationale). */
export type ItemContent = { topicName: string; stem: string; choices: string[] };

/**
 * Questions read by id, each as `found` holds it (questions not in the bank are missing), and the
 * content version they were read at: one statement, so the two agree.
 */
export type QuestionsAt<T> = { found: Map<string, T>; contentVersion: number | null };

function questionsAt<Row extends { id: string; contentVersion: string }, T>(
  rows: readonly Row[],
  pick: (row: Row) => T,
): QuestionsAt<T> {
  return {
    found: new Map(rows.map((row) => [row.id, pick(row)])),
    contentVersion: rows[0] ? Number(rows[0].contentVersion) : null,
  };
}

const byIds = sql`${questions.id} = any(${sql.placeholder('ids')}::text[])`;
const idsValue = (questionIds: readonly string[]) => ({ ids: `{${questionIds.join(',')}}` });

const itemContentQuery = preparedFor((ex) =>
  ex
    .select({
      id: questions.id,
      topicName: topics.name,
      stem: questions.stem,
      choices: questions.choices,
      contentVersion: currentContentVersion,
    })
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(byIds)
    .prepare('quiz_item_content'),
);

/** The shown part of these questions, at the content version read with them. */
export async function loadItemContent(
  ex: Executor,
  questionIds: readonly string[],
): Promise<QuestionsAt<ItemContent>> {
  const rows = await itemContentQuery(ex).execute(idsValue(questionIds));
  return questionsAt(rows, (r) => ({ topicName: r.topicName, stem: r.stem, choices: r.choices }));
}

const itemKeysQuery = preparedFor((ex) =>
  ex
    .select({ id: questions.id, ...keyColumns, contentVersion: currentContentVersion })
    .from(questions)
    .where(byIds)
    .prepare('quiz_item_keys'),
);

/**
 * The keys of these questions (what a revealed item shows besides its content), at the content
 * version read with them.
 */
export async function loadItemKeys(
  ex: Executor,
  questionIds: readonly string[],
): Promise<QuestionsAt<ItemKey>> {
  const rows = await itemKeysQuery(ex).execute(idsValue(questionIds));
  return questionsAt(rows, ({ answerIndex, rationale, distractorNotes }) => ({
    answerIndex,
    rationale,
    distractorNotes,
  }));
}

/**
 * These questions whole (what a save decides and reveals with), at the content version read with
 * them.
 */
export async function loadQuestionsAt(
  ex: Executor,
  questionIds: readonly string[],
): Promise<QuestionsAt<QuestionRow>> {
  const rows = await ex
    .select({
      id: questions.id,
      ...questionColumns,
      ...keyColumns,
      contentVersion: currentContentVersion,
    })
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(inArray(questions.id, [...new Set(questionIds)]));
  return questionsAt(rows, ({ contentVersion: _, ...question }) => question);
}

export type ItemKey = Pick<QuestionRow, 'answerIndex' | 'rationale' | 'distractorNotes'>;

export async function loadAttemptItems(
  ex: Executor,
  attempt: Pick<AttemptHeader, 'id' | 'items'>,
): Promise<AttemptItems> {
  const answers = await loadAnswers(ex, attempt.id);
  const questions = await loadQuestions(
    ex,
    attempt.items.map((i) => i.questionId),
  );
  return { questions, answers };
}
