import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, timestamptz } from './columns.ts';
import { users } from './users.ts';

export const seasons = pgTable(
  'seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    expiryDate: timestamptz('expiry_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('seasons_status_check', sql`status in ('open','closed')`),
    index('seasons_open_idx').on(t.status, t.expiryDate),
  ],
);
/**
 * Points per board: `week:{YYYY-MM-DD of the Manila Sunday}` or `season:{id}`. `reachedAt` is when
 * the row last gained points, so ties go to whoever got there first.
 */
export const leaderboardScores = pgTable(
  'leaderboard_scores',
  {
    board: text('board').notNull(),
    userId: cascadeRef('user_id', () => users.id),
    points: integer('points').notNull().default(0),
    reachedAt: timestamptz('reached_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.userId] }),
    index('leaderboard_scores_rank_idx').on(t.board, t.points.desc(), t.reachedAt, t.userId),
    check('leaderboard_scores_points_check', sql`points >= 0`),
  ],
);
/**
 * Counts that make a rank cheap at any size (issue 5; scripts/bench/leaderboard.ts). A rank is the
 * students above a score plus those on the same score who reached it earlier. Counting those rows
 * one by one is slow with a million students, so three tables of counts are kept in step with
 * leaderboard_scores: per score band (100 points wide), per exact score, and per score and hour
 * reached. A rank then sums a few hundred counts and scans only the ties of one hour.
 */
export const leaderboardBandCounts = pgTable(
  'leaderboard_band_counts',
  {
    board: text('board').notNull(),
    band: integer('band').notNull(),
    students: integer('students').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.band] }),
    check('leaderboard_band_counts_students_check', sql`students >= 0`),
  ],
);
export const leaderboardScoreCounts = pgTable(
  'leaderboard_score_counts',
  {
    board: text('board').notNull(),
    points: integer('points').notNull(),
    students: integer('students').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.points] }),
    check('leaderboard_score_counts_students_check', sql`students >= 0`),
  ],
);
export const leaderboardTieCounts = pgTable(
  'leaderboard_tie_counts',
  {
    board: text('board').notNull(),
    points: integer('points').notNull(),
    /** Hours since the epoch of `reachedAt`. */
    hour: integer('hour').notNull(),
    students: integer('students').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.points, t.hour] }),
    check('leaderboard_tie_counts_students_check', sql`students >= 0`),
  ],
);
/**
 * The count changes awards make, appended by each award and folded into the three count tables
 * in batches (leaderboard/schedule-count-folding.ts; ADR 039). The count tables' rows are shared:
 * every student in one band moved one row, so awards queued on it behind each other's commits.
 * An append touches no shared row; a rank adds what is not folded yet, so it stays exact. No
 * index: the table holds only the changes of the last second or so, and is read whole.
 */
export const leaderboardCountChanges = pgTable('leaderboard_count_changes', {
  board: text('board').notNull(),
  points: integer('points').notNull(),
  /** Hours since the epoch of the score's `reachedAt`. */
  hour: integer('hour').notNull(),
  /** +1: a student reached this score; −1: they left it. */
  delta: integer('delta').notNull(),
});
