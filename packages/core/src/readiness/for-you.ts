import { seededRandom } from '../blueprint.ts';
import {
  type PartPrediction,
  partPassGains,
  predictPart,
  type TrackProfile,
  topicExpectation,
} from './forecast.ts';
import { guessFloor, type StudentModel, successChance, topicBelief } from './model.ts';

/**
 * "For you" (issue 23 item 4; ADR 028): the lite set that moves the student's pass chance most.
 * Each candidate's worth is the expected gain in the exam-day pass chance from practising it — the
 * part's gain per rating point (its weight and its distance from the floor and the pass line, all
 * inside `partPassGains`), times the topic's share of the part and how fast the rating moves with
 * the topic's ability, times the topic's learnability and the room left to learn — taken at
 * 70–85 % expected success, with items missed before coming back on a spaced schedule. It works
 * from any pool: the server's bank, or the phone's kept offline pool.
 */

export type PoolItem = {
  id: string;
  partId: string;
  topicId: string;
  /** Current difficulty mean (logits). */
  difficulty: number;
  /** Guessing floor (1 / options). */
  guess: number;
};

/**
 * What the student did with one item before (kept per item answered, O(1) per answer):
 * `reviewStep` counts correct answers since the last miss; null when the item was never missed.
 */
export type ItemHistory = { lastAt: number; lastCorrect: boolean; reviewStep: number | null };

/** Expected success the set aims for (issue 23: 70–85 %). */
export const FOR_YOU_SUCCESS_LOW = 0.7;
export const FOR_YOU_SUCCESS_HIGH = 0.85;
/** Days after a miss, then after each correct review, before a missed item comes back. */
export const REVIEW_INTERVAL_DAYS = [1, 3, 7, 16, 35] as const;
/** At most this share of a set is review of missed items; the rest is new practice. */
export const REVIEW_SHARE = 0.3;
/** Each item taken from a topic lowers the worth of its next item by this factor (spread). */
const TOPIC_DIMINISHING = 0.85;
/** An item already answered (and not due for review) is worth this share of a fresh one. */
const SEEN_PENALTY = 0.25;

const DAY_MS = 86_400_000;

/** The item's history after one more answer (the caller stores it; O(1)). */
export function nextItemHistory(
  previous: ItemHistory | undefined,
  correct: boolean,
  at: number,
): ItemHistory {
  if (!correct) return { lastAt: at, lastCorrect: false, reviewStep: 0 };
  const step = previous?.reviewStep ?? null;
  return { lastAt: at, lastCorrect: true, reviewStep: step === null ? null : step + 1 };
}

/**
 * Whether a missed item is due for review at `now`: after a miss, once `REVIEW_INTERVAL_DAYS[s]`
 * days have passed since the last answer, s the correct reviews since; retired once it has been
 * answered correctly at every interval. Never-missed items are not reviews.
 */
export function reviewDue(history: ItemHistory | undefined, now: number): boolean {
  if (!history || history.reviewStep === null) return false;
  const interval = REVIEW_INTERVAL_DAYS[history.reviewStep];
  if (interval === undefined) return false;
  return now - history.lastAt >= interval * DAY_MS;
}

/** How well an expected success fits the 70–85 % window: 1 inside, falling off outside. */
export function windowFit(p: number): number {
  if (p >= FOR_YOU_SUCCESS_LOW && p <= FOR_YOU_SUCCESS_HIGH) return 1;
  const distance = p < FOR_YOU_SUCCESS_LOW ? FOR_YOU_SUCCESS_LOW - p : p - FOR_YOU_SUCCESS_HIGH;
  return Math.exp(-distance / 0.04);
}

export type ForYouInput = {
  model: StudentModel;
  profile: TrackProfile;
  pool: readonly PoolItem[];
  history: ReadonlyMap<string, ItemHistory>;
  now: Date;
  examDate: Date | null;
  count: number;
  seed: string;
  /** Topic learnability (1 = typical), e.g. from everyone's pace; missing topics count as 1. */
  learnability?: Readonly<Record<string, number>>;
  /**
   * Each part's pass-chance gain per rating point (`forYouPartGains`); computed when absent. A
   * caller picking many sets in a row (the simulator) may compute it once a day.
   */
  partGains?: readonly number[];
};

/** The parts' gains in pass chance per rating point, on exam day when there is one. */
export function forYouPartGains(
  model: StudentModel,
  profile: TrackProfile,
  now: Date,
  examDate: Date | null,
): number[] {
  const t = now.getTime();
  const days = examDate ? Math.max(0, (examDate.getTime() - t) / DAY_MS) : 0;
  const predictions: PartPrediction[] = profile.parts.map((part) =>
    predictPart(model, part, t, days),
  );
  return partPassGains(profile, predictions);
}

/** A bank item as For-you needs it: its topic, current difficulty (logits) and number of options. */
export type ForYouCandidate = { id: string; topicId: string; difficulty: number; choices: number };

/**
 * The pool For-you draws from: each candidate placed in its part by the track's profile (a topic
 * belongs to one part; the profile holds the student's major's topics only), with its guessing
 * floor. Candidates outside the exam's parts (practice-only subjects, the other major) are left
 * out: practising them moves no part's rating. The server passes its bank, the phone its kept pool.
 */
export function forYouPool(
  profile: TrackProfile,
  candidates: readonly ForYouCandidate[],
): PoolItem[] {
  const partOf = new Map<string, string>();
  for (const part of profile.parts) {
    for (const topic of part.topics) partOf.set(topic.topicId, part.partId);
  }
  return candidates.flatMap((c) => {
    const partId = partOf.get(c.topicId);
    return partId
      ? [
          {
            id: c.id,
            partId,
            topicId: c.topicId,
            difficulty: c.difficulty,
            guess: guessFloor(c.choices),
          },
        ]
      : [];
  });
}

export type ForYouPick = { itemId: string; reason: 'review' | 'practice' };

/**
 * The For-you set: up to `REVIEW_SHARE` of it due reviews of missed items (most valuable first;
 * more only when the pool has too few other items), the rest the items of highest worth (see the
 * module comment), each pick lowering its topic's next worth so the set spreads over the topics
 * that matter. Deterministic for a seed (ties are
 * broken by a seeded jitter).
 */
export function selectForYou(input: ForYouInput): ForYouPick[] {
  const { model, profile, pool, history, now, count } = input;
  const t = now.getTime();
  const gains = input.partGains ?? forYouPartGains(model, profile, now, input.examDate);
  const partIndex = new Map(profile.parts.map((p, i) => [p.partId, i]));
  const partById = new Map(profile.parts.map((p) => [p.partId, p]));
  // The worth of practising each topic: part gain × share × rating slope × learnability × room.
  const topicWorth = new Map<string, number>();
  const topicMean = new Map<string, number>();
  profile.parts.forEach((part, k) => {
    for (const topic of part.topics) {
      const belief = topicBelief(model, part, topic.topicId, t);
      const e = topicExpectation(topic, belief.mean, belief.variance);
      const learn = input.learnability?.[topic.topicId] ?? 1;
      // A topic belongs to one part of a track (`partPools`), so its id is the key.
      topicWorth.set(topic.topicId, (gains[k] ?? 0) * topic.share * e.slope * learn * (1 - e.p));
      topicMean.set(topic.topicId, belief.mean);
    }
  });
  const random = seededRandom(input.seed);
  // Candidates grouped by topic, best first. An item's worth is its topic's worth (lowered by
  // each pick from the topic) times its own fit, so the best item of a topic stays its best, and
  // each pick only compares the topics' next items: O(pool log pool) for a whole set.
  type Candidate = { id: string; base: number };
  const reviews = new Map<string, Candidate[]>();
  const fresh = new Map<string, Candidate[]>();
  for (const item of pool) {
    if (!partIndex.has(item.partId)) continue;
    const key = item.topicId;
    let mean = topicMean.get(key);
    if (mean === undefined) {
      mean = topicBelief(model, partById.get(item.partId) ?? item, item.topicId, t).mean;
      topicMean.set(key, mean);
    }
    const p = successChance(mean, item.difficulty, item.guess);
    const seen = history.get(item.id);
    const review = reviewDue(seen, t);
    const fit = review ? 1 : windowFit(p) * (seen ? SEEN_PENALTY : 1);
    // Within a topic, harder items teach more (1 − p); the jitter only breaks ties.
    const groups = review ? reviews : fresh;
    const list = groups.get(key);
    const candidate = { id: item.id, base: fit * (1 - p) * (1 + 1e-6 * random()) };
    if (list) list.push(candidate);
    else groups.set(key, [candidate]);
  }
  for (const groups of [reviews, fresh]) {
    for (const list of groups.values()) list.sort((x, y) => y.base - x.base);
  }
  const picks: ForYouPick[] = [];
  const used = new Map<string, number>();
  // Each group's next candidate per topic, kept across calls: reviews are picked twice.
  const cursors = new Map<Map<string, Candidate[]>, Map<string, number>>();
  const pick = (groups: Map<string, Candidate[]>, limit: number, reason: ForYouPick['reason']) => {
    const next = cursors.get(groups) ?? new Map<string, number>();
    cursors.set(groups, next);
    for (let n = 0; n < limit && picks.length < count; n += 1) {
      let bestKey: string | null = null;
      let bestWorth = -1;
      for (const [key, list] of groups) {
        const candidate = list[next.get(key) ?? 0];
        if (!candidate) continue;
        const worth =
          (topicWorth.get(key) ?? 0) * candidate.base * TOPIC_DIMINISHING ** (used.get(key) ?? 0);
        if (worth > bestWorth) {
          bestKey = key;
          bestWorth = worth;
        }
      }
      if (bestKey === null) return;
      const index = next.get(bestKey) ?? 0;
      picks.push({ itemId: (groups.get(bestKey) as Candidate[])[index]?.id as string, reason });
      next.set(bestKey, index + 1);
      used.set(bestKey, (used.get(bestKey) ?? 0) + 1);
    }
  };
  pick(reviews, Math.floor(count * REVIEW_SHARE), 'review');
  pick(fresh, count, 'practice');
  // A pool with too few fresh items (a small kept pool, much of it missed) fills the set with
  // the due reviews left: a full set is better than a short one.
  pick(reviews, count, 'review');
  return picks;
}

/**
 * The For-you set for an exam day given as a Manila date (the student's sitting, or none): what
 * the server's lite start and the phone's offline start both call, so both choose alike.
 */
export function forYouSet(
  input: Omit<ForYouInput, 'examDate'> & { examDay: string | null },
): ForYouPick[] {
  const { examDay, ...rest } = input;
  return selectForYou({
    ...rest,
    examDate: examDay ? new Date(`${examDay}T00:00:00+08:00`) : null,
  });
}
