import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, cascadeTextRef, timestamptz, updatedAt } from './columns.ts';
import { topics } from './content.ts';
import { users } from './users.ts';

// ---------------------------------------------------------------------------------------------
// Progress (issues 4 and 5): per-topic stats feeding "weakest topics", daily streak, reward claims,
// leaderboard scores. The users row keeps gemsCollection, currentLevel, challengesProgress and
// unclaimedDrillPoints (SPEC §3); user_stats keeps the per-subject summary document.
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
export const userStreaks = pgTable('user_streaks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  current: integer('current').notNull().default(0),
  longest: integer('longest').notNull().default(0),
  lastDay: date('last_day', { mode: 'string' }),
  updatedAt: updatedAt(),
});
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
