import { type BlueprintSpec, blueprintSpecSchema } from '@pasado/core';
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { type Executor, preparedFor, type Tx } from '../../platform/db/client.ts';
import {
  blueprints,
  contentVersion,
  mockExamStreaks,
  questions,
  quizAnswers,
  quizAttempts,
  reviewerAccess,
  subjects,
  topics,
} from '../../platform/db/schema.ts';
import { liveSessionExists } from '../auth/sessions.repository.ts';
import { keyColumns, loadQuestions, type QuestionRow, questionColumns } from './bank.repository.ts';

/**
 * Quiz attempts and their answers (lite, mock and the study drill's runs). An attempt is read in
 * two parts: its header (the row: owner, kind, status, the items' ids in order, the clock, the
 * result) and its items (the questions and the answers saved), so a caller that needs only one
 * part, or one answer, reads only that.
 */

export type AttemptHeader = typeof quizAttempts.$inferSelect;
export type SavedAnswer = typeof quizAnswers.$inferSelect;
export type NewAttempt = Pick<
  typeof quizAttempts.$inferInsert,
  'userId' | 'reviewerShorthand' | 'kind' | 'subjectId' | 'blueprintId' | 'items' | 'startedAt'
> & {
  deadlineAt?: Date | null;
  sittings?: AttemptHeader['sittings'];
  clientAttemptId?: string | null;
  clientFinishedAt?: Date | null;
};

/** An attempt's items with what they need from the bank and the student, keyed by question id. */
export type AttemptItems = {
  /** The items' questions still in the bank (a deleted question is missing). */
  questions: Map<string, QuestionRow>;
  /** The answers and flags saved so far. */
  answers: Map<string, SavedAnswer>;
};

/**
 * The header without its items and result: what deciding an answer or the clock needs (issue 10:
 * a save reads no more than this, never the whole attempt). The sittings are a few small entries
 * (issue 12): a save checks the item's sitting is the running one.
 */
export type AttemptClock = Omit<
  AttemptHeader,
  'items' | 'result' | 'createdAt' | 'clientAttemptId' | 'clientFinishedAt'
>;

/** The header with what the quiz screen shows around the items: blueprint and subject names. */
export type AttemptView = AttemptClock & {
  result: AttemptHeader['result'];
  /** The mock's blueprint when its spec is valid (as findBlueprint), else null. */
  blueprint: { id: string; name: string; spec: BlueprintSpec } | null;
  subjectName: string | null;
};

/** A saved answer beside its item (the query left-joins `quiz_answers`). */
const answerColumns = {
  answeredId: quizAnswers.questionId,
  choiceIndex: quizAnswers.choiceIndex,
  flagged: quizAnswers.flagged,
  isCorrect: quizAnswers.isCorrect,
};

const clockColumns = {
  id: quizAttempts.id,
  userId: quizAttempts.userId,
  reviewerShorthand: quizAttempts.reviewerShorthand,
  kind: quizAttempts.kind,
  subjectId: quizAttempts.subjectId,
  blueprintId: quizAttempts.blueprintId,
  status: quizAttempts.status,
  startedAt: quizAttempts.startedAt,
  deadlineAt: quizAttempts.deadlineAt,
  sittings: quizAttempts.sittings,
  submittedAt: quizAttempts.submittedAt,
  gemsEarned: quizAttempts.gemsEarned,
  version: quizAttempts.version,
};

/** The content version as of the statement (schema/quiz.ts contentVersion), as text: a bigint. */
const currentContentVersion = sql<string>`(select ${contentVersion.version} from ${contentVersion})::text`;

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
  /** Per answered or flagged item: question id, choice (null: cleared), flag. */
  answers: [questionId: string, choiceIndex: number | null, flagged: boolean][];
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
      // Text, parsed once in JavaScript: the driver would build a row object per answer.
      answers: sql<string>`(select coalesce(json_agg(json_build_array(${quizAnswers.questionId}, ${quizAnswers.choiceIndex}, ${quizAnswers.flagged})), '[]')::text from ${quizAnswers} where ${quizAnswers.attemptId} = ${quizAttempts.id})`,
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
    .where(sql`${questions.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('quiz_item_content'),
);

/**
 * The shown part of these questions and the content version they were read at (one statement, so
 * the two agree). Questions not in the bank are missing from the map.
 */
export async function loadItemContent(
  ex: Executor,
  questionIds: readonly string[],
): Promise<{ content: Map<string, ItemContent>; contentVersion: number | null }> {
  const rows = await itemContentQuery(ex).execute({ ids: `{${questionIds.join(',')}}` });
  return {
    content: new Map(
      rows.map((r) => [r.id, { topicName: r.topicName, stem: r.stem, choices: r.choices }]),
    ),
    contentVersion: rows[0] ? Number(rows[0].contentVersion) : null,
  };
}

/**
 * These questions whole (what a save decides and reveals with) and the content version they were
 * read at, in one statement so the two agree; null when none is in the bank.
 */
export async function loadQuestionsAt(
  ex: Executor,
  questionIds: readonly string[],
): Promise<{ questions: Map<string, QuestionRow>; contentVersion: number | null }> {
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
  return {
    questions: new Map(rows.map(({ contentVersion: _, ...question }) => [question.id, question])),
    contentVersion: rows[0] ? Number(rows[0].contentVersion) : null,
  };
}

/** One item of an attempt, in the order shown, with its question and the answer saved. */
export type AttemptItemRow = {
  questionId: string;
  partId: string | null;
  /** Null when the question has left the bank since the attempt started. */
  question: {
    topicId: string;
    topicName: string;
    stem: string;
    choices: string[];
    /** Loaded only when asked for (`withKeys`): a mock in progress never needs them. */
    key: ItemKey | null;
  } | null;
  answer: Pick<SavedAnswer, 'choiceIndex' | 'flagged' | 'isCorrect'> | null;
};
export type ItemKey = Pick<QuestionRow, 'answerIndex' | 'rationale' | 'distractorNotes'>;

const itemRef = sql`item.value`;

function attemptItemsQuery(withKeys: boolean) {
  return preparedFor((ex) =>
    ex
      .select({
        questionId: sql<string>`${itemRef}->>'questionId'`,
        partId: sql<string | null>`${itemRef}->>'partId'`,
        foundId: questions.id,
        ...questionColumns,
        ...(withKeys ? keyColumns : {}),
        ...answerColumns,
      })
      .from(quizAttempts)
      .crossJoinLateral(
        sql`jsonb_array_elements(${quizAttempts.items}) with ordinality as item(value, ord)`,
      )
      .leftJoin(questions, eq(questions.id, sql`${itemRef}->>'questionId'`))
      .leftJoin(topics, eq(topics.id, questions.topicId))
      .leftJoin(
        quizAnswers,
        and(
          eq(quizAnswers.attemptId, quizAttempts.id),
          eq(quizAnswers.questionId, sql`${itemRef}->>'questionId'`),
        ),
      )
      .where(eq(quizAttempts.id, sql.placeholder('attemptId')))
      .orderBy(asc(sql`item.ord`))
      .prepare(withKeys ? 'quiz_attempt_items_keys' : 'quiz_attempt_items'),
  );
}
const itemsQuery = attemptItemsQuery(false);
const itemsWithKeysQuery = attemptItemsQuery(true);

/**
 * An attempt's items in order with their questions and answers, in one statement: the attempt's
 * `items` unnested and joined by primary keys (issue 10: a resume reads one row per item, once).
 */
export async function loadAttemptItemRows(
  ex: Executor,
  attemptId: string,
  options: { withKeys: boolean },
): Promise<AttemptItemRow[]> {
  const rows = await (options.withKeys ? itemsWithKeysQuery : itemsQuery)(ex).execute({
    attemptId,
  });
  return rows.map((r) => {
    const keyed = r as typeof r & Partial<ItemKey>;
    return {
      questionId: r.questionId,
      partId: r.partId,
      question:
        r.foundId === null || r.topicId === null || r.topicName === null
          ? null
          : {
              topicId: r.topicId,
              topicName: r.topicName,
              stem: r.stem ?? '',
              choices: r.choices ?? [],
              key:
                options.withKeys && keyed.answerIndex != null
                  ? {
                      answerIndex: keyed.answerIndex,
                      rationale: keyed.rationale ?? '',
                      distractorNotes: keyed.distractorNotes ?? null,
                    }
                  : null,
            },
      answer:
        r.answeredId === null
          ? null
          : { choiceIndex: r.choiceIndex, flagged: r.flagged ?? false, isCorrect: r.isCorrect },
    };
  });
}

/** Everything one answer save decides on, read in one statement (no lock, no other item). */
export type AnswerContext = {
  attempt: AttemptClock;
  /** The item's part, or null when the question is not one of the attempt's items. */
  item: { questionId: string; partId: string | null } | null;
  /** Null when the question is not in the bank (any more). */
  question: QuestionRow | null;
  answer: Pick<SavedAnswer, 'choiceIndex' | 'flagged' | 'isCorrect'> | null;
  /** The content version the question was read at (schema/quiz.ts contentVersion). */
  contentVersion: number;
};

const answerContextQuery = preparedFor((ex) =>
  ex
    .select({
      ...clockColumns,
      item: sql<{
        questionId: string;
        partId: string | null;
      } | null>`jsonb_path_query_first(${quizAttempts.items}, '$[*] ? (@.questionId == $q)', jsonb_build_object('q', ${sql.placeholder('questionId')}::text))`,
      questionId: questions.id,
      ...questionColumns,
      ...keyColumns,
      ...answerColumns,
      contentVersion: currentContentVersion,
    })
    .from(quizAttempts)
    .leftJoin(questions, eq(questions.id, sql.placeholder('questionId')))
    .leftJoin(topics, eq(topics.id, questions.topicId))
    .leftJoin(
      quizAnswers,
      and(
        eq(quizAnswers.attemptId, quizAttempts.id),
        eq(quizAnswers.questionId, sql.placeholder('questionId')),
      ),
    )
    .where(eq(quizAttempts.id, sql.placeholder('attemptId')))
    .prepare('quiz_answer_context'),
);

/**
 * The attempt's clock, the item, its question and the answer saved so far, by primary keys in one
 * statement. Unlocked: a write decided on it goes through `writeAnswerIfUnchanged`.
 */
export async function loadAnswerContext(
  ex: Executor,
  attemptId: string,
  questionId: string,
): Promise<AnswerContext | null> {
  const [r] = await answerContextQuery(ex).execute({ attemptId, questionId });
  if (!r) return null;
  const question: QuestionRow | null =
    r.questionId === null ||
    r.topicId === null ||
    r.topicName === null ||
    r.subjectId === null ||
    r.stem === null ||
    r.choices === null ||
    r.answerIndex === null ||
    r.rationale === null
      ? null
      : {
          id: r.questionId,
          topicId: r.topicId,
          topicName: r.topicName,
          subjectId: r.subjectId,
          stem: r.stem,
          choices: r.choices,
          answerIndex: r.answerIndex,
          rationale: r.rationale,
          distractorNotes: r.distractorNotes,
        };
  return {
    attempt: {
      id: r.id,
      userId: r.userId,
      reviewerShorthand: r.reviewerShorthand,
      kind: r.kind,
      subjectId: r.subjectId,
      blueprintId: r.blueprintId,
      status: r.status,
      startedAt: r.startedAt,
      deadlineAt: r.deadlineAt,
      sittings: r.sittings,
      submittedAt: r.submittedAt,
      gemsEarned: r.gemsEarned,
      version: r.version,
    },
    item: r.item ? { questionId: r.item.questionId, partId: r.item.partId ?? null } : null,
    question,
    answer:
      r.answeredId === null
        ? null
        : { choiceIndex: r.choiceIndex, flagged: r.flagged ?? false, isCorrect: r.isCorrect },
    contentVersion: Number(r.contentVersion),
  };
}

const placeholder = sql.placeholder;

/**
 * The upsert of one answer, landing only while the attempt is at the version the save was decided
 * on (the attempt row locked for the statement) and the saved choice is the one decided on (or any,
 * `anyChoice`: a mock's answer may change until the deadline). `recalled`: a save decided on what
 * this process remembers (answer-memory.ts) also requires, in the same statement, the caller as
 * the attempt's owner, the deadline as remembered, their grant of its reviewer, the content
 * version the question was remembered at, and their session live: what the reads would have
 * checked.
 */
function answerUpsert(ex: Executor, recalled: boolean) {
  const attemptIs = [
    eq(quizAttempts.id, placeholder('attemptId')),
    eq(quizAttempts.version, placeholder('version')),
  ];
  if (recalled) {
    attemptIs.push(
      eq(quizAttempts.userId, placeholder('userId')),
      // The clock as remembered, even if moved by hand without a new version (time given back).
      sql`${quizAttempts.deadlineAt} is not distinct from ${placeholder('deadlineAt')}::timestamptz`,
      sql`exists (select 1 from ${reviewerAccess} where ${reviewerAccess.userId} = ${quizAttempts.userId} and ${reviewerAccess.reviewerShorthand} = ${quizAttempts.reviewerShorthand})`,
      sql`(select ${contentVersion.version} from ${contentVersion}) = ${placeholder('contentVersion')}::bigint`,
      liveSessionExists(ex, {
        tokenHash: placeholder('tokenHash'),
        now: placeholder('now'),
        idleSince: placeholder('idleSince'),
      }),
    );
  }
  return ex
    .insert(quizAnswers)
    .select(
      ex
        .select({
          attemptId: quizAttempts.id,
          questionId: sql<string>`${placeholder('questionId')}::text`.as('question_id'),
          choiceIndex: sql<number | null>`${placeholder('choiceIndex')}::int`.as('choice_index'),
          isCorrect: sql<boolean | null>`${placeholder('isCorrect')}::boolean`.as('is_correct'),
          flagged: sql<boolean>`${placeholder('flagged')}::boolean`.as('flagged'),
          answeredAt: sql<Date>`${placeholder('now')}::timestamptz`.as('answered_at'),
        })
        .from(quizAttempts)
        .where(and(...attemptIs))
        .for('update'),
    )
    .onConflictDoUpdate({
      target: [quizAnswers.attemptId, quizAnswers.questionId],
      // Only the columns the change carries; the others keep what they hold.
      set: {
        choiceIndex: sql`case when ${placeholder('writeChoice')}::boolean then excluded.choice_index else ${quizAnswers.choiceIndex} end`,
        isCorrect: sql`case when ${placeholder('writeChoice')}::boolean then excluded.is_correct else ${quizAnswers.isCorrect} end`,
        answeredAt: sql`case when ${placeholder('writeChoice')}::boolean then excluded.answered_at else ${quizAnswers.answeredAt} end`,
        flagged: sql`case when ${placeholder('writeFlag')}::boolean then excluded.flagged else ${quizAnswers.flagged} end`,
      },
      setWhere: sql`${placeholder('anyChoice')}::boolean or ${quizAnswers.choiceIndex} is not distinct from ${placeholder('expectedChoice')}::int`,
    })
    .returning({
      choiceIndex: quizAnswers.choiceIndex,
      flagged: quizAnswers.flagged,
      isCorrect: quizAnswers.isCorrect,
    });
}

const writeAnswerQuery = preparedFor((ex) => answerUpsert(ex, false).prepare('quiz_write_answer'));
const writeRecalledAnswerQuery = preparedFor((ex) =>
  answerUpsert(ex, true).prepare('quiz_write_recalled_answer'),
);

type AnswerWrite = {
  attemptId: string;
  version: number;
  questionId: string;
  /** The saved choice the change was decided on; `'any'` when the decision does not depend on it. */
  expectedChoice: number | null | 'any';
  change: AnswerChange;
  now: Date;
};

function answerWriteParams(input: AnswerWrite) {
  const { change } = input;
  const writeChoice = change.choiceIndex !== undefined;
  const writeFlag = change.flagged !== undefined;
  return {
    attemptId: input.attemptId,
    version: input.version,
    questionId: input.questionId,
    choiceIndex: writeChoice ? change.choiceIndex : null,
    isCorrect: writeChoice ? (change.isCorrect ?? null) : null,
    flagged: writeFlag ? change.flagged : false,
    now: input.now.toISOString(),
    writeChoice,
    writeFlag,
    anyChoice: input.expectedChoice === 'any',
    expectedChoice: input.expectedChoice === 'any' ? null : input.expectedChoice,
  };
}

type WrittenAnswer = Pick<SavedAnswer, 'choiceIndex' | 'flagged' | 'isCorrect'>;

/**
 * Saves an answer and/or a flag in one statement, only if nothing it was decided on has changed:
 * the attempt is locked for the statement and must still be at `version` (a submission bumps it),
 * and the saved choice must still be `expectedChoice` (the lite lock was decided on it). Returns
 * the answer as saved, or null when either changed (the caller decides again under the lock).
 */
export async function writeAnswerIfUnchanged(
  ex: Executor,
  input: AnswerWrite,
): Promise<WrittenAnswer | null> {
  const [row] = await writeAnswerQuery(ex).execute(answerWriteParams(input));
  return row ?? null;
}

/**
 * The same write for a save decided on what this process remembers: it lands only if, besides,
 * `userId` owns the attempt, its deadline is still `deadlineAt`, the owner still holds its
 * reviewer, the content is still at `contentVersion`, and `session` is live (it may have come from
 * the session cache). Null when anything differs: the caller reads and decides again.
 */
export async function writeRecalledAnswer(
  ex: Executor,
  input: AnswerWrite & {
    userId: string;
    session: { tokenHash: string; idleSince: Date };
    deadlineAt: Date | null;
    contentVersion: number;
  },
): Promise<WrittenAnswer | null> {
  const [row] = await writeRecalledAnswerQuery(ex).execute({
    ...answerWriteParams(input),
    userId: input.userId,
    tokenHash: input.session.tokenHash,
    idleSince: input.session.idleSince.toISOString(),
    deadlineAt: input.deadlineAt?.toISOString() ?? null,
    contentVersion: input.contentVersion,
  });
  return row ?? null;
}

/** The clock of an attempt, locked for the rest of the transaction (no items, no result). */
export async function lockAttemptClock(tx: Tx, attemptId: string): Promise<AttemptClock | null> {
  const [row] = await tx
    .select(clockColumns)
    .from(quizAttempts)
    .where(eq(quizAttempts.id, attemptId))
    .for('update');
  return row ?? null;
}

export async function loadAttemptHeader(
  ex: Executor,
  attemptId: string,
): Promise<AttemptHeader | null> {
  const [row] = await ex.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  return row ?? null;
}

/** Locks the attempt only when it is this student's, under this reviewer and of this kind. */
export async function lockOwnAttemptHeader(
  tx: Tx,
  attemptId: string,
  owner: { userId: string; reviewer: string; kind: AttemptHeader['kind'] },
): Promise<AttemptHeader | null> {
  const [row] = await tx
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.id, attemptId),
        eq(quizAttempts.userId, owner.userId),
        eq(quizAttempts.reviewerShorthand, owner.reviewer),
        eq(quizAttempts.kind, owner.kind),
      ),
    )
    .for('update');
  return row ?? null;
}

/** The student's attempts under this reviewer (`quiz_attempts_user_idx` leads with the user). */
export function studentAttempts(userId: string, reviewer: string) {
  return and(eq(quizAttempts.userId, userId), eq(quizAttempts.reviewerShorthand, reviewer));
}

/** The student's mocks under this reviewer in this status. */
export function studentMocks(
  userId: string,
  reviewer: string,
  status: 'in_progress' | 'submitted',
) {
  return and(
    studentAttempts(userId, reviewer),
    eq(quizAttempts.kind, 'mock'),
    eq(quizAttempts.status, status),
  );
}

/** The student's unfinished mock under this reviewer (at most one: a partial unique index). */
export async function loadOpenMockHeader(
  ex: Executor,
  userId: string,
  reviewer: string,
): Promise<AttemptHeader | null> {
  const [row] = await ex
    .select()
    .from(quizAttempts)
    .where(studentMocks(userId, reviewer, 'in_progress'));
  return row ?? null;
}

/** The student's last submitted lite quizzes and mocks under this reviewer, newest first. */
export async function listRecentSubmitted(
  ex: Executor,
  userId: string,
  reviewer: string,
  limit: number,
): Promise<AttemptHeader[]> {
  return ex
    .select()
    .from(quizAttempts)
    .where(
      and(
        studentAttempts(userId, reviewer),
        eq(quizAttempts.status, 'submitted'),
        inArray(quizAttempts.kind, ['lite', 'mock']),
      ),
    )
    .orderBy(desc(quizAttempts.submittedAt))
    .limit(limit);
}

export async function insertAttempt(
  ex: Executor,
  attempt: NewAttempt,
): Promise<AttemptHeader | null> {
  const [row] = await ex.insert(quizAttempts).values(attempt).returning();
  return row ?? null;
}

/**
 * Inserts a mock unless the student already has one open under this reviewer (the partial unique
 * index): null then, and the caller resumes the one that won.
 */
export async function insertMockUnlessOpen(
  ex: Executor,
  attempt: NewAttempt,
): Promise<AttemptHeader | null> {
  const [row] = await ex.insert(quizAttempts).values(attempt).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Marks the attempt submitted with its result (and, in sittings, the last one ended), bumping its
 * version.
 */
export async function markSubmitted(
  ex: Executor,
  attemptId: string,
  outcome: {
    submittedAt: Date;
    result: Record<string, unknown>;
    gemsEarned?: number;
    sittings?: AttemptHeader['sittings'];
  },
): Promise<AttemptHeader | null> {
  const [row] = await ex
    .update(quizAttempts)
    .set({
      status: 'submitted',
      submittedAt: outcome.submittedAt,
      result: outcome.result,
      ...(outcome.gemsEarned === undefined ? {} : { gemsEarned: outcome.gemsEarned }),
      ...(outcome.sittings === undefined ? {} : { sittings: outcome.sittings }),
      version: sql`${quizAttempts.version} + 1`,
    })
    .where(eq(quizAttempts.id, attemptId))
    .returning();
  return row ?? null;
}

/**
 * Stores a mock's sittings and the running sitting's deadline (null between sittings), bumping the
 * version so a save decided on the sittings before lands only through the lock (issue 10).
 */
export async function updateSittings(
  ex: Executor,
  attemptId: string,
  change: { sittings: NonNullable<AttemptHeader['sittings']>; deadlineAt: Date | null },
): Promise<void> {
  await ex
    .update(quizAttempts)
    .set({
      sittings: change.sittings,
      deadlineAt: change.deadlineAt,
      version: sql`${quizAttempts.version} + 1`,
    })
    .where(eq(quizAttempts.id, attemptId));
}

export async function loadAnswers(
  ex: Executor,
  attemptId: string,
): Promise<Map<string, SavedAnswer>> {
  const rows = await ex.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
  return new Map(rows.map((r) => [r.questionId, r]));
}

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

export type AnswerChange = Partial<
  Pick<SavedAnswer, 'choiceIndex' | 'isCorrect' | 'answeredAt' | 'flagged'>
>;

/**
 * The student's attempt sent from the device under this client id (issue 11: an offline lite
 * quiz), or null. Ids are per student: another student's same id is not theirs.
 */
export async function findAttemptByClientId(
  ex: Executor,
  userId: string,
  clientAttemptId: string,
): Promise<AttemptHeader | null> {
  const [row] = await ex
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.clientAttemptId, clientAttemptId)));
  return row ?? null;
}

/**
 * Inserts an offline attempt unless this student already sent one with its client id (the unique
 * index): null then, and the caller answers with the one stored first.
 */
export async function insertOfflineAttemptOnce(
  ex: Executor,
  attempt: NewAttempt & { clientAttemptId: string },
): Promise<AttemptHeader | null> {
  const [row] = await ex.insert(quizAttempts).values(attempt).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * The spans of the student's finished quizzes that overlap [from, to] (issue 21 finding 3): an
 * offline quiz from its start to the device's end, any other from its start to its submission.
 */
export async function listFinishedSpansBetween(
  ex: Executor,
  userId: string,
  from: Date,
  to: Date,
): Promise<{ start: Date; end: Date }[]> {
  const end = sql<Date>`coalesce(${quizAttempts.clientFinishedAt}, ${quizAttempts.submittedAt})`;
  const rows = await ex
    .select({ start: quizAttempts.startedAt, end: end.mapWith(quizAttempts.submittedAt) })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.status, 'submitted'),
        lt(quizAttempts.startedAt, to),
        gt(end, from),
      ),
    );
  return rows.flatMap((r) => (r.end ? [{ start: r.start, end: r.end }] : []));
}

/** Records the answers of an attempt made elsewhere (an offline lite quiz), all at once. */
export async function insertAnswers(
  ex: Executor,
  answers: readonly Pick<
    SavedAnswer,
    'attemptId' | 'questionId' | 'choiceIndex' | 'isCorrect' | 'answeredAt'
  >[],
): Promise<void> {
  if (answers.length > 0) await ex.insert(quizAnswers).values([...answers]);
}

/** Records a first answer (the drill's: an item is answered once, in order). */
export async function insertAnswer(
  ex: Executor,
  answer: Pick<
    SavedAnswer,
    'attemptId' | 'questionId' | 'choiceIndex' | 'isCorrect' | 'answeredAt'
  >,
): Promise<void> {
  await ex.insert(quizAnswers).values(answer);
}

/** How many items of the attempt hold an answer (a flag alone does not count). */
export async function countAnswered(ex: Executor, attemptId: string): Promise<number> {
  const [row] = await ex
    .select({ answered: sql<number>`count(*)::int` })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.attemptId, attemptId), isNotNull(quizAnswers.choiceIndex)));
  return Number(row?.answered ?? 0);
}

// SPEC §3 mockExamStreakList: one row per student and month, the days with a submitted mock.

/** The days of the streak row, locked; null when the month has no row yet. */
export async function lockMockStreakDays(tx: Tx, id: string): Promise<number[] | null> {
  const [row] = await tx
    .select({ days: mockExamStreaks.days })
    .from(mockExamStreaks)
    .where(eq(mockExamStreaks.id, id))
    .for('update');
  return row?.days ?? null;
}

export async function insertMockStreak(
  ex: Executor,
  streak: { id: string; userId: string; month: number; year: number; days: number[]; now: Date },
): Promise<void> {
  const { now, ...values } = streak;
  await ex
    .insert(mockExamStreaks)
    .values({ ...values, updatedAt: now })
    .onConflictDoNothing();
}

export async function updateMockStreakDays(
  ex: Executor,
  id: string,
  days: number[],
  now: Date,
): Promise<void> {
  await ex.update(mockExamStreaks).set({ days, updatedAt: now }).where(eq(mockExamStreaks.id, id));
}
