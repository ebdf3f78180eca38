/**
 * Streak and mastery challenges (docs/product.md#challenges "Challenge rewards exist for streak and mastery, and each
 * reward item has a status"; issue 5 Tasks). The catalogue, titles and points are our decision
 * (docs: Tasks). An item is 'locked' until its goal is reached, then 'unclaimed' until the student
 * claims it on Tasks, then 'claimed' for good. The reward is paid as gems (under the current level)
 * and the same number of leaderboard points.
 */

export type ChallengeKind = 'streak' | 'mastery';

/** An item's status (docs/product.md#overview); the contract's `challengeItemSchema` is built from it. */
export const CHALLENGE_STATUSES = ['locked', 'unclaimed', 'claimed'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

/** A challenge as users/{uid}.challengesProgress stores it (docs/product.md#entities). */
export type ChallengeItem = {
  id: string;
  title: string;
  points: number;
  status: ChallengeStatus;
};

/** What a goal is measured on: the student's numbers, all monotonic (they never go down). */
export type ChallengeStats = {
  /** The longest Manila-day streak ever reached (user_streaks.longest). */
  longestStreak: number;
  /** Per-topic tallies (user_topic_stats). */
  topics: readonly { answered: number; correct: number }[];
};

export type ChallengeDefinition = {
  readonly id: string;
  readonly kind: ChallengeKind;
  readonly title: string;
  readonly description: string;
  readonly points: number;
  /** Progress toward the goal: `current` of `target`; reached when current ≥ target. */
  readonly measure: (stats: ChallengeStats) => number;
  readonly target: number;
};

/** A topic counts as mastered at ≥ 80% correct over ≥ 20 answered items. */
export const MASTERY_MIN_ANSWERED = 20;
export const MASTERY_MIN_RATIO = 0.8;

export function isTopicMastered(topic: { answered: number; correct: number }): boolean {
  return (
    topic.answered >= MASTERY_MIN_ANSWERED && topic.correct >= MASTERY_MIN_RATIO * topic.answered
  );
}

const longestStreak = (stats: ChallengeStats) => Math.max(0, Math.floor(stats.longestStreak));
const totalCorrect = (stats: ChallengeStats) =>
  stats.topics.reduce((sum, topic) => sum + Math.max(0, topic.correct), 0);
const masteredTopics = (stats: ChallengeStats) => stats.topics.filter(isTopicMastered).length;

const streak = (days: number, points: number): ChallengeDefinition => ({
  id: `streak-${days}`,
  kind: 'streak',
  title: `${days}-day streak`,
  description: `Finish a quiz or study session ${days} days in a row.`,
  points,
  measure: longestStreak,
  target: days,
});

const correct = (items: number, points: number): ChallengeDefinition => ({
  id: `correct-${items}`,
  kind: 'mastery',
  title: `${items} correct answers`,
  description: `Answer ${items} items correctly in any subject.`,
  points,
  measure: totalCorrect,
  target: items,
});

const mastered = (count: number, points: number): ChallengeDefinition => ({
  id: `topics-${count}`,
  kind: 'mastery',
  title: count === 1 ? 'Master a topic' : `Master ${count} topics`,
  description:
    count === 1
      ? `Score at least 80% over ${MASTERY_MIN_ANSWERED} or more items in one topic.`
      : `Score at least 80% over ${MASTERY_MIN_ANSWERED} or more items in ${count} topics.`,
  points,
  measure: masteredTopics,
  target: count,
});

/** Every challenge, in the order Tasks shows them. Ids are stable: claims are keyed by them. */
export const CHALLENGES: readonly ChallengeDefinition[] = [
  streak(3, 20),
  streak(7, 50),
  streak(14, 100),
  streak(30, 250),
  correct(50, 30),
  correct(200, 80),
  correct(500, 150),
  mastered(1, 60),
  mastered(3, 150),
];

export function findChallenge(kind: ChallengeKind, id: string): ChallengeDefinition | undefined {
  return CHALLENGES.find((c) => c.kind === kind && c.id === id);
}

/** The reward_claims key of a challenge: one payout per student per challenge. */
export function challengeRewardKey(kind: ChallengeKind, id: string): string {
  return `${kind}:${id}`;
}

/** The reward_claims key of one drill-points claim, from the client's idempotency id. */
export function drillRewardKey(claimId: string): string {
  return `drill:${claimId}`;
}

export type ChallengeProgress = ChallengeItem & {
  kind: ChallengeKind;
  description: string;
  current: number;
  target: number;
};

export type ChallengesState = { streak: ChallengeItem[]; mastery: ChallengeItem[] };

/**
 * The next status of one item: claimed stays claimed; an earned item (reached now, or already
 * unclaimed before) is unclaimed; otherwise locked. An earned reward is never taken back.
 */
export function nextChallengeStatus(
  previous: ChallengeItem['status'] | undefined,
  reached: boolean,
): ChallengeItem['status'] {
  if (previous === 'claimed') return 'claimed';
  if (previous === 'unclaimed' || reached) return 'unclaimed';
  return 'locked';
}

/**
 * Every challenge with its progress and status, from the stored items (users.challengesProgress)
 * and the student's numbers. Stored items whose id is no longer in the catalogue are dropped.
 */
export function evaluateChallenges(
  stored: ChallengesState,
  stats: ChallengeStats,
): { streak: ChallengeProgress[]; mastery: ChallengeProgress[] } {
  const result: { streak: ChallengeProgress[]; mastery: ChallengeProgress[] } = {
    streak: [],
    mastery: [],
  };
  for (const def of CHALLENGES) {
    const previous = stored[def.kind].find((item) => item.id === def.id)?.status;
    const current = Math.max(0, def.measure(stats));
    result[def.kind].push({
      id: def.id,
      kind: def.kind,
      title: def.title,
      description: def.description,
      points: def.points,
      current: Math.min(current, def.target),
      target: def.target,
      status: nextChallengeStatus(previous, current >= def.target),
    });
  }
  return result;
}

/** The stored form (docs/product.md#entities challengesProgress) of evaluated challenges. */
export function toChallengesState(evaluated: {
  streak: readonly ChallengeProgress[];
  mastery: readonly ChallengeProgress[];
}): ChallengesState {
  const strip = ({ id, title, points, status }: ChallengeProgress): ChallengeItem => ({
    id,
    title,
    points,
    status,
  });
  return { streak: evaluated.streak.map(strip), mastery: evaluated.mastery.map(strip) };
}

/** The state after claiming one item: that item becomes claimed, the rest are unchanged. */
export function markClaimed(
  state: ChallengesState,
  kind: ChallengeKind,
  id: string,
): ChallengesState {
  return {
    ...state,
    [kind]: state[kind].map((item) =>
      item.id === id ? { ...item, status: 'claimed' as const } : item,
    ),
  };
}

/** Whether two stored states are the same (so an unchanged refresh writes nothing). */
export function sameChallengesState(a: ChallengesState, b: ChallengesState): boolean {
  const key = (s: ChallengesState) =>
    [...s.streak, ...s.mastery].map((i) => `${i.id}:${i.status}:${i.points}:${i.title}`).join('|');
  return key(a) === key(b);
}

/**
 * The streak to show today (docs/product.md#progress: consecutive Manila days): the stored run while
 * its last day is today or yesterday, else 0 — a missed day has broken it. Days are manilaDayKey values.
 */
export function standingStreak(input: {
  current: number;
  lastDay: string | null;
  today: string;
}): number {
  if (input.lastDay === null) return 0;
  const day = (key: string) => Date.parse(`${key}T00:00:00Z`) / 86_400_000;
  const gap = day(input.today) - day(input.lastDay);
  return Number.isFinite(gap) && gap <= 1 ? Math.max(0, input.current) : 0;
}
