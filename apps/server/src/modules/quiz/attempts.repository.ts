import { and, desc, eq, gt, inArray, isNotNull, lt, lte, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type CarriedWrite,
  type Executor,
  preparedFor,
  statementsByShape,
  type Tx,
} from '../../platform/db/client.ts';
import { contentVersion, quizAnswers, quizAttempts } from '../../platform/db/schema.ts';
import { LIVE_CHANNEL } from '../../platform/live/topics.ts';

/**
 * Quiz attempts and their answers (lite, mock and the study drill's runs): the module's own rows.
 * An attempt is read in two parts: its header (the row: owner, kind, status, the items' ids in
 * order, the clock, the result) and its items, which join the content module's questions
 * (attempt-view.read-model.ts), so a caller that needs only one part, or one answer, reads only
 * that. An answer save, decided and written in one statement each, is answer-save.read-model.ts.
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
  forYou?: boolean;
};

/**
 * The header without its items and result: what deciding an answer or the clock needs (issue 10:
 * a save reads no more than this, never the whole attempt). The sittings are a few small entries
 * (issue 12): a save checks the item's sitting is the running one.
 */
export type AttemptClock = Omit<
  AttemptHeader,
  'items' | 'result' | 'createdAt' | 'clientAttemptId' | 'clientFinishedAt' | 'settledAt'
>;

/** Only the clock's columns of a row read with more (its items, the owner's progress, a view). */
export function clockOf(row: AttemptClock): AttemptClock {
  return {
    id: row.id,
    userId: row.userId,
    reviewerShorthand: row.reviewerShorthand,
    kind: row.kind,
    subjectId: row.subjectId,
    blueprintId: row.blueprintId,
    status: row.status,
    startedAt: row.startedAt,
    deadlineAt: row.deadlineAt,
    sittings: row.sittings,
    submittedAt: row.submittedAt,
    gemsEarned: row.gemsEarned,
    version: row.version,
    forYou: row.forYou,
  };
}

/** A saved answer beside its item (the query left-joins `quiz_answers`). */
export const answerColumns = {
  answeredId: quizAnswers.questionId,
  choiceIndex: quizAnswers.choiceIndex,
  flagged: quizAnswers.flagged,
  isCorrect: quizAnswers.isCorrect,
};

export const clockColumns = {
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
  forYou: quizAttempts.forYou,
};

/**
 * An attempt's `items` as rows `item(value, ord)` in their order, for a statement to join by. Through
 * an array because the planner expects 10 rows of an array's unnest but 100 of a JSON array's: with
 * 100 it hash-joined a scan of every question to a lite set's ten items (ADR 036).
 */
export const itemsInOrder = (items: SQLWrapper) =>
  sql`unnest(array(select e.value from jsonb_array_elements(${items}) with ordinality as e(value, ord) order by e.ord)) with ordinality as item(value, ord)`;

/** The content version as of the statement (schema/quiz.ts contentVersion), as text: a bigint. */
export const currentContentVersion = sql<string>`(select ${contentVersion.version} from ${contentVersion})::text`;

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

/**
 * The student's unfinished mocks, under any reviewer, whose running clock has run out (as
 * `isTimeUp` has it: the deadline included), earliest deadline first; the open mocks are found by
 * `quiz_attempts_one_open_mock`.
 */
export async function listRanOutMocks(ex: Executor, userId: string, now: Date): Promise<string[]> {
  const rows = await ex
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.kind, 'mock'),
        eq(quizAttempts.status, 'in_progress'),
        lte(quizAttempts.deadlineAt, now),
      ),
    )
    .orderBy(quizAttempts.deadlineAt);
  return rows.map((r) => r.id);
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

const liteInsert = preparedFor((ex) =>
  ex
    .insert(quizAttempts)
    .values({
      userId: sql.placeholder('userId'),
      reviewerShorthand: sql.placeholder('reviewer'),
      kind: 'lite',
      subjectId: sql.placeholder('subjectId'),
      items: sql`${sql.placeholder('items')}::jsonb`,
      startedAt: sql`${sql.placeholder('startedAt')}::timestamptz`,
      forYou: sql.placeholder('forYou'),
    })
    .returning()
    .prepare('quiz_insert_lite'),
);

/** A new lite set (the daily path, ADR 036: a prepared statement, parsed once per connection). */
export async function insertLiteAttempt(
  ex: Executor,
  attempt: {
    userId: string;
    reviewerShorthand: string;
    subjectId: string | null;
    questionIds: readonly string[];
    startedAt: Date;
    forYou: boolean;
  },
): Promise<AttemptHeader | null> {
  const items: AttemptHeader['items'] = attempt.questionIds.map((questionId) => ({
    questionId,
    partId: null,
  }));
  const [row] = await liteInsert(ex).execute({
    userId: attempt.userId,
    reviewer: attempt.reviewerShorthand,
    subjectId: attempt.subjectId,
    items: JSON.stringify(items),
    startedAt: attempt.startedAt.toISOString(),
    forYou: attempt.forYou,
  });
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
 * version; false when there is no such attempt. The statement is built once per shape (which
 * writes ride along, whether gems and sittings are set, whether it announces): walking it on every
 * call was 4 % of a lite finish's server time.
 */
export async function markSubmitted(
  ex: Executor,
  attemptId: string,
  outcome: {
    submittedAt: Date;
    /** The finish's own moment (`quiz_attempts.settled_at`), `submittedAt` or later. */
    settledAt: Date;
    result: Record<string, unknown>;
    gemsEarned?: number;
    sittings?: AttemptHeader['sittings'];
  },
  /** Other writes the same finish makes, as CTEs of this statement (ADR 031: no round trip each). */
  alongside: readonly (CarriedWrite | null)[] = [],
  /** A notice sent once the mark is written (ADR 037). */
  notice?: string,
): Promise<boolean> {
  const writes = alongside.filter((w): w is CarriedWrite => w !== null);
  const { sittings, gemsEarned } = outcome;
  const shape: MarkShape = {
    writes,
    gems: gemsEarned !== undefined,
    sittings: sittings === undefined ? 'kept' : sittings === null ? 'cleared' : 'set',
    announced: notice !== undefined,
  };
  // The mark's own placeholders are named `mark…`, apart from any carried write's.
  const values: Record<string, unknown> = {};
  for (const write of writes) Object.assign(values, write.values);
  Object.assign(values, {
    markAttemptId: attemptId,
    markSubmittedAt: outcome.submittedAt.toISOString(),
    markSettledAt: outcome.settledAt.toISOString(),
    markResult: JSON.stringify(outcome.result),
    markGemsEarned: gemsEarned ?? null,
    markSittings: sittings ? JSON.stringify(sittings) : null,
    markNotice: notice ?? null,
  });
  const result = await markStatement(shape)(ex, values);
  return result.rows.length > 0;
}

type MarkShape = {
  writes: readonly CarriedWrite[];
  gems: boolean;
  sittings: 'kept' | 'cleared' | 'set';
  announced: boolean;
};

const markStatement = statementsByShape<MarkShape, unknown>(
  (shape) =>
    `${shape.writes.map((w) => w.shape).join('+')}|${shape.gems}|${shape.sittings}|${shape.announced}`,
  ({ writes, gems, sittings, announced }) => {
    const v = (name: string) => sql.placeholder(name);
    return sql`
    ${
      writes.length > 0
        ? sql`with ${sql.join(
            writes.map((w) => w.ctes()),
            sql`, `,
          )}`
        : sql``
    }
    update ${quizAttempts} set status = 'submitted',
      submitted_at = ${v('markSubmittedAt')}::timestamptz,
      settled_at = ${v('markSettledAt')}::timestamptz,
      result = ${v('markResult')}::jsonb,
      ${gems ? sql`gems_earned = ${v('markGemsEarned')}::int,` : sql``}
      ${sittings === 'kept' ? sql`` : sittings === 'cleared' ? sql`sittings = null,` : sql`sittings = ${v('markSittings')}::jsonb,`}
      version = version + 1
    where id = ${v('markAttemptId')}::uuid
    returning 1${announced ? sql`, pg_notify(${LIVE_CHANNEL}, ${v('markNotice')})` : sql``}`;
  },
);

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
 * offline quiz from its start to the end the phone recorded (on the server's clock when its send
 * said what the phone's read), any other from its start to its submission.
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
