import {
  capDailyAward,
  capTopicTallies,
  extendStreak,
  fairPlayFlags,
  levelOrDefault,
  manilaDayKey,
  promoteLevel,
  settleStreak,
  totalGems,
} from '@pasado/core';
import type { Tx } from '../../platform/db/client.ts';
import { announce, topics } from '../../platform/live/topics.ts';
import { addLeaderboardPoints } from '../leaderboard/scores.ts';
import { refreshChallenges } from './challenges.ts';
import {
  addTopicTallies,
  findDailyAwards,
  findProgress,
  findStreak,
  saveDailyAwards,
  saveStreak,
  updateProgress,
  upsertFairPlayFlag,
} from './repository.ts';
import { refreshSubjectStats } from './subject-stats.read-model.ts';

/** What one quiz, study or drill session contributes to a student's progress (docs/product.md#progress). */
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
 * user document so open screens (the Tasks red dot, the account) follow live. What one Manila day
 * awards is capped at what a person can do, and a day that looks implausible is flagged to staff
 * (issue 21 finding 3; core fair-play.ts).
 */
export async function recordActivity(
  tx: Tx,
  userId: string,
  activity: Activity,
  now: Date,
): Promise<ActivityOutcome> {
  // One lock order for everything a finish touches (issue 21 finding 4): the user row first, so
  // two finishes of one student queue here instead of each holding topic rows the other needs;
  // then the topic rows in key order, for any writer that reaches them without the user lock.
  const user = await findProgress(tx, userId, { lock: true });
  if (!user) throw new Error(`recordActivity: no user ${userId}`);
  const worked = activity.topics
    .filter((t) => t.answered > 0 || t.seconds > 0)
    .sort((a, b) => (a.topicId < b.topicId ? -1 : a.topicId > b.topicId ? 1 : 0));
  const award = await capToday(tx, userId, activity, worked, now);
  const counted = capTopicTallies(worked, award.answers).filter(
    (t) => t.answered > 0 || t.seconds > 0,
  );
  for (const t of counted) await addTopicTallies(tx, userId, t, now);
  if (counted.length > 0) await refreshSubjectStats(tx, userId, now);

  const gemsAdded = award.gems;
  const drillPoints = award.drillPoints;
  const level = levelOrDefault(user.currentLevel);
  const gemsCollection = {
    ...user.gemsCollection,
    [level]: (user.gemsCollection[level] ?? 0) + gemsAdded,
  };
  // Gems earned count toward the level they were earned at; crossing a threshold moves the level up.
  const nextLevel = promoteLevel(level, totalGems(gemsCollection));
  if (gemsAdded > 0 || drillPoints > 0) {
    await updateProgress(tx, userId, {
      gemsCollection,
      currentLevel: nextLevel,
      // The row is locked above, so adding to what was read is the same as adding in SQL.
      unclaimedDrillPoints: user.unclaimedDrillPoints + drillPoints,
      updatedAt: now,
    });
  }

  const row = await findStreak(tx, userId, { lock: true });
  let streak = row?.current ?? 0;
  if (activity.finished) {
    const today = manilaDayKey(now);
    // The freezes held cover the Manila days missed since the last one (issue 23 item 5), so a
    // kept streak goes on from where it stood; then today counts.
    const settled = settleStreak(
      { current: row?.current ?? 0, lastDay: row?.lastDay ?? null, freezes: row?.freezes ?? 0 },
      today,
    );
    const next = extendStreak({ lastDay: settled.lastDay, current: settled.current, today });
    streak = next.current;
    const longest = Math.max(row?.longest ?? 0, next.current);
    await saveStreak(
      tx,
      userId,
      {
        current: next.current,
        longest,
        lastDay: next.lastDay,
        freezes: settled.freezes,
        lastFrozenDay: settled.frozenDays.at(-1) ?? row?.lastFrozenDay ?? null,
      },
      now,
    );
  }

  await addLeaderboardPoints(tx, userId, gemsAdded, now);
  await refreshChallenges(tx, userId, now);
  await announce(tx, topics.user(userId));
  return { streak, gemsAdded, level: nextLevel, leveledUp: nextLevel !== level };
}

/**
 * What the day's caps let this activity award (core `capDailyAward`), recorded against the
 * student's Manila day; the day's figures, before the caps, are judged for the fair-play flag.
 */
async function capToday(
  tx: Tx,
  userId: string,
  activity: Activity,
  worked: Activity['topics'],
  now: Date,
) {
  const day = manilaDayKey(now);
  const used = await findDailyAwards(tx, userId, day);
  const sum = (pick: (t: Activity['topics'][number]) => number) =>
    worked.reduce((total, t) => total + Math.max(0, Math.floor(pick(t))), 0);
  const asked = {
    gems: Math.max(0, Math.floor(activity.gems)),
    drillPoints: Math.max(0, Math.floor(activity.drillPoints)),
    answers: sum((t) => t.answered),
  };
  const allowed = capDailyAward(used, asked);
  const capped =
    allowed.gems < asked.gems ||
    allowed.drillPoints < asked.drillPoints ||
    allowed.answers < asked.answers;
  const totals = {
    gems: used.gems + allowed.gems,
    drillPoints: used.drillPoints + allowed.drillPoints,
    answers: used.answers + allowed.answers,
    askedAnswers: used.askedAnswers + asked.answers,
    askedCorrect: used.askedCorrect + sum((t) => t.correct),
    askedSeconds: used.askedSeconds + sum((t) => t.seconds),
    capped: used.capped + (capped ? 1 : 0),
  };
  await saveDailyAwards(tx, userId, day, totals, now);
  const reasons = fairPlayFlags({
    answers: totals.askedAnswers,
    correct: totals.askedCorrect,
    seconds: totals.askedSeconds,
    capped: totals.capped > 0,
  });
  if (reasons.length > 0) {
    await upsertFairPlayFlag(
      tx,
      {
        userId,
        day,
        reasons,
        evidence: {
          answers: totals.askedAnswers,
          correct: totals.askedCorrect,
          seconds: totals.askedSeconds,
          gems: totals.gems,
          cappedFinishes: totals.capped,
        },
      },
      now,
    );
  }
  return allowed;
}
