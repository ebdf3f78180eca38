import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
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
  sortOrder,
  timestamptz,
  updatedAt,
} from './columns.ts';
import { users } from './users.ts';

export const reviewers = pgTable('reviewers', {
  shorthand: text('shorthand').primaryKey(),
  abbreviation: text('abbreviation').notNull(),
  name: text('name').notNull(),
  sortOrder: sortOrder(),
});
/**
 * A track's official exam sittings (issue 23 item 1; docs/product.md#exam-sittings), kept by staff
 * in the console: each day's Manila date and the blueprint parts given that day (core
 * `checkExamSitting`); `starts_on` is the first day, for ordering and the countdown.
 */
export const examSittings = pgTable(
  'exam_sittings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewerShorthand: text('reviewer_shorthand')
      .notNull()
      .references(() => reviewers.shorthand),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    days: jsonb('days').$type<{ date: string; partIds: string[] }[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('exam_sittings_reviewer_idx').on(t.reviewerShorthand, t.startsOn)],
);
/** A row here is the claim `{shorthand}: 'Granted'` (docs/product.md#claims). */
export const reviewerAccess = pgTable(
  'reviewer_access',
  {
    userId: cascadeRef('user_id', () => users.id),
    reviewerShorthand: text('reviewer_shorthand')
      .notNull()
      .references(() => reviewers.shorthand),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
    /**
     * The student's major for a track whose blueprint has a major part (LET Secondary's
     * Specialization): one of that part's subjects, or null until picked.
     */
    majorSubjectId: text('major_subject_id').references(() => subjects.id, {
      onDelete: 'set null',
    }),
    /**
     * The official sitting the student reviews for under this track (issue 23 item 1), or null
     * until picked; kept with the grant like the major, so a track switch takes it away. A sitting
     * staff remove reads as not picked.
     */
    examSittingId: uuid('exam_sitting_id').references(() => examSittings.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reviewerShorthand] })],
);
// ---------------------------------------------------------------------------------------------
// Learning (issue 4): reviewers → subjects → topics → questions, flash cards, notes; blueprints;
// quiz attempts with a server-side clock; flash-card scheduling; reports. Content ids are stable
// text ids chosen by the content file, so a re-import updates rows instead of duplicating them.
// ---------------------------------------------------------------------------------------------

export const subjects = pgTable(
  'subjects',
  {
    id: text('id').primaryKey(),
    reviewerShorthand: text('reviewer_shorthand')
      .notNull()
      .references(() => reviewers.shorthand),
    name: text('name').notNull(),
    sortOrder: sortOrder(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subjects_reviewer_idx').on(t.reviewerShorthand, t.sortOrder)],
);
/**
 * Every subject a reviewer's students study and sit, in order: the reviewer's own subjects and
 * subjects it shares with another reviewer (issue 12: LET Secondary takes General and Professional
 * Education from LET Elementary — one set of items, not copies). Access checks and every listing go
 * through this table, never through `subjects.reviewer_shorthand`, which only says who owns a subject.
 */
export const reviewerSubjects = pgTable(
  'reviewer_subjects',
  {
    reviewerShorthand: text('reviewer_shorthand')
      .notNull()
      .references(() => reviewers.shorthand),
    subjectId: cascadeTextRef('subject_id', () => subjects.id),
    sortOrder: sortOrder(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewerShorthand, t.subjectId] }),
    index('reviewer_subjects_subject_idx').on(t.subjectId),
  ],
);
export const topics = pgTable(
  'topics',
  {
    id: text('id').primaryKey(),
    subjectId: cascadeTextRef('subject_id', () => subjects.id),
    name: text('name').notNull(),
    sortOrder: sortOrder(),
    updatedAt: updatedAt(),
  },
  (t) => [index('topics_subject_idx').on(t.subjectId, t.sortOrder)],
);
export const questions = pgTable(
  'questions',
  {
    id: text('id').primaryKey(),
    topicId: cascadeTextRef('topic_id', () => topics.id),
    stem: text('stem').notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    answerIndex: integer('answer_index').notNull(),
    rationale: text('rationale').notNull(),
    /** Why each choice is wrong, index-aligned with choices; null where nothing is said. */
    distractorNotes: jsonb('distractor_notes').$type<(string | null)[]>(),
    difficulty: integer('difficulty').notNull().default(2),
    /** A classroom case, then the question (issue 12: LET Professional Education is mostly so). */
    situational: boolean('situational').notNull().default(false),
    /** Set while a student's report is open: the item stays out of mocks until staff clear it. */
    heldAt: timestamptz('held_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_topic_idx').on(t.topicId),
    // Issue 25: a lite draw reads the held items, few, by this (migration 0018).
    index('questions_held_idx').on(t.id).where(sql`held_at is not null`),
    check('questions_answer_index_check', sql`answer_index >= 0`),
    check('questions_difficulty_check', sql`difficulty between 1 and 3`),
  ],
);
export const flashCards = pgTable(
  'flash_cards',
  {
    id: text('id').primaryKey(),
    topicId: cascadeTextRef('topic_id', () => topics.id),
    front: text('front').notNull(),
    back: text('back').notNull(),
    rationale: text('rationale'),
    updatedAt: updatedAt(),
  },
  (t) => [index('flash_cards_topic_idx').on(t.topicId)],
);
/** Reading notes: Markdown, rendered without raw HTML on the web. */
export const notes = pgTable(
  'notes',
  {
    id: text('id').primaryKey(),
    topicId: cascadeTextRef('topic_id', () => topics.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sortOrder: sortOrder(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notes_topic_idx').on(t.topicId, t.sortOrder)],
);
/** An exam's blueprint as data (docs/product.md#quiz); `spec` follows core's blueprint schema. */
export const blueprints = pgTable('blueprints', {
  id: text('id').primaryKey(),
  reviewerShorthand: text('reviewer_shorthand')
    .notNull()
    .references(() => reviewers.shorthand),
  name: text('name').notNull(),
  spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});
export const itemReports = pgTable(
  'item_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: cascadeTextRef('question_id', () => questions.id),
    /** The student who reported it; null for a flag raised by item analysis. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['student', 'analysis'] })
      .notNull()
      .default('student'),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'cleared', 'fixed'] })
      .notNull()
      .default('open'),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('item_reports_status_check', sql`status in ('open','cleared','fixed')`),
    check(
      'item_reports_source_check',
      sql`(source = 'student' and user_id is not null) or (source = 'analysis' and user_id is null)`,
    ),
    check('item_reports_reason_check', sql`char_length(reason) between 1 and 500`),
    index('item_reports_queue_idx').on(t.status, t.createdAt),
    // A student's reports of the day (the daily cap) and their open ones (their own draws).
    index('item_reports_user_idx').on(t.userId, t.createdAt),
    // One open report per student per item: a double tap does not file two.
    uniqueIndex('item_reports_one_open').on(t.questionId, t.userId).where(sql`status = 'open'`),
    // One open analysis flag per item: a re-run of the job does not file it again.
    uniqueIndex('item_reports_one_open_flag')
      .on(t.questionId)
      .where(sql`status = 'open' and source = 'analysis'`),
  ],
);

/**
 * The content settings staff change in the console: one row (issue 21 finding 2: how many distinct
 * students' open reports hold an item for everyone).
 */
export const contentSettings = pgTable(
  'content_settings',
  {
    id: boolean('id').primaryKey().default(true),
    reportHoldThreshold: integer('report_hold_threshold').notNull().default(3),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('content_settings_one_row', sql`${t.id}`),
    check('content_settings_threshold_check', sql`report_hold_threshold between 1 and 50`),
  ],
);

/**
 * Item analysis (issue 12): per question, from submitted attempts, computed by a scheduled job —
 * never on page load. `optionShares[i]` is the share of responses choosing choice i; the upper and
 * lower 27 % groups are ranked by the whole attempt's score.
 */
export const itemStats = pgTable('item_stats', {
  questionId: text('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  responses: integer('responses').notNull(),
  correct: integer('correct').notNull(),
  /** Share correct, 0–1 (the classical difficulty index). */
  difficulty: doublePrecision('difficulty').notNull(),
  /** Upper–lower 27 % index, −1–1; null below the minimum number of responses. */
  discrimination: doublePrecision('discrimination'),
  optionShares: jsonb('option_shares').$type<number[]>().notNull(),
  upperOptionShares: jsonb('upper_option_shares').$type<number[]>().notNull(),
  lowerOptionShares: jsonb('lower_option_shares').$type<number[]>().notNull(),
  /** Why the item is flagged (low discrimination, a distractor beating the key), or null. */
  flag: text('flag'),
  computedAt: timestamptz('computed_at').notNull(),
});
