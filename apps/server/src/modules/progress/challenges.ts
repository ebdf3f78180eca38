import {
  type ChallengeKind,
  type ChallengeStats,
  type ChallengesState,
  capClaim,
  challengeRewardKey,
  drillRewardKey,
  evaluateChallenges,
  FAIR_PLAY_MESSAGES,
  findChallenge,
  levelOrDefault,
  manilaDayKey,
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
  findDailyAwards,
  findProgress,
  findRewardClaim,
  findStreak,
  insertRewardClaim,
  listTopicTallies,
  type Progress,
  type Streak,
  saveDailyAwards,
  updateProgress,
} from './repository.ts';
import { requireTasksAccess } from './tasks-access.ts';

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

/** What a claim asks to pay, before the day's cap: `set` gets the gems actually paid. */
type ClaimDecision = {
  source: 'drill' | 'challenge';
  gems: number;
  set: (paidGems: number) => Partial<Progress>;
};

/**
 * Pays a reward once (issue 5 Tasks): locks the user row, refuses a student the guard keeps from
 * Tasks (403, `requireTasksAccess`), and when reward_claims already holds the key (a double tap,
 * another device, a retried request) answers that first outcome again and pays nothing. Otherwise
 * `decide` says how many gems the claim asks for (null: nothing to claim) and what else changes on
 * the user row. The day's gem cap applies as to any award (core `capClaim`,
 * docs/product.md#fair-play): the gems paid go to the current level's count, the level may go up,
 * the points allowed are added to the leaderboard and to the day's awards, and users/{uid} is
 * announced, all in this transaction. The user lock is what every writer of the day's awards holds.
 */
async function payRewardOnce(
  tx: Tx,
  input: {
    userId: string;
    rewardKey: string;
    now: Date;
    decide: (user: Progress) => Promise<ClaimDecision | null>;
  },
): Promise<ClaimOutcome | null> {
  const { userId, rewardKey, now } = input;
  const user = await findProgress(tx, userId, { lock: true });
  if (!user) throw new Error(`payRewardOnce: no user ${userId}`);
  // Before a claim made earlier is answered again: a locked student is told why, not shown gems.
  await requireTasksAccess(tx, userId, now);
  const level = levelOrDefault(user.currentLevel);

  const previous = await findRewardClaim(tx, userId, rewardKey);
  if (previous) {
    return { rewardKey, gems: previous.gems, alreadyClaimed: true, level, leveledUp: false };
  }

  const decision = await input.decide(user);
  if (decision === null) return null;
  const day = manilaDayKey(now);
  const daily = await findDailyAwards(tx, userId, day);
  const { gems, points } = capClaim(daily.gems, decision);
  // A drill claim paying nothing would answer "0 gems" as if done; the drill points wait instead.
  // (A challenge reward always pays its gems.)
  if (gems === 0) throw new AppError('FAILED_PRECONDITION', FAIR_PLAY_MESSAGES.drillClaimTomorrow);
  const gemsCollection = {
    ...user.gemsCollection,
    [level]: (user.gemsCollection[level] ?? 0) + gems,
  };
  const nextLevel = promoteLevel(level, totalGems(gemsCollection));
  await insertRewardClaim(tx, { userId, rewardKey, gems, points, claimedAt: now });
  await updateProgress(tx, userId, {
    ...decision.set(gems),
    gemsCollection,
    currentLevel: nextLevel,
    updatedAt: now,
  });
  if (points > 0)
    await saveDailyAwards(tx, userId, day, { ...daily, gems: daily.gems + points }, now);
  await addLeaderboardPoints(tx, userId, points, now);
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
            const challengesProgress = markClaimed(toChallengesState(evaluated), kind, id);
            return { source: 'challenge', gems: def.points, set: () => ({ challengesProgress }) };
          },
        }),
      );
  if (!outcome) throw new AppError('FAILED_PRECONDITION', NOT_CLAIMABLE);
  return outcome;
}

/**
 * Claims the unclaimed drill points as gems (docs/product.md#challenges), as many as the day's gem
 * cap has left; the rest stay unclaimed for a later day, and a day with nothing left refuses (409).
 * `claimId` is the client's idempotency id; a second claim while nothing is left (another device
 * got there first) answers a zero payout rather than an error.
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
        return {
          source: 'drill',
          gems: user.unclaimedDrillPoints,
          set: (paid) => ({ unclaimedDrillPoints: user.unclaimedDrillPoints - paid }),
        };
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
