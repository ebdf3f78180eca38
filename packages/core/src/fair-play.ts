import { groupThousands } from './number-format.ts';

/**
 * A leaderboard earned by studying (issue 21 finding 3; docs/decisions/027): the offline pool
 * carries every key, so a script could send any number of perfect "offline" quizzes. The server
 * holds offline quizzes to the time a person needs, refuses quizzes taken at the same time as
 * another, and caps what one Manila day can award to what a person can do; accounts whose pace or
 * accuracy is implausible are flagged to staff with the evidence, never punished automatically.
 */

export const FAIR_PLAY = {
  /**
   * An offline quiz takes at least this long per answered item, start to finish less the time its
   * student's other quizzes took.
   */
  minSecondsPerOfflineItem: 4,
  /**
   * What one Manila day can award. A diligent student's heavy day: two full LET mocks (450 items,
   * 900 gems at most) and a dozen lite sets (120 gems): about 1,000. Beyond it nothing counts.
   */
  dailyGems: 1_000,
  dailyDrillPoints: 500,
  /** Answers a day that feed topic mastery and challenges (10 hours at one a minute: 600). */
  dailyCountedAnswers: 800,
  /** A day is flagged when, over at least `minItems`, the pace is under `fastSecondsPerItem`. */
  minItemsToJudge: 50,
  fastSecondsPerItem: 6,
  /** …or the accuracy is at least `nearPerfect` over at least `minItemsForAccuracy`. */
  nearPerfect: 0.98,
  minItemsForAccuracy: 150,
} as const;

export const FAIR_PLAY_MESSAGES = {
  tooFast: 'This quiz was answered too fast to count.',
  overlaps: 'This quiz was taken at the same time as another quiz, so it cannot count.',
  drillClaimTomorrow: `You have earned today's ${groupThousands(FAIR_PLAY.dailyGems)} gems. Claim your drill points tomorrow.`,
} as const;

export type Interval = { start: Date; end: Date };

/**
 * Why an offline quiz cannot count, or null (`others`: the spans of the student's finished
 * quizzes, online and offline, start to finish):
 * - `overlaps`: an answer was given while another quiz was under way. A person answers one quiz
 *   at a time; the moments they answered are what say so, not the quiz's span. A lite quiz left
 *   open at 07:30 and finished at 17:00 around a mock from 08:00 to 11:00 counts when none of its
 *   answers falls in the mock (docs/offline.md).
 * - `tooFast`: fewer than `minSecondsPerOfflineItem` an answered item, counting only the part of its
 *   span no other quiz took. Were the whole span counted, a quiz "begun" during another could
 *   claim that quiz's time and be answered in a second once it ended, again and again.
 * Together they hold what the span rule held (issue 21 finding 3): every accepted quiz adds at
 * least its answers' share of a person's time to the time the student's quizzes cover, and no
 * answer falls inside time already taken.
 */
export function offlineAttemptProblem(
  attempt: { startedAt: Date; finishedAt: Date; answeredAt: readonly Date[] },
  others: readonly Interval[],
): keyof typeof FAIR_PLAY_MESSAGES | null {
  if (attempt.answeredAt.some((at) => others.some((other) => isDuring(at, other)))) {
    return 'overlaps';
  }
  const own = { start: attempt.startedAt, end: attempt.finishedAt };
  const freeMs = lengthMs(own) - coveredMs(own, others);
  const neededMs = attempt.answeredAt.length * FAIR_PLAY.minSecondsPerOfflineItem * 1000;
  return freeMs < neededMs ? 'tooFast' : null;
}

/** Whether a moment falls inside a span (at its start or end it does not). */
const isDuring = (at: Date, span: Interval) =>
  span.start.getTime() < at.getTime() && at.getTime() < span.end.getTime();

const lengthMs = (span: Interval) => Math.max(0, span.end.getTime() - span.start.getTime());

/** How much of `span` the `others` cover, each moment counted once. */
function coveredMs(span: Interval, others: readonly Interval[]): number {
  const from = span.start.getTime();
  const to = span.end.getTime();
  const clipped = others
    .map((o) => [Math.max(from, o.start.getTime()), Math.min(to, o.end.getTime())] as const)
    .filter(([start, end]) => start < end)
    .sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reached = from;
  for (const [start, end] of clipped) {
    if (end <= reached) continue;
    covered += end - Math.max(start, reached);
    reached = end;
  }
  return covered;
}

/** What one Manila day has awarded a student so far, or what an activity asks to award. */
export type DailyAward = {
  gems: number;
  drillPoints: number;
  /** Answers counted toward topic mastery and challenges. */
  answers: number;
};

/** The part of `requested` the day's caps still allow, given what the day has awarded (`used`). */
export function capDailyAward(used: DailyAward, requested: DailyAward): DailyAward {
  const room = (cap: number, spent: number, asked: number) =>
    Math.max(0, Math.min(asked, cap - spent));
  return {
    gems: room(FAIR_PLAY.dailyGems, used.gems, requested.gems),
    drillPoints: room(FAIR_PLAY.dailyDrillPoints, used.drillPoints, requested.drillPoints),
    answers: room(FAIR_PLAY.dailyCountedAnswers, used.answers, requested.answers),
  };
}

/**
 * What a claim on Tasks pays under the day's gem cap, given the gems (and leaderboard points) the
 * Manila day has awarded so far (docs/product.md#fair-play). Drill points are a balance banked
 * over many days: they turn into gems and points only up to what the day has left, the rest
 * waiting for a later day, so a month of banked drill points cannot land on one week's board. A
 * challenge reward is a one-off of a fixed catalogue (890 gems in all): it pays the gems Tasks
 * shows in full, and its leaderboard points stop at what the day has left.
 */
export function capClaim(
  usedGems: number,
  claim: { source: 'drill' | 'challenge'; gems: number },
): { gems: number; points: number } {
  const asked = Math.max(0, Math.floor(claim.gems));
  const room = Math.max(0, Math.min(asked, FAIR_PLAY.dailyGems - usedGems));
  return claim.source === 'drill' ? { gems: room, points: room } : { gems: asked, points: room };
}

/**
 * Per-topic tallies trimmed to `allowed` answers: topics in the order given keep their answers
 * until the allowance runs out; a topic cut part way keeps its share of correct answers and time.
 */
export function capTopicTallies<T extends { answered: number; correct: number; seconds: number }>(
  topics: readonly T[],
  allowed: number,
): T[] {
  let left = Math.max(0, allowed);
  return topics.map((t) => {
    const answered = Math.min(t.answered, left);
    left -= answered;
    if (answered === t.answered) return t;
    const share = t.answered === 0 ? 0 : answered / t.answered;
    return {
      ...t,
      answered,
      correct: Math.min(answered, Math.floor(t.correct * share)),
      seconds: Math.floor(t.seconds * share),
    };
  });
}

export type FairPlayReason = 'fastPace' | 'nearPerfect' | 'dailyCap';

/** One Manila day of a student's answers, as the flag reads it. */
export type FairPlayDay = {
  answers: number;
  correct: number;
  /** Time spent answering, in seconds. */
  seconds: number;
  /** Something the day asked to award was cut by a cap. */
  capped: boolean;
};

/**
 * Why a student's day looks implausible for a person, for staff to look at (never acted on
 * automatically): answers faster than a person reads, near-perfect accuracy over a long day, or a
 * daily cap reached.
 */
export function fairPlayFlags(day: FairPlayDay): FairPlayReason[] {
  const reasons: FairPlayReason[] = [];
  if (
    day.answers >= FAIR_PLAY.minItemsToJudge &&
    day.seconds < day.answers * FAIR_PLAY.fastSecondsPerItem
  ) {
    reasons.push('fastPace');
  }
  if (
    day.answers >= FAIR_PLAY.minItemsForAccuracy &&
    day.correct >= day.answers * FAIR_PLAY.nearPerfect
  ) {
    reasons.push('nearPerfect');
  }
  if (day.capped) reasons.push('dailyCap');
  return reasons;
}

export const FAIR_PLAY_REASON_LABELS: Readonly<Record<FairPlayReason, string>> = {
  fastPace: `Answers faster than ${FAIR_PLAY.fastSecondsPerItem} s an item`,
  nearPerfect: `${Math.round(FAIR_PLAY.nearPerfect * 100)} % or more right over ${FAIR_PLAY.minItemsForAccuracy}+ items`,
  dailyCap: 'Reached a daily cap',
};
