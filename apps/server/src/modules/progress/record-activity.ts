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
import type { Tx } from '../../platform/db/client.ts';
import { topics } from '../../platform/live/topics.ts';
import { addLeaderboardPoints, leaderboardPointsWrite } from '../leaderboard/scores.ts';
import {
  type ActivityState,
  type ActivityWrite,
  activityStateJson,
  activityWriteAlongside,
  loadActivityState,
  writeActivity,
} from './activity.read-model.ts';
import { type DailyAwardRow, findProgress, type Progress, type Streak } from './repository.ts';
/** What one quiz, study or drill session contributes to a student's progress (docs/product.md#progress). */
export type Activity = {
  /** Per-topic tallies: feeds userStats and "weakest topics". */
  topics: readonly { topicId: string; answered: number; correct: number; seconds: number }[];
  /** Gems from correct answers, added to gemsCollection under the current level; also leaderboard points. */
  gems: number;
  /** Drill points: kept unclaimed until claimed on Tasks. */
  drillPoints: number;
  /**
   * Counts the Manila day for the daily streak (docs/product.md#streaks): a lite set or mock
   * finished with an item answered, a drill with an answer, a study session with a card
   * reviewed or a note read.
   */
  finished: boolean;
};

export type ActivityOutcome = {
  streak: number;
  /** Gems the day's caps let this activity award: what a result shows as earned. */
  gemsAdded: number;
  /** Drill points the day's caps let this activity award, likewise. */
  drillPointsAdded: number;
  level: string;
  leveledUp: boolean;
};

/**
 * The state `recordActivity` decides on, as a column of a statement the caller sends after it
 * locked the user row (a finish's one read carries it: ADR 036); read with `activityStateOf`.
 */
export function activityStateColumn(userId: string, now: Date) {
  return activityStateJson({ userId, ...activityStateKeys(now) });
}

/** The keys of `now` the activity's state is read by (`activityStateJson`'s values). */
export function activityStateKeys(now: Date) {
  return { day: manilaDayKey(now), weekBoard: weekBoardKey(now), at: now.toISOString() };
}

/**
 * Records an activity in the caller's transaction: topic stats, gems under the current level,
 * unclaimed drill points, the daily streak, leaderboard points, challenges; then announces the
 * user document so open screens (the Tasks red dot, the account) follow live. What one Manila day
 * awards is capped at what a person can do, and a day that looks implausible is flagged to staff
 * (issue 21 finding 3; core fair-play.ts).
 *
 * Issue 25: in four statements whatever the activity (it was one per topic, per board and per
 * count row, 14 for a rated card and about 25 for a finished quiz): the user row locked, everything
 * decided on read at once (`loadActivityState`), core's rules, everything written at once
 * (`writeActivity`, and `addLeaderboardPoints` when gems were earned) with the notice in the same
 * statement. `test/progress/activity-equivalence.test.ts` holds it to the stepwise path it replaced.
 */
export async function recordActivity(
  tx: Tx,
  userId: string,
  activity: Activity,
  now: Date,
  /** The user row's progress, when the caller locked it in its own statement already. */
  locked?: Progress,
  /** The state, when the caller read it after that lock in a statement of its own (ADR 036). */
  read?: ActivityState,
): Promise<ActivityOutcome> {
  // One lock order for everything a finish touches (issue 21 finding 4): the user row first, so
  // two finishes of one student queue here instead of each holding topic rows the other needs;
  // then the topic rows in key order, for any writer that reaches them without the user lock.
  // Every writer of the rows read next takes this lock first, so they hold still until commit.
  const user = locked ?? (await findProgress(tx, userId, { lock: true }));
  if (!user) throw new Error(`recordActivity: no user ${userId}`);
  const state =
    read ??
    (await loadActivityState(tx, {
      userId,
      day: manilaDayKey(now),
      weekBoard: weekBoardKey(now),
      now,
    }));
  const plan = planActivity(userId, activity, now, user, state);
  await writeActivity(tx, plan.write);
  await addLeaderboardPoints(tx, userId, plan.gemsAdded, now, plan.boards);
  return plan.outcome;
}

/**
 * `recordActivity`'s writes decided but not sent: data-modifying CTEs, with their placeholders'
 * values, for a statement of the caller's (a finish's mark, ADR 037: the mark, the activity and
 * the scores in one round trip). The caller holds the user row's lock, read `state` under it, and
 * sends `notice` with the writes.
 */
export function activityWrites(
  userId: string,
  activity: Activity,
  now: Date,
  user: Progress,
  state: ActivityState,
) {
  const plan = planActivity(userId, activity, now, user, state);
  const write = activityWriteAlongside(plan.write);
  return {
    outcome: plan.outcome,
    writes: [write, leaderboardPointsWrite(userId, plan.gemsAdded, now, plan.boards)],
    notice: write.notice,
  };
}

/** What one activity writes, decided by core's rules on the state it was read with. */
export type ActivityPlan = {
  write: ActivityWrite;
  /** Gems earned, which are also leaderboard points on `boards`. */
  gemsAdded: number;
  boards: { boards: string[]; scores: ActivityState['scores'] };
  outcome: ActivityOutcome;
};

/**
 * Decides an activity on the user's progress and the activity's state as read (pure): the day's
 * caps, the topic tallies, gems and the level, the streak, the challenges; `recordActivity` writes
 * what it decides, as does a write guarded by `activity_seq` (ADR 037).
 */
export function planActivity(
  userId: string,
  activity: Activity,
  now: Date,
  user: Progress,
  state: ActivityState,
): ActivityPlan {
  const day = manilaDayKey(now);
  const week = weekBoardKey(now);
  const worked = activity.topics
    .filter((t) => t.answered > 0 || t.seconds > 0)
    .sort((a, b) => (a.topicId < b.topicId ? -1 : a.topicId > b.topicId ? 1 : 0));
  const { allowed, totals, flag } = capToday(state.daily, activity, worked);
  const counted = capTopicTallies(worked, allowed.answers).filter(
    (t) => t.answered > 0 || t.seconds > 0,
  );

  const gemsAdded = allowed.gems;
  const drillPoints = allowed.drillPoints;
  const level = levelOrDefault(user.currentLevel);
  const gemsCollection = {
    ...user.gemsCollection,
    [level]: (user.gemsCollection[level] ?? 0) + gemsAdded,
  };
  // Gems earned count toward the level they were earned at; crossing a threshold moves the level up.
  const nextLevel = promoteLevel(level, totalGems(gemsCollection));
  const paid = gemsAdded > 0 || drillPoints > 0;

  const row = state.streak;
  const held = {
    current: row?.current ?? 0,
    lastDay: row?.lastDay ?? null,
    freezes: row?.freezes ?? 0,
  };
  // An activity that counts no day answers with the streak as it stands (a day missed breaks
  // it), not the run last stored, which Tasks and the account would contradict.
  let streak = streakOn(held, day);
  let streakRow: Streak | null = null;
  // Answers counted today are what the Today list's items row is met by (issue 23 item 5, ADR
  // 033): an activity that adds to them counts the day, so a complete list is a streak day.
  // (Every caller sending answers also says it finished; this keeps the tie if one ever does not.)
  if (activity.finished || allowed.answers > 0) {
    // The freezes held cover the Manila days missed since the last one (issue 23 item 5), so a
    // kept streak goes on from where it stood; then today counts.
    const settled = settleStreak(held, day);
    const next = extendStreak({ lastDay: settled.lastDay, current: settled.current, today: day });
    streak = next.current;
    const longest = Math.max(row?.longest ?? 0, next.current);
    streakRow = {
      current: next.current,
      longest,
      lastDay: next.lastDay,
      freezes: settled.freezes,
      lastFrozenDay: settled.frozenDays.at(-1) ?? row?.lastFrozenDay ?? null,
    };
  }

  // The challenges are measured on the tallies and the streak as this activity leaves them.
  const tallies = new Map(state.tallies.map((t) => [t.topicId, { ...t }]));
  for (const t of counted) {
    const held = tallies.get(t.topicId);
    if (held) {
      held.answered += t.answered;
      held.correct += t.correct;
    } else tallies.set(t.topicId, { topicId: t.topicId, answered: t.answered, correct: t.correct });
  }
  const challenges = toChallengesState(
    evaluateChallenges(user.challengesProgress, {
      longestStreak: (streakRow ?? row)?.longest ?? 0,
      topics: [...tallies.values()].map(({ answered, correct }) => ({ answered, correct })),
    }),
  );
  const challengesMoved = !sameChallengesState(user.challengesProgress, challenges);

  const write: ActivityWrite = {
    userId,
    day,
    now,
    daily: totals,
    flag,
    tallies: counted,
    progress: {
      ...(paid
        ? {
            gemsCollection,
            currentLevel: nextLevel,
            // The row is locked above, so adding to what was read is the same as adding in SQL.
            unclaimedDrillPoints: user.unclaimedDrillPoints + drillPoints,
          }
        : {}),
      ...(challengesMoved ? { challengesProgress: challenges } : {}),
      touchUpdatedAt: paid,
      versionBump: (paid ? 1 : 0) + (challengesMoved ? 1 : 0),
    },
    streak: streakRow,
    notice: topics.user(userId),
  };
  return {
    write,
    gemsAdded,
    boards: {
      boards: [week, ...state.seasonIds.map(seasonBoardKey)].sort(),
      scores: state.scores,
    },
    outcome: {
      streak,
      gemsAdded,
      drillPointsAdded: drillPoints,
      level: nextLevel,
      leveledUp: nextLevel !== level,
    },
  };
}

/**
 * What the day's caps let this activity award (core `capDailyAward`), and the day's totals after
 * it; the day's figures, before the caps, are judged for the fair-play flag.
 */
function capToday(used: DailyAwardRow, activity: Activity, worked: Activity['topics']) {
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
  const totals: DailyAwardRow = {
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
  const reasons = fairPlayFlags({
    answers: totals.askedAnswers,
    correct: totals.askedCorrect,
    seconds: totals.askedSeconds,
    capped: totals.capped > 0,
  });
  const flag =
    reasons.length === 0
      ? null
      : {
          reasons,
          evidence: {
            answers: totals.askedAnswers,
            correct: totals.askedCorrect,
            seconds: totals.askedSeconds,
            gems: totals.gems,
            cappedFinishes: totals.capped,
          },
        };
  return { allowed, totals, flag };
}
