import { type BankItem, type BlueprintSpec, partPools } from '../blueprint.ts';
import { manilaDaysBetween } from '../time.ts';
import {
  agedTopic,
  answersPerDayAt,
  DAILY_DRIFT_VARIANCE,
  logistic,
  PRIOR_PART_VARIANCE,
  PRIOR_TOPIC_VARIANCE,
  partAbility,
  partModelFor,
  type StudentModel,
  surpriseShift,
} from './model.ts';
import { countDistribution, passProbability } from './pass-probability.ts';

/**
 * Readiness (issue 23 item 3; ADR 028): from the student model, the predicted rating of each part
 * and of the whole with an 80 % interval, the chance of passing under the official rule today
 * and on exam day, the part holding the student back most, how sure the estimate is, and — when a
 * part has too little data — what to do instead of a number. Pure: the server computes it from
 * stored state, the phone from its copy.
 */

/** A topic as the forecast sees it: its share of its part on a mock, and its items' difficulties. */
export type TopicProfile = {
  topicId: string;
  /** Share of the part's items a mock draws from this topic, 0–1 (a part's add up to 1). */
  share: number;
  /** Current difficulty means (logits) of the topic's items in the mock pool. */
  difficulties: number[];
  /** The guessing floor of its items (1 / options). */
  guess: number;
};

export type PartProfile = {
  partId: string;
  name: string;
  items: number;
  weight: number;
  floor: number;
  topics: TopicProfile[];
  /** A major part's only: the student's major, its one subject (the model keeps it per major). */
  major?: string;
};

/** A track as the forecast sees it: its parts and pass line, its items' difficulties. */
export type TrackProfile = { passingAverage: number; parts: PartProfile[] };

/** A bank item with what the forecast needs: its current difficulty and number of options. */
export type ProfiledItem = BankItem & { difficulty: number; choices: number };

/**
 * The track's profile from its blueprint and the bank (the same pools as the mock draw): each
 * topic's share of its part is what the draw gives it — its strand's share split by the strand's
 * topics' pool sizes, or its share of the part's pool when the part has no strands. A part with
 * no items (a major part with no major picked, every item held) is left out and the others'
 * weights rebalanced, as the mock does (docs/product.md#blueprints): nothing could be predicted
 * for it, and a rating of 0 would fail every sitting.
 */
export function trackProfile(
  spec: BlueprintSpec,
  bank: readonly ProfiledItem[],
  major: string | null = null,
): TrackProfile {
  const byId = new Map(bank.map((q) => [q.id, q]));
  const pools = partPools(spec, bank, major);
  const parts = spec.parts.map((part, i): PartProfile => {
    const pool = (pools[i] ?? []).map((q) => byId.get(q.id) as ProfiledItem);
    const byTopic = new Map<string, ProfiledItem[]>();
    for (const q of pool) {
      const key = q.topicId ?? q.subjectId;
      byTopic.set(key, [...(byTopic.get(key) ?? []), q]);
    }
    const strandShare = (topicId: string): number => {
      if (!part.strands) return (byTopic.get(topicId)?.length ?? 0) / Math.max(1, pool.length);
      const strand = part.strands.find((s) => s.topicIds.includes(topicId));
      if (!strand) return 0;
      const strandItems = strand.topicIds.reduce((n, t) => n + (byTopic.get(t)?.length ?? 0), 0);
      return (strand.share * (byTopic.get(topicId)?.length ?? 0)) / Math.max(1, strandItems);
    };
    const topics = [...byTopic.keys()].sort().map((topicId): TopicProfile => {
      const items = byTopic.get(topicId) ?? [];
      const choices = items.reduce((n, q) => n + q.choices, 0) / Math.max(1, items.length);
      return {
        topicId,
        share: strandShare(topicId),
        difficulties: items.map((q) => q.difficulty),
        guess: choices > 1 ? 1 / choices : 0,
      };
    });
    const total = topics.reduce((n, t) => n + t.share, 0);
    for (const t of topics) t.share = total > 0 ? t.share / total : 0;
    return {
      partId: part.id,
      name: part.name,
      items: part.items,
      weight: part.weight,
      floor: part.floor,
      topics,
      ...(part.major && major ? { major } : {}),
    };
  });
  const drawn = parts.filter((part) => part.topics.some((t) => t.share > 0));
  const weights = drawn.reduce((n, part) => n + part.weight, 0);
  return {
    passingAverage: spec.passingAverage,
    parts: drawn.map((part) => ({ ...part, weight: part.weight / weights })),
  };
}

/** Answers a part needs before its prediction is shown (ADR 028: about ±6 points by then). */
export const MIN_PART_ANSWERS = 30;
/**
 * What the model cannot know from answers alone — items that discriminate more or less than it
 * assumes, guessing that is better than blind, labels on another scale — as a standard deviation
 * of a part's true share (ADR 028: without it the simulation's top deciles were over-confident).
 */
export const MODEL_MISFIT_SD = 0.02;
/** Two-sided 80 % interval: ±1.2816 standard deviations. */
export const Z80 = 1.2815516;
/**
 * Projection to exam day: the learning at the recent pace is assumed to fade with this time
 * constant (days) — learning slows as ability grows, and a fast week is not kept up for months.
 */
export const PACE_FADE_DAYS = 45;
/** The learning projected is never more than this many logits a day either way. */
export const MAX_GAIN_PER_DAY = 0.05;

/** One part's prediction: share correct on a fresh mock part, and its spread. */
export type PartPrediction = {
  /** Expected share correct, 0–1. */
  mean: number;
  /** Variance of the true share from what the model does not know about the student. */
  modelVariance: number;
  /** Variance of the exam's own draw (binomial noise over the part's items). */
  examVariance: number;
  /** d mean / d ability (per logit), for the gains of practice. */
  slope: number;
};

/**
 * A topic's expected share correct over its items for ability ~ N(mean, variance): the logistic
 * averaged over the belief by the probit approximation σ(x / √(1 + πv/8)); its slope; and the
 * average Bernoulli variance of one item.
 */
export function topicExpectation(
  topic: TopicProfile,
  mean: number,
  variance: number,
): { p: number; slope: number; bernoulli: number } {
  const n = topic.difficulties.length;
  if (n === 0) return { p: 0, slope: 0, bernoulli: 0 };
  const c = topic.guess;
  const scale = 1 / Math.sqrt(1 + (Math.PI * variance) / 8);
  let p = 0;
  let slope = 0;
  let bernoulli = 0;
  for (const b of topic.difficulties) {
    const s = logistic((mean - b) * scale);
    const pi = c + (1 - c) * s;
    p += pi;
    slope += (1 - c) * s * (1 - s) * scale;
    bernoulli += pi * (1 - pi);
  }
  return { p: p / n, slope: slope / n, bernoulli: bernoulli / n };
}

/**
 * A part's prediction at `now`, `daysAhead` days on: the part's ability aged to now, moved by the
 * fading pace over the days ahead, with the uncertainty of that projection and of the days away.
 */
export function predictPart(
  model: StudentModel,
  part: PartProfile,
  now: number,
  daysAhead = 0,
): PartPrediction {
  const stored = partModelFor(model, part);
  const ability = partAbility(stored, now);
  let mean = ability.mean;
  let variance = ability.variance;
  if (daysAhead > 0) {
    // Learning per day at the recent pace: the trend per answer times the answers a day, as of
    // today (a student who has stopped practising is not projected to learn at their old pace).
    const perDay = Math.max(
      -MAX_GAIN_PER_DAY,
      Math.min(MAX_GAIN_PER_DAY, ability.trend * (stored ? answersPerDayAt(stored, now) : 0)),
    );
    const gain = perDay * PACE_FADE_DAYS * (1 - Math.exp(-daysAhead / PACE_FADE_DAYS));
    mean += gain;
    // Half the projected gain is uncertain, and the days ahead add drift as days away do.
    variance = Math.min(
      PRIOR_PART_VARIANCE,
      variance + (gain / 2) ** 2 + DAILY_DRIFT_VARIANCE * daysAhead,
    );
  }
  // Topics answered stand on their own beliefs (independent of each other); the others share
  // the part's, so their uncertainty adds up before it is squared.
  let p = 0;
  let sharedSlope = 0;
  let ownVariance = 0;
  let bernoulli = 0;
  let slope = 0;
  for (const topic of part.topics) {
    const kept = stored?.topics[topic.topicId];
    const own = kept ? agedTopic(kept, ability, now) : null;
    const shift = own && daysAhead > 0 ? mean - ability.mean : 0;
    // What the topic's recent answers say its belief lags by (the model's own check on itself).
    const topicMean = own ? own.mean + shift + surpriseShift(kept) : mean;
    const topicVariance = own
      ? own.variance + (variance - ability.variance)
      : variance + PRIOR_TOPIC_VARIANCE;
    const e = topicExpectation(topic, topicMean, topicVariance);
    p += topic.share * e.p;
    slope += topic.share * e.slope;
    if (own) ownVariance += (topic.share * e.slope) ** 2 * topicVariance;
    else {
      sharedSlope += topic.share * e.slope;
      ownVariance += (topic.share * e.slope) ** 2 * PRIOR_TOPIC_VARIANCE;
    }
    bernoulli += topic.share * e.bernoulli;
  }
  return {
    mean: p,
    modelVariance: sharedSlope ** 2 * variance + ownVariance + MODEL_MISFIT_SD ** 2,
    examVariance: part.items > 0 ? bernoulli / part.items : 0,
    slope,
  };
}

/**
 * The grid of the gains' finite differences (rating points): coarser than the verdict's, as only
 * the parts' order matters there, and the same grid for both sides of each difference.
 */
export const GAIN_GRID_POINTS = 0.1;

/** P(pass) from part predictions (`passProbability` over each part's count distribution). */
export function passChance(
  profile: TrackProfile,
  predictions: readonly PartPrediction[],
  grid?: number,
): number {
  return passProbability(
    profile.parts.map((part, i) => {
      const p = predictions[i] as PartPrediction;
      return {
        items: part.items,
        weight: part.weight,
        floor: part.floor,
        pmf: countDistribution(part.items, p.mean, p.modelVariance + p.examVariance),
      };
    }),
    profile.passingAverage,
    grid,
  );
}

/**
 * How much one more rating point in each part would raise the chance of passing (finite
 * difference of `passChance`), the measure of which part holds the student back. When the chance
 * is flat (about 0 or 1), the parts furthest below their line come first instead, by weight.
 */
export function partPassGains(
  profile: TrackProfile,
  predictions: readonly PartPrediction[],
): number[] {
  const base = passChance(profile, predictions, GAIN_GRID_POINTS);
  const gains = predictions.map((_, k) =>
    Math.max(
      0,
      passChance(
        profile,
        predictions.map((p, i) => (i === k ? { ...p, mean: Math.min(1, p.mean + 0.01) } : p)),
        GAIN_GRID_POINTS,
      ) - base,
    ),
  );
  if (Math.max(...gains) > 1e-6) return gains;
  return profile.parts.map((part, i) => {
    const line = Math.max(part.floor, profile.passingAverage);
    const margin = (predictions[i]?.mean ?? 0) * 100 - line;
    return 1e-6 * part.weight * logistic(-margin / 5);
  });
}

export type ReadinessAction =
  | { kind: 'answer'; partId: string; count: number; text: string }
  | { kind: 'mock'; text: string };

export type PartForecast = {
  partId: string;
  name: string;
  answers: number;
  /** Null when the part has too little data (fewer than `MIN_PART_ANSWERS` answers). */
  predicted: { rating: number; low: number; high: number } | null;
  /** Answers still needed before a prediction is shown (0 when it is). */
  needed: number;
};

export type Sureness = 'low' | 'medium' | 'high';

export type ReadinessForecast = {
  parts: PartForecast[];
  /** Null while any part has too little data. */
  whole: { rating: number; low: number; high: number } | null;
  /** Chance of passing today and, with an exam date, on exam day (0–1); null with too little data. */
  passChance: { today: number; examDay: number | null } | null;
  /** The part whose improvement would raise the pass chance most. */
  holdingBack: { partId: string; name: string } | null;
  /** How sure: from the spread of the whole's true rating the model does not know. */
  sureness: Sureness | null;
  /** What to do when there is too little data to predict. */
  action: ReadinessAction | null;
  daysLeft: number | null;
};

const round1 = (x: number) => Math.round(x * 10) / 10;
const clampPct = (x: number) => Math.max(0, Math.min(100, x));

/**
 * Sureness from the standard deviation (points) of the whole's true rating (the misfit term
 * alone keeps it above about 1.5 points, so "high" starts at 3).
 */
export function surenessOf(sdPoints: number): Sureness {
  if (sdPoints <= 3) return 'high';
  if (sdPoints <= 6) return 'medium';
  return 'low';
}

/**
 * The readiness of a student for a track at `now`, and on `examDate` when one is picked (the
 * sitting's first day) and not yet past. Parts with too little data get no number; when any does, the whole gets
 * none either, and the action says what to do: the part's missing answers when one part lacks
 * data, a full mock when more do (one mock covers every part at once).
 */
export function forecastReadiness(
  model: StudentModel,
  profile: TrackProfile,
  now: Date,
  examDate: Date | null = null,
): ReadinessForecast {
  const t = now.getTime();
  // An exam day already behind (a pick whose sitting has passed) is forecast for nothing: that exam
  // is over (docs/product.md#exam-sittings, a passed pick says so). On the day itself, today's.
  const ahead = examDate ? manilaDaysBetween(now, examDate) : null;
  const daysLeft = ahead !== null && ahead >= 0 ? ahead : null;
  const today = profile.parts.map((part) => predictPart(model, part, t));
  const parts = profile.parts.map((part, i): PartForecast => {
    const answers = partModelFor(model, part)?.ability.answers ?? 0;
    const p = today[i] as PartPrediction;
    const sd = Math.sqrt(p.modelVariance + p.examVariance) * 100;
    const rating = p.mean * 100;
    const enough = answers >= MIN_PART_ANSWERS;
    return {
      partId: part.partId,
      name: part.name,
      answers,
      predicted: enough
        ? {
            rating: round1(rating),
            low: round1(clampPct(rating - Z80 * sd)),
            high: round1(clampPct(rating + Z80 * sd)),
          }
        : null,
      needed: enough ? 0 : MIN_PART_ANSWERS - answers,
    };
  });
  const lacking = parts.filter((p) => p.predicted === null);
  if (lacking.length > 0) {
    const one = lacking[0] as PartForecast;
    const action: ReadinessAction =
      lacking.length === 1
        ? {
            kind: 'answer',
            partId: one.partId,
            count: one.needed,
            text: `Answer ${one.needed} more ${one.name} ${one.needed === 1 ? 'item' : 'items'}`,
          }
        : { kind: 'mock', text: 'Take a full mock' };
    return {
      parts,
      whole: null,
      passChance: null,
      holdingBack: null,
      sureness: null,
      action,
      daysLeft,
    };
  }
  const weightSum = profile.parts.reduce((s, p) => s + p.weight, 0);
  const w = profile.parts.map((p) => p.weight / weightSum);
  const mean = today.reduce((s, p, i) => s + (w[i] ?? 0) * p.mean, 0) * 100;
  const modelVar = today.reduce((s, p, i) => s + (w[i] ?? 0) ** 2 * p.modelVariance, 0);
  const examVar = today.reduce((s, p, i) => s + (w[i] ?? 0) ** 2 * p.examVariance, 0);
  const sd = Math.sqrt(modelVar + examVar) * 100;
  const onExamDay =
    daysLeft !== null ? profile.parts.map((part) => predictPart(model, part, t, daysLeft)) : null;
  const gains = partPassGains(profile, onExamDay ?? today);
  const worst = gains.indexOf(Math.max(...gains));
  const held = profile.parts[worst];
  return {
    parts,
    whole: {
      rating: round1(mean),
      low: round1(clampPct(mean - Z80 * sd)),
      high: round1(clampPct(mean + Z80 * sd)),
    },
    passChance: {
      today: passChance(profile, today),
      examDay: onExamDay ? passChance(profile, onExamDay) : null,
    },
    holdingBack: held ? { partId: held.partId, name: held.name } : null,
    sureness: surenessOf(Math.sqrt(modelVar) * 100),
    action: null,
    daysLeft,
  };
}
