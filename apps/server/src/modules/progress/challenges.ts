import {
  type ChallengeKind,
  type ChallengeStats,
  type ChallengesState,
  challengeRewardKey,
  drillRewardKey,
  evaluateChallenges,
  findChallenge,
  levelOrDefault,
  markClaimed,
  promoteLevel,
  sameChallengesState,
  toChallengesState,
  totalGems,
} from '@pasado/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { rewardClaims, userStreaks, users, userTopicStats } from '../../platform/db/schema.ts';
import { announce, topics } from '../../platform/live/topics.ts';
import { addLeaderboardPoints } from '../leaderboard/scores.ts';

/** The numbers challenges are measured on (core `ChallengeStats`), read in the caller's transaction. */
export async function loadChallengeStats(ex: Executor, userId: string): Promise<ChallengeStats> {
  const [streak] = await ex
    .select({ longest: userStreaks.longest })
    .from(userStreaks)
    .where(eq(userStreaks.userId, userId));
  const topicRows = await ex
    .select({ answered: userTopicStats.answered, correct: userTopicStats.correct })
    .from(userTopicStats)
    .where(eq(userTopicStats.userId, userId));
  return { longestStreak: streak?.longest ?? 0, topics: topicRows };
}

/**
 * Re-evaluates the user's streak and mastery challenges after progress changed (issue 5: Tasks),
 * turning newly earned items from 'locked' to 'unclaimed' (core `evaluateChallenges`). Called inside
 * recordActivity's transaction, which announces users/{uid} afterwards. Writes (and bumps the
 * version) only when an item changed. Returns the stored state.
 */
export async function refreshChallenges(
  tx: Tx,
  userId: string,
  _now: Date,
): Promise<ChallengesState> {
  const [user] = await tx
    .select({ challengesProgress: users.challengesProgress })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw new Error(`refreshChallenges: no user ${userId}`);
  const stats = await loadChallengeStats(tx, userId);
  const next = toChallengesState(evaluateChallenges(user.challengesProgress, stats));
  if (!sameChallengesState(user.challengesProgress, next)) {
    await tx
      .update(users)
      .set({ challengesProgress: next, version: sql`${users.version} + 1` })
      .where(eq(users.id, userId));
  }
  return next;
}

export type ClaimOutcome = {
  rewardKey: string;
  gems: number;
  alreadyClaimed: boolean;
  level: string;
  leveledUp: boolean;
};

/**
 * Pays a reward once (issue 5 Tasks): locks the user row, and when reward_claims already holds the
 * key (a double tap, another device, a retried request) answers that first outcome again and pays
 * nothing. Otherwise `decide` says how many gems to pay (null: nothing to claim) and what else
 * changes on the user row; the gems go to the current level's count, the level may go up, the same
 * number of leaderboard points is added, and users/{uid} is announced, all in this transaction.
 */
export async function payRewardOnce(
  tx: Tx,
  input: {
    userId: string;
    rewardKey: string;
    now: Date;
    decide: (user: UserForClaim) => Promise<{ gems: number; set: Partial<UserUpdate> } | null>;
  },
): Promise<ClaimOutcome | null> {
  const { userId, rewardKey, now } = input;
  const [user] = await tx
    .select({
      currentLevel: users.currentLevel,
      gemsCollection: users.gemsCollection,
      challengesProgress: users.challengesProgress,
      unclaimedDrillPoints: users.unclaimedDrillPoints,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw new Error(`payRewardOnce: no user ${userId}`);
  const level = levelOrDefault(user.currentLevel);

  const [previous] = await tx
    .select({ gems: rewardClaims.gems })
    .from(rewardClaims)
    .where(and(eq(rewardClaims.userId, userId), eq(rewardClaims.rewardKey, rewardKey)));
  if (previous) {
    return { rewardKey, gems: previous.gems, alreadyClaimed: true, level, leveledUp: false };
  }

  const decision = await input.decide(user);
  if (decision === null) return null;
  const gems = Math.max(0, Math.floor(decision.gems));
  const gemsCollection = {
    ...user.gemsCollection,
    [level]: (user.gemsCollection[level] ?? 0) + gems,
  };
  const nextLevel = promoteLevel(level, totalGems(gemsCollection));
  await tx.insert(rewardClaims).values({ userId, rewardKey, gems, points: gems, claimedAt: now });
  await tx
    .update(users)
    .set({
      ...decision.set,
      gemsCollection,
      currentLevel: nextLevel,
      updatedAt: now,
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, userId));
  await addLeaderboardPoints(tx, userId, gems, now);
  await announce(tx, topics.user(userId));
  return {
    rewardKey,
    gems,
    alreadyClaimed: false,
    level: nextLevel,
    leveledUp: nextLevel !== level,
  };
}

type UserForClaim = {
  currentLevel: string | null;
  gemsCollection: Record<string, number>;
  challengesProgress: ChallengesState;
  unclaimedDrillPoints: number;
};
type UserUpdate = typeof users.$inferInsert;

/**
 * Claims one earned streak or mastery challenge. Null when the id is unknown or the item is not
 * earned yet (locked); a claimed item answers its first outcome.
 */
export async function claimChallenge(
  tx: Tx,
  userId: string,
  kind: ChallengeKind,
  id: string,
  now: Date,
): Promise<ClaimOutcome | null> {
  const def = findChallenge(kind, id);
  if (!def) return null;
  return payRewardOnce(tx, {
    userId,
    rewardKey: challengeRewardKey(kind, id),
    now,
    async decide(user) {
      // Re-evaluated here rather than trusted from the stored items, so the payout follows the rule.
      const evaluated = evaluateChallenges(
        user.challengesProgress,
        await loadChallengeStats(tx, userId),
      );
      const item = evaluated[kind].find((c) => c.id === id);
      if (item?.status !== 'unclaimed') return null;
      return {
        gems: def.points,
        set: { challengesProgress: markClaimed(toChallengesState(evaluated), kind, id) },
      };
    },
  });
}

/**
 * Claims every unclaimed drill point as gems (DESIGN.md "Progress"). `claimId` is the client's
 * idempotency id; a second claim while nothing is left (another device got there first) answers a
 * zero payout rather than an error.
 */
export async function claimDrillPoints(
  tx: Tx,
  userId: string,
  claimId: string,
  now: Date,
): Promise<ClaimOutcome> {
  const outcome = await payRewardOnce(tx, {
    userId,
    rewardKey: drillRewardKey(claimId),
    now,
    async decide(user) {
      if (user.unclaimedDrillPoints <= 0) return null;
      return { gems: user.unclaimedDrillPoints, set: { unclaimedDrillPoints: 0 } };
    },
  });
  if (outcome) return outcome;
  const [user] = await tx
    .select({ currentLevel: users.currentLevel })
    .from(users)
    .where(eq(users.id, userId));
  return {
    rewardKey: drillRewardKey(claimId),
    gems: 0,
    alreadyClaimed: true,
    level: levelOrDefault(user?.currentLevel),
    leveledUp: false,
  };
}
