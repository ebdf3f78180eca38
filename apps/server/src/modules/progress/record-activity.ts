import { extendStreak, levelOrDefault, manilaDayKey, promoteLevel, totalGems } from '@pasado/core';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import {
  topics as topicRows,
  userStats,
  userStreaks,
  users,
  userTopicStats,
} from '../../platform/db/schema.ts';
import { announce, topics } from '../../platform/live/topics.ts';
import { addLeaderboardPoints } from '../leaderboard/scores.ts';
import { refreshChallenges } from './challenges.ts';

/** What one quiz, study or drill session contributes to a student's progress (DESIGN.md "Progress"). */
export type Activity = {
  /** Per-topic tallies: feeds userStats and "weakest topics". */
  topics: readonly { topicId: string; answered: number; correct: number; seconds: number }[];
  /** Gems from correct answers, added to gemsCollection under the current level; also leaderboard points. */
  gems: number;
  /** Drill points: kept unclaimed until claimed on Tasks. */
  drillPoints: number;
  /** A finished quiz or study session counts for the daily streak (Manila days). */
  finished: boolean;
};

export type ActivityOutcome = {
  streak: number;
  gemsAdded: number;
  level: string;
  leveledUp: boolean;
};

/**
 * Records an activity in the caller's transaction: topic stats, gems under the current level,
 * unclaimed drill points, the daily streak, leaderboard points, challenges; then announces the
 * user document so open screens (the Tasks red dot, the account) follow live.
 */
export async function recordActivity(
  tx: Tx,
  userId: string,
  activity: Activity,
  now: Date,
): Promise<ActivityOutcome> {
  // One statement for every topic (issue 10: a 170-item mock spans ~20 topics), one row per topic
  // in id order so concurrent writers lock the rows in the same order.
  const perTopic = new Map<string, { answered: number; correct: number; seconds: number }>();
  for (const t of activity.topics) {
    if (t.answered === 0 && t.seconds === 0) continue;
    const sum = perTopic.get(t.topicId) ?? { answered: 0, correct: 0, seconds: 0 };
    sum.answered += t.answered;
    sum.correct += t.correct;
    sum.seconds += t.seconds;
    perTopic.set(t.topicId, sum);
  }
  if (perTopic.size > 0) {
    await tx
      .insert(userTopicStats)
      .values(
        [...perTopic]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([topicId, t]) => ({
            userId,
            topicId,
            answered: t.answered,
            correct: t.correct,
            secondsStudied: t.seconds,
            updatedAt: now,
          })),
      )
      .onConflictDoUpdate({
        target: [userTopicStats.userId, userTopicStats.topicId],
        set: {
          answered: sql`${userTopicStats.answered} + excluded.answered`,
          correct: sql`${userTopicStats.correct} + excluded.correct`,
          secondsStudied: sql`${userTopicStats.secondsStudied} + excluded.seconds_studied`,
          updatedAt: now,
        },
      });
    await refreshSubjectStats(tx, userId, now);
  }

  const [user] = await tx
    .select({ currentLevel: users.currentLevel, gems: users.gemsCollection })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw new Error(`recordActivity: no user ${userId}`);
  const gemsAdded = Math.max(0, Math.floor(activity.gems));
  const drillPoints = Math.max(0, Math.floor(activity.drillPoints));
  const level = levelOrDefault(user.currentLevel);
  const gemsCollection = { ...user.gems, [level]: (user.gems[level] ?? 0) + gemsAdded };
  // Gems earned count toward the level they were earned at; crossing a threshold moves the level up.
  const nextLevel = promoteLevel(level, totalGems(gemsCollection));
  if (gemsAdded > 0 || drillPoints > 0) {
    await tx
      .update(users)
      .set({
        gemsCollection,
        currentLevel: nextLevel,
        unclaimedDrillPoints: sql`${users.unclaimedDrillPoints} + ${drillPoints}`,
        updatedAt: now,
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, userId));
  }

  let streak = 0;
  const [row] = await tx
    .select()
    .from(userStreaks)
    .where(eq(userStreaks.userId, userId))
    .for('update');
  streak = row?.current ?? 0;
  if (activity.finished) {
    const next = extendStreak({
      lastDay: row?.lastDay ?? null,
      current: row?.current ?? 0,
      today: manilaDayKey(now),
    });
    streak = next.current;
    const longest = Math.max(row?.longest ?? 0, next.current);
    await tx
      .insert(userStreaks)
      .values({ userId, current: next.current, longest, lastDay: next.lastDay, updatedAt: now })
      .onConflictDoUpdate({
        target: userStreaks.userId,
        set: { current: next.current, longest, lastDay: next.lastDay, updatedAt: now },
      });
  }

  await addLeaderboardPoints(tx, userId, gemsAdded, now);
  await refreshChallenges(tx, userId, now);
  await announce(tx, topics.user(userId));
  return { streak, gemsAdded, level: nextLevel, leveledUp: nextLevel !== level };
}

/**
 * The userStats document (SPEC §3: userStats by userId): per subject, items answered, correct,
 * accuracy in percent and seconds studied, summed from the per-topic rows in one statement.
 */
async function refreshSubjectStats(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into ${userStats} (user_id, stats, updated_at)
    select ${userId}::uuid, coalesce(jsonb_object_agg(subject_id, jsonb_build_object(
             'answered', answered, 'correct', correct, 'secondsStudied', seconds,
             'accuracy', case when answered = 0 then null else round(100.0 * correct / answered) end
           )), '{}'::jsonb), ${now.toISOString()}::timestamptz
    from (
      select t.subject_id, sum(s.answered)::int as answered, sum(s.correct)::int as correct,
             sum(s.seconds_studied)::int as seconds
      from ${userTopicStats} s join ${topicRows} t on t.id = s.topic_id
      where s.user_id = ${userId}::uuid
      group by t.subject_id
    ) per_subject
    on conflict (user_id) do update set stats = excluded.stats, updated_at = excluded.updated_at`);
}
