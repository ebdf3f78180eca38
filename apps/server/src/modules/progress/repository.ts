import type { ChallengesState } from '@pasado/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  dailyAwards,
  fairPlayFlags,
  rewardClaims,
  streakFreezePurchases,
  userStreaks,
  users,
  userTopicStats,
} from '../../platform/db/schema.ts';

/** A student's progress as kept on the user row (docs/product.md#progress). */
export interface Progress {
  currentLevel: string | null;
  gemsCollection: Record<string, number>;
  challengesProgress: ChallengesState;
  unclaimedDrillPoints: number;
  /** Gems spent on streak freezes (issue 23 item 5). */
  gemsSpent: number;
}

/**
 * The user row's progress columns, locked for the caller's transaction with `lock` (every write
 * to them reads under that lock first). Null when there is no such user.
 */
export async function findProgress(
  ex: Executor,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<Progress | null> {
  const query = ex
    .select({
      currentLevel: users.currentLevel,
      gemsCollection: users.gemsCollection,
      challengesProgress: users.challengesProgress,
      unclaimedDrillPoints: users.unclaimedDrillPoints,
      gemsSpent: users.gemsSpent,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Writes progress columns and bumps the user document's version (the caller announces it), and
 * the row's `activity_seq`, which guards an activity written on an unlocked read (ADR 037).
 */
export async function updateProgress(
  ex: Executor,
  userId: string,
  set: Partial<Progress> & { updatedAt?: Date },
): Promise<void> {
  await ex
    .update(users)
    .set({ ...set, version: sql`${users.version} + 1`, activitySeq: sql`${users.activitySeq} + 1` })
    .where(eq(users.id, userId));
}

export interface Streak {
  current: number;
  longest: number;
  /** The Manila day (YYYY-MM-DD) of the last finished session. */
  lastDay: string | null;
  /** Streak freezes held (issue 23 item 5). */
  freezes: number;
  /** The last missed Manila day a freeze covered. */
  lastFrozenDay: string | null;
}

export async function findStreak(
  ex: Executor,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<Streak | null> {
  const query = ex
    .select({
      current: userStreaks.current,
      longest: userStreaks.longest,
      lastDay: userStreaks.lastDay,
      freezes: userStreaks.freezes,
      lastFrozenDay: userStreaks.lastFrozenDay,
    })
    .from(userStreaks)
    .where(eq(userStreaks.userId, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function saveStreak(
  ex: Executor,
  userId: string,
  streak: Streak,
  now: Date,
): Promise<void> {
  await ex
    .insert(userStreaks)
    .values({ userId, ...streak, updatedAt: now })
    .onConflictDoUpdate({ target: userStreaks.userId, set: { ...streak, updatedAt: now } });
}

/** Items answered and correct per topic the student has worked on. */
export async function listTopicTallies(
  ex: Executor,
  userId: string,
): Promise<{ answered: number; correct: number }[]> {
  return ex
    .select({ answered: userTopicStats.answered, correct: userTopicStats.correct })
    .from(userTopicStats)
    .where(eq(userTopicStats.userId, userId));
}

/** Adds one session's tallies to a topic's running totals. */
export async function addTopicTallies(
  ex: Executor,
  userId: string,
  topic: { topicId: string; answered: number; correct: number; seconds: number },
  now: Date,
): Promise<void> {
  await ex
    .insert(userTopicStats)
    .values({
      userId,
      topicId: topic.topicId,
      answered: topic.answered,
      correct: topic.correct,
      secondsStudied: topic.seconds,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [userTopicStats.userId, userTopicStats.topicId],
      set: {
        answered: sql`${userTopicStats.answered} + excluded.answered`,
        correct: sql`${userTopicStats.correct} + excluded.correct`,
        secondsStudied: sql`${userTopicStats.secondsStudied} + excluded.seconds_studied`,
        updatedAt: now,
      },
    });
}

/** The gems a reward paid when it was claimed, or null when it never was. */
export async function findRewardClaim(
  ex: Executor,
  userId: string,
  rewardKey: string,
): Promise<{ gems: number } | null> {
  const [row] = await ex
    .select({ gems: rewardClaims.gems })
    .from(rewardClaims)
    .where(and(eq(rewardClaims.userId, userId), eq(rewardClaims.rewardKey, rewardKey)));
  return row ?? null;
}

export async function insertRewardClaim(
  ex: Executor,
  claim: { userId: string; rewardKey: string; gems: number; points: number; claimedAt: Date },
): Promise<void> {
  await ex.insert(rewardClaims).values(claim);
}

// --- Fair play (issue 21 finding 3; core fair-play.ts) -----------------------------------------

export type DailyAwardRow = {
  gems: number;
  drillPoints: number;
  answers: number;
  askedAnswers: number;
  askedCorrect: number;
  askedSeconds: number;
  capped: number;
};

/** A Manila day with nothing awarded yet. */
export const NO_AWARDS: DailyAwardRow = {
  gems: 0,
  drillPoints: 0,
  answers: 0,
  askedAnswers: 0,
  askedCorrect: 0,
  askedSeconds: 0,
  capped: 0,
};

/** What the Manila day `day` (YYYY-MM-DD) has awarded the student so far. */
export async function findDailyAwards(
  ex: Executor,
  userId: string,
  day: string,
): Promise<DailyAwardRow> {
  const [row] = await ex
    .select({
      gems: dailyAwards.gems,
      drillPoints: dailyAwards.drillPoints,
      answers: dailyAwards.answers,
      askedAnswers: dailyAwards.askedAnswers,
      askedCorrect: dailyAwards.askedCorrect,
      askedSeconds: dailyAwards.askedSeconds,
      capped: dailyAwards.capped,
    })
    .from(dailyAwards)
    .where(and(eq(dailyAwards.userId, userId), eq(dailyAwards.day, day)));
  return row ?? NO_AWARDS;
}

/**
 * The answers counted toward the Manila day `day` so far (the Today list's items, issue 23 item
 * 5): what `recordActivity` added to the day's row, across the student's finished activities.
 */
export async function findAnswersOfDay(ex: Executor, userId: string, day: string): Promise<number> {
  const [row] = await ex
    .select({ answers: dailyAwards.answers })
    .from(dailyAwards)
    .where(and(eq(dailyAwards.userId, userId), eq(dailyAwards.day, day)));
  return row?.answers ?? 0;
}

/** Stores the day's totals (the caller holds the user row's lock). */
export async function saveDailyAwards(
  ex: Executor,
  userId: string,
  day: string,
  totals: DailyAwardRow,
  now: Date,
): Promise<void> {
  await ex
    .insert(dailyAwards)
    .values({ userId, day, ...totals, updatedAt: now })
    .onConflictDoUpdate({
      target: [dailyAwards.userId, dailyAwards.day],
      set: { ...totals, updatedAt: now },
    });
}

/**
 * Flags the student's day for staff with its reasons and figures; a day already flagged takes
 * the new figures, and opens again only when a reason was added.
 */
export async function upsertFairPlayFlag(
  ex: Executor,
  flag: { userId: string; day: string; reasons: string[]; evidence: Record<string, number> },
  now: Date,
): Promise<void> {
  await ex
    .insert(fairPlayFlags)
    .values({ ...flag, createdAt: now })
    .onConflictDoUpdate({
      target: [fairPlayFlags.userId, fairPlayFlags.day],
      set: {
        evidence: flag.evidence,
        reasons: flag.reasons,
        status: sql`case when ${fairPlayFlags.reasons} @> excluded.reasons then ${fairPlayFlags.status} else 'open' end`,
      },
    });
}

/** Dismisses an open flag; false when there is no open flag with that id. */
export async function dismissFairPlayFlag(
  ex: Executor,
  id: string,
  resolution: { resolvedBy: string; resolvedAt: Date },
): Promise<{ userId: string; day: string } | null> {
  const [row] = await ex
    .update(fairPlayFlags)
    .set({ status: 'dismissed', ...resolution })
    .where(and(eq(fairPlayFlags.id, id), eq(fairPlayFlags.status, 'open')))
    .returning({ userId: fairPlayFlags.userId, day: fairPlayFlags.day });
  return row ?? null;
}

export async function findUnclaimedDrillPoints(
  ex: Executor,
  userId: string,
): Promise<number | null> {
  const [row] = await ex
    .select({ unclaimed: users.unclaimedDrillPoints })
    .from(users)
    .where(eq(users.id, userId));
  return row?.unclaimed ?? null;
}

/** A streak freeze bought with this purchase id, if any (a retried purchase buys once). */
export async function findFreezePurchase(
  ex: Executor,
  userId: string,
  purchaseId: string,
): Promise<{ gems: number } | null> {
  const [row] = await ex
    .select({ gems: streakFreezePurchases.gems })
    .from(streakFreezePurchases)
    .where(
      and(
        eq(streakFreezePurchases.userId, userId),
        eq(streakFreezePurchases.purchaseId, purchaseId),
      ),
    );
  return row ?? null;
}

export async function insertFreezePurchase(
  ex: Executor,
  row: { userId: string; purchaseId: string; gems: number; boughtAt: Date },
): Promise<void> {
  await ex.insert(streakFreezePurchases).values(row);
}
