import {
  capDailyAward,
  capTopicTallies,
  evaluateChallenges,
  extendStreak,
  fairPlayFlags,
  levelOrDefault,
  manilaDayKey,
  promoteLevel,
  sameChallengesState,
  seasonBoardKey,
  settleStreak,
  streakOn,
  toChallengesState,
  totalGems,
  weekBoardKey,
} from '@pasado/core';
import {
  applyCountChange,
  type CountChange,
  findScores,
  hourOf,
  saveScore,
} from '../../src/modules/leaderboard/scores.repository.ts';
import { listRunningSeasonIds } from '../../src/modules/leaderboard/seasons.repository.ts';
import type { Activity, ActivityOutcome } from '../../src/modules/progress/record-activity.ts';
import {
  addTopicTallies,
  findDailyAwards,
  findProgress,
  findStreak,
  listTopicTallies,
  saveDailyAwards,
  saveStreak,
  updateProgress,
  upsertFairPlayFlag,
} from '../../src/modules/progress/repository.ts';
import { lockUser } from '../../src/modules/users/repository.ts';
import type { Tx } from '../../src/platform/db/client.ts';
import { announce, topics } from '../../src/platform/live/topics.ts';

/**
 * recordActivity as it was before issue 25, statement by statement (one per topic, per board, per
 * count row): the reference the four-statement path is held to (activity-equivalence.test.ts).
 */
export async function recordActivityStepwise(
  tx: Tx,
  userId: string,
  activity: Activity,
  now: Date,
): Promise<ActivityOutcome> {
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

  const gemsAdded = award.gems;
  const drillPoints = award.drillPoints;
  const level = levelOrDefault(user.currentLevel);
  const gemsCollection = {
    ...user.gemsCollection,
    [level]: (user.gemsCollection[level] ?? 0) + gemsAdded,
  };
  const nextLevel = promoteLevel(level, totalGems(gemsCollection));
  if (gemsAdded > 0 || drillPoints > 0) {
    await updateProgress(tx, userId, {
      gemsCollection,
      currentLevel: nextLevel,
      unclaimedDrillPoints: user.unclaimedDrillPoints + drillPoints,
      updatedAt: now,
    });
  }

  const row = await findStreak(tx, userId, { lock: true });
  let streak = streakOn(
    { current: row?.current ?? 0, lastDay: row?.lastDay ?? null, freezes: row?.freezes ?? 0 },
    manilaDayKey(now),
  );
  // Answers counted today count the day, as a finish does (issue 23 item 5, ADR 033).
  if (activity.finished || award.answers > 0) {
    const today = manilaDayKey(now);
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

  await addLeaderboardPointsStepwise(tx, userId, gemsAdded, now);
  await refreshChallengesStepwise(tx, userId);
  await announce(tx, topics.user(userId));
  return {
    streak,
    gemsAdded,
    drillPointsAdded: drillPoints,
    level: nextLevel,
    leveledUp: nextLevel !== level,
  };
}

async function addLeaderboardPointsStepwise(tx: Tx, userId: string, points: number, now: Date) {
  if (!Number.isInteger(points) || points <= 0) return;
  const seasonIds = await listRunningSeasonIds(tx, now);
  const boards = [weekBoardKey(now), ...seasonIds.map(seasonBoardKey)].sort();
  await lockUser(tx, userId);
  const before = await findScores(tx, userId, boards);
  const changes: CountChange[] = [];
  for (const board of boards) {
    const old = before.find((row) => row.board === board);
    const total = (old?.points ?? 0) + points;
    await saveScore(tx, userId, { board, points: total, reachedAt: now });
    if (old) changes.push({ board, points: old.points, hour: hourOf(old.reachedAt), delta: -1 });
    changes.push({ board, points: total, hour: hourOf(now), delta: 1 });
  }
  changes.sort((a, b) => a.board.localeCompare(b.board) || a.points - b.points || a.hour - b.hour);
  for (const change of changes) await applyCountChange(tx, change);
}

async function refreshChallengesStepwise(tx: Tx, userId: string) {
  const user = await findProgress(tx, userId, { lock: true });
  if (!user) throw new Error(`refreshChallenges: no user ${userId}`);
  const longest = (await findStreak(tx, userId))?.longest ?? 0;
  const stats = { longestStreak: longest, topics: await listTopicTallies(tx, userId) };
  const next = toChallengesState(evaluateChallenges(user.challengesProgress, stats));
  if (!sameChallengesState(user.challengesProgress, next)) {
    await updateProgress(tx, userId, { challengesProgress: next });
  }
}

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
    // Only time on answered topics: the pace is seconds per answer, and a note read or card
    // review (up to 1,800 s and 120 s, no answers) would otherwise cover fast answers.
    askedSeconds: used.askedSeconds + sum((t) => (t.answered > 0 ? t.seconds : 0)),
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
