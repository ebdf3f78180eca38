import { and, eq, sql } from 'drizzle-orm';
import { type Executor, preparedFor } from '../../platform/db/client.ts';
import {
  contentVersion,
  questions,
  quizAnswers,
  quizAttempts,
  reviewerAccess,
  topics,
} from '../../platform/db/schema.ts';
import { liveSessionExists } from '../auth/sessions.repository.ts';
import { keyColumns, type QuestionRow, questionColumns } from '../content/bank.repository.ts';
import {
  type AnswerChange,
  type AttemptClock,
  answerColumns,
  clockColumns,
  currentContentVersion,
  type SavedAnswer,
} from './attempts.repository.ts';

// One answer save in two statements (issue 10; ADR 021): the read it is decided on, and the write
// that lands only if nothing it was decided on changed. Both carry checks from other modules (the
// question and its topic, the owner's grant, a live session) in the statement itself, so they are
// a read model of the quiz module, the module above those.

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
      forYou: r.forYou,
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
