import type { StudentModel } from '@pasado/core';
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
  pgView,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeRef, cascadeTextRef, createdAt, timestamptz, updatedAt } from './columns.ts';
import { questions, topics } from './content.ts';
import { users } from './users.ts';

// ---------------------------------------------------------------------------------------------
// Progress (issues 4 and 5): per-topic stats feeding "weakest topics", daily streak, reward claims,
// leaderboard scores. The users row keeps gemsCollection, currentLevel, challengesProgress and
// unclaimedDrillPoints (docs/product.md#entities); user_stats keeps the per-subject summary document.
// ---------------------------------------------------------------------------------------------

export const userTopicStats = pgTable(
  'user_topic_stats',
  {
    userId: cascadeRef('user_id', () => users.id),
    topicId: cascadeTextRef('topic_id', () => topics.id),
    answered: integer('answered').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    secondsStudied: integer('seconds_studied').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topicId] }),
    check(
      'user_topic_stats_counts_check',
      sql`answered >= 0 and correct >= 0 and correct <= answered and seconds_studied >= 0`,
    ),
  ],
);
/** Daily streak in Manila days (core `extendStreak`). */
export const userStreaks = pgTable(
  'user_streaks',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    current: integer('current').notNull().default(0),
    longest: integer('longest').notNull().default(0),
    lastDay: date('last_day', { mode: 'string' }),
    /** Streak freezes held (issue 23 item 5; core `STREAK_FREEZE.maxHeld`). */
    freezes: integer('freezes').notNull().default(0),
    /** The last missed Manila day a freeze covered (the student is told it was used). */
    lastFrozenDay: date('last_frozen_day', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  () => [check('user_streaks_freezes_check', sql`freezes between 0 and 2`)],
);
/**
 * One row per streak freeze bought (issue 23 item 5): the primary key makes a retried purchase
 * (a double tap, a lost answer) buy once.
 */
export const streakFreezePurchases = pgTable(
  'streak_freeze_purchases',
  {
    userId: cascadeRef('user_id', () => users.id),
    purchaseId: uuid('purchase_id').notNull(),
    gems: integer('gems').notNull(),
    boughtAt: timestamptz('bought_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purchaseId] })],
);
/**
 * One row per reward claimed: the primary key makes a second claim of the same reward (a double
 * tap, or two devices at once) a no-op instead of a second payout.
 */
export const rewardClaims = pgTable(
  'reward_claims',
  {
    userId: cascadeRef('user_id', () => users.id),
    rewardKey: text('reward_key').notNull(),
    gems: integer('gems').notNull().default(0),
    points: integer('points').notNull().default(0),
    claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.rewardKey] })],
);

/**
 * What each Manila day has awarded a student (issue 21 finding 3; core fair-play.ts): the caps are
 * read against it, and the day's pace and accuracy feed the fair-play flags. Written under the
 * user row's lock, by every finish (recordActivity) and by every reward claim (core `capClaim`).
 */
export const dailyAwards = pgTable(
  'daily_awards',
  {
    userId: cascadeRef('user_id', () => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    gems: integer('gems').notNull().default(0),
    drillPoints: integer('drill_points').notNull().default(0),
    /** Answers counted toward topic mastery (capped). */
    answers: integer('answers').notNull().default(0),
    /** Everything the day asked to count, before the caps: what the flags judge. */
    askedAnswers: integer('asked_answers').notNull().default(0),
    askedCorrect: integer('asked_correct').notNull().default(0),
    askedSeconds: integer('asked_seconds').notNull().default(0),
    capped: integer('capped').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A student's day that looked implausible for a person, for staff to look at (never acted on by
 * itself): the reasons and the day's figures. One open flag per student and day.
 */
export const fairPlayFlags = pgTable(
  'fair_play_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: cascadeRef('user_id', () => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    evidence: jsonb('evidence').$type<Record<string, number>>().notNull(),
    status: text('status', { enum: ['open', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('fair_play_flags_status_check', sql`status in ('open','dismissed')`),
    uniqueIndex('fair_play_flags_one_per_day').on(t.userId, t.day),
    index('fair_play_flags_queue_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Per subject, items answered and correct, accuracy and seconds studied (docs/product.md#entities:
 * userStats): a view summing the student's per-topic rows by their topic's subject, as they stand
 * (ADR 040; migration 0026 defines it). It was a table every quiz finish and every card rating
 * rewrote, and nothing read.
 */
export const userStats = pgView('user_stats', {
  userId: uuid('user_id').notNull(),
  stats: jsonb('stats').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
}).existing();

/**
 * The student model of one student for one track (issue 23 item 2; ADR 028): core's `StudentModel`
 * as one document, changed by one O(1) step per answer (core `recordAnswer`), read as it is for
 * readiness — nothing replays the answer history.
 */
export const readinessModels = pgTable(
  'readiness_models',
  {
    userId: cascadeRef('user_id', () => users.id),
    reviewer: text('reviewer').notNull(),
    model: jsonb('model').$type<StudentModel>().notNull(),
    updatedAt: updatedAt(),
    /**
     * The chance of passing at the student's next sitting (core `readinessSummary`'s exam-day
     * chance), kept by the background job beside item analysis for the staff aggregate (issue 23
     * item 8; ADR 034) so no staff read forecasts every student. Null while the model has too
     * little data for a chance, or before the job has seen the model.
     */
    passChance: doublePrecision('pass_chance'),
    /** The first day of the sitting `pass_chance` is for (a Manila date). */
    passChanceExamDay: date('pass_chance_exam_day', { mode: 'string' }),
    /** When the job computed `pass_chance`; null before it has. */
    passChanceAt: timestamptz('pass_chance_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.reviewer] }),
    check('readiness_models_pass_chance_check', sql`pass_chance between 0 and 1`),
  ],
);

/**
 * What everyone's answers say of each item's difficulty (logits; core `ItemDifficulty`), refined
 * by the same answers; an item without a row is seeded from the bank's label (core `seedDifficulty`).
 */
export const itemDifficulties = pgTable(
  'item_difficulties',
  {
    questionId: cascadeTextRef('question_id', () => questions.id).primaryKey(),
    mean: doublePrecision('mean').notNull(),
    variance: doublePrecision('variance').notNull(),
    answers: integer('answers').notNull(),
    updatedAt: updatedAt(),
  },
  () => [check('item_difficulties_variance_check', sql`variance > 0 and answers >= 0`)],
);

/**
 * How far the refinement of item difficulties from everyone's answers has read (issue 23 item 2;
 * ADR 034): the answers of attempts submitted up to `through` are in `item_difficulties`. One row.
 */
export const itemDifficultyWatermark = pgTable(
  'item_difficulty_watermark',
  {
    id: integer('id').primaryKey().default(1),
    through: timestamptz('through').notNull(),
  },
  () => [check('item_difficulty_watermark_one_row', sql`id = 1`)],
);

/**
 * What a student last did with each item they answered (issue 23 item 4; core `ItemHistory`): when,
 * whether right, and the correct reviews since the last miss (null: never missed). For-you sets
 * bring missed items back on a spaced schedule from it. One multi-row upsert per finished set,
 * beside the student model (ADR 032).
 */
export const itemHistories = pgTable(
  'item_histories',
  {
    userId: cascadeRef('user_id', () => users.id),
    questionId: cascadeTextRef('question_id', () => questions.id),
    lastAt: timestamptz('last_at').notNull(),
    lastCorrect: boolean('last_correct').notNull(),
    reviewStep: smallint('review_step'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    check('item_histories_review_step_check', sql`review_step is null or review_step >= 0`),
  ],
);

/**
 * The plan's daily figure as fixed for a student's Manila day (docs/product.md#today): quiz home's
 * first read of a day with a plan stores the target it computed, and every read that day shows that
 * one, so the answers given during the day never move the target they are counted against. One row
 * per student and track, replaced by the first read of a later day or of another exam day.
 */
export const planDays = pgTable(
  'plan_days',
  {
    userId: cascadeRef('user_id', () => users.id),
    reviewer: text('reviewer').notNull(),
    /** The Manila day the figure is for. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The exam day the plan counted to (core `sittingExamDay`). */
    examDay: date('exam_day', { mode: 'string' }).notNull(),
    items: integer('items').notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reviewer] })],
);
