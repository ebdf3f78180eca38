import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  cascadeRef,
  cascadeTextRef,
  createdAt,
  timestamptz,
  updatedAt,
  version,
} from './columns.ts';
import { blueprints, questions, reviewers, subjects } from './content.ts';
import { users } from './users.ts';

/**
 * A lite quiz or a mock exam. The clock lives here: `deadlineAt` is fixed when the attempt starts,
 * so a reload, a lost connection or another device neither resets nor stops it.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: cascadeRef('user_id', () => users.id),
    reviewerShorthand: text('reviewer_shorthand')
      .notNull()
      .references(() => reviewers.shorthand),
    kind: text('kind', { enum: ['lite', 'mock', 'drill'] }).notNull(),
    subjectId: text('subject_id').references(() => subjects.id),
    blueprintId: text('blueprint_id').references(() => blueprints.id),
    status: text('status', { enum: ['in_progress', 'submitted'] })
      .notNull()
      .default('in_progress'),
    /** Question ids in the order shown, with the blueprint part each belongs to (mock). */
    items: jsonb('items').$type<{ questionId: string; partId: string | null }[]>().notNull(),
    startedAt: timestamptz('started_at').notNull(),
    /** The running sitting's deadline (a mock in sittings has none between sittings). */
    deadlineAt: timestamptz('deadline_at'),
    /**
     * A mock whose blueprint has sittings (issue 12): one entry per sitting, in order, each with the
     * parts it holds, its minutes and when it started, must end and ended. Null for one sitting.
     */
    sittings:
      jsonb('sittings').$type<
        {
          partIds: string[];
          minutes: number;
          startedAt: string | null;
          deadlineAt: string | null;
          submittedAt: string | null;
        }[]
      >(),
    submittedAt: timestamptz('submitted_at'),
    /**
     * When the finish was written (the request's clock), where `submitted_at` may be a moment long
     * past (a mock that ran out unseen is submitted at its deadline): what the difficulty
     * refinement's watermark follows, so such a mock is not left behind it. Null on attempts
     * finished before it existed, read as their `submitted_at`.
     */
    settledAt: timestamptz('settled_at'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    gemsEarned: integer('gems_earned').notNull().default(0),
    /**
     * A lite quiz taken offline (issue 11): the id the device gave it, the idempotency key of its
     * upload. Null for attempts started on the server.
     */
    clientAttemptId: uuid('client_attempt_id'),
    /**
     * When the device says an offline quiz ended (issue 21 finding 3): with `startedAt`, the span
     * two quizzes of one student may not share. Null for attempts started on the server, whose
     * span ends at `submittedAt`.
     */
    clientFinishedAt: timestamptz('client_finished_at'),
    /**
     * A lite set chosen "For you" (issue 23 item 4, ADR 032), online or offline: its title says so.
     */
    forYou: boolean('for_you').notNull().default(false),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    check('quiz_attempts_kind_check', sql`kind in ('lite','mock','drill')`),
    check('quiz_attempts_status_check', sql`status in ('in_progress','submitted')`),
    index('quiz_attempts_user_idx').on(t.userId, t.createdAt),
    // One unfinished mock per student per reviewer: "resume" is unambiguous.
    uniqueIndex('quiz_attempts_one_open_mock')
      .on(t.userId, t.reviewerShorthand)
      .where(sql`kind = 'mock' and status = 'in_progress'`),
    // An offline attempt sent again (a retry, a second tab) lands once per student.
    uniqueIndex('quiz_attempts_client_attempt')
      .on(t.userId, t.clientAttemptId)
      .where(sql`client_attempt_id is not null`),
  ],
);
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    attemptId: cascadeRef('attempt_id', () => quizAttempts.id),
    questionId: cascadeTextRef('question_id', () => questions.id),
    choiceIndex: integer('choice_index'),
    /** Against the key at the save; a key corrected while the attempt is open regrades it (0027). */
    isCorrect: boolean('is_correct'),
    flagged: boolean('flagged').notNull().default(false),
    answeredAt: timestamptz('answered_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);
/** Id is `{uid}_{month}_{year}` (docs/product.md#entities, #constants; core `streakRecordId`). */
export const mockExamStreaks = pgTable(
  'mock_exam_streaks',
  {
    id: text('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    days: jsonb('days').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: updatedAt(),
  },
  () => [check('mock_exam_streaks_month_check', sql`month between 1 and 12`)],
);

/**
 * One row whose `version` moves whenever a quiz item's question changes: what an unrevealed item
 * shows (stem, choices, topic, the topic's name) and how it is graded and revealed (key, rationale,
 * notes, the topic's subject); inserts, deletes and truncates included. Statement triggers on
 * `questions` and `topics` keep it (migrations 0009 and 0012), so every writer — the importer,
 * staff fixing an item, plain SQL — moves it; `held_at` does not. The quiz module keeps what it
 * read of the questions for one version (issue 10: a 170-item resume without re-serialising 170
 * questions; a mock answer decided without reading its question) and re-reads when it moves.
 */
export const contentVersion = pgTable(
  'content_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  () => [check('content_version_one_row', sql`id`)],
);
