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
import type { Db, Executor, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { announce, topics } from '../../platform/live/topics.ts';
import { addLeaderboardPoints } from '../leaderboard/scores.ts';
import {
  findProgress,
  findRewardClaim,
  findStreak,
  insertRewardClaim,
  listTopicTallies,
  type Progress,
  type Streak,
  updateProgress,
} from './repository.ts';

const NOT_CLAIMABLE = 'This reward is not ready to claim yet.';

/**
 * The numbers challenges are measured on (core `ChallengeStats`), read in the caller's
 * transaction; pass the streak when the caller has already read it.
 */
export async function loadChallengeStats(
  ex: Executor,
  userId: string,
  streak?: Streak | null,
): Promise<ChallengeStats> {
  const longest = streak === undefined ? (await findStreak(ex, userId))?.longest : streak?.longest;
  return { longestStreak: longest ?? 0, topics: await listTopicTallies(ex, userId) };
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
  const user = await findProgress(tx, userId, { lock: true });
  if (!user) throw new Error(`refreshChallenges: no user ${userId}`);
  const stats = await loadChallengeStats(tx, userId);
  const next = toChallengesState(evaluateChallenges(user.challengesProgress, stats));
  if (!sameChallengesState(user.challengesProgress, next)) {
    await updateProgress(tx, userId, { challengesProgress: next });
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
async function payRewardOnce(
  tx: Tx,
  input: {
    userId: string;
    rewardKey: string;
    now: Date;
    decide: (user: Progress) => Promise<{ gems: number; set: Partial<Progress> } | null>;
  },
): Promise<ClaimOutcome | null> {
  const { userId, rewardKey, now } = input;
  const user = await findProgress(tx, userId, { lock: true });
  if (!user) throw new Error(`payRewardOnce: no user ${userId}`);
  const level = levelOrDefault(user.currentLevel);

  const previous = await findRewardClaim(tx, userId, rewardKey);
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
  await insertRewardClaim(tx, { userId, rewardKey, gems, points: gems, claimedAt: now });
  await updateProgress(tx, userId, {
    ...decision.set,
    gemsCollection,
    currentLevel: nextLevel,
    updatedAt: now,
  });
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

/**
 * Claims one earned streak or mastery challenge. FAILED_PRECONDITION when the id is unknown or the
 * item is not earned yet (locked); a claimed item answers its first outcome.
 */
export async function claimChallenge(
  db: Db,
  userId: string,
  kind: ChallengeKind,
  id: string,
  now: Date,
): Promise<ClaimOutcome> {
  const def = findChallenge(kind, id);
  const outcome = !def
    ? null
    : await db.transaction((tx) =>
        payRewardOnce(tx, {
          userId,
          rewardKey: challengeRewardKey(kind, id),
          now,
          async decide(user) {
            // Re-evaluated here rather than trusted from the stored items, so the payout follows
            // the rule.
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
        }),
      );
  if (!outcome) throw new AppError('FAILED_PRECONDITION', NOT_CLAIMABLE);
  return outcome;
}

/**
 * Claims every unclaimed drill point as gems (docs/product.md#progress). `claimId` is the client's
 * idempotency id; a second claim while nothing is left (another device got there first) answers a
 * zero payout rather than an error.
 */
export async function claimDrillPoints(
  db: Db,
  userId: string,
  claimId: string,
  now: Date,
): Promise<ClaimOutcome> {
  return db.transaction(async (tx) => {
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
    const user = await findProgress(tx, userId);
    return {
      rewardKey: drillRewardKey(claimId),
      gems: 0,
      alreadyClaimed: true,
      level: levelOrDefault(user?.currentLevel),
      leveledUp: false,
    };
  });
}
