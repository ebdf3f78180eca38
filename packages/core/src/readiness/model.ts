import { manilaDayKey } from '../time.ts';

/**
 * The student model (issue 23 item 2; ADR 028): per-part and per-topic ability and per-item
 * difficulty on one logit scale, updated after every answer (lite, mock, drill, synced offline)
 * by one O(1) step from stored state. Nothing replays history: the server stores the model and
 * the phone keeps a copy; both call these functions.
 *
 * The response model is 1PL (Rasch) with a guessing floor: a student of ability θ answers an item
 * of difficulty b correctly with probability c + (1 − c)·σ(θ − b), c = 1 / number of options.
 * Two levels, each its own tracker: the part's ability (every answer in the part) and each
 * topic's (the topic's answers). A topic starts from its part's ability, so a topic the student
 * has hardly touched is predicted from the rest of the part instead of from nothing.
 *
 * Each ability is a Gaussian belief (mean, variance). An answer updates it by one Laplace
 * (Kalman-like) step — the Elo update with a step size that shrinks as evidence accumulates and
 * grows again with time away, as Glicko does for chess ratings. Forgetting: every day without
 * practice adds variance and pulls the mean a little towards the prior, so an estimate from last
 * month counts for less than one from today.
 */

/** A Gaussian belief about one ability on the logit scale, and when it was last touched. */
export type AbilityBelief = {
  mean: number;
  variance: number;
  /** Answers behind it. */
  answers: number;
  /** When it was last updated (ms since the epoch); null when never. */
  at: number | null;
};

/**
 * The student's pace in a part: how fast the part's ability moves, per day (logits), smoothed
 * over Manila days. Kept from the mean at the start of each Manila day the student practises.
 */
export type PartPace = { perDay: number; dayKey: string | null; dayMean: number };

export type PartModel = {
  ability: AbilityBelief;
  pace: PartPace;
  /** The part's topics' abilities (a topic never answered has none: its part's stands in). */
  topics: Record<string, AbilityBelief>;
};

/** One student's model for one track: its parts by blueprint part id, and full mocks finished. */
export type StudentModel = {
  version: 1;
  parts: Record<string, PartModel>;
  fullMocks: number;
};

/** An item's difficulty belief, seeded from the bank's label and refined from everyone's answers. */
export type ItemDifficulty = { mean: number; variance: number; answers: number };

/** Prior of a part's ability: the population's typical reviewer, with wide uncertainty. */
export const PRIOR_PART_MEAN = 0.5;
export const PRIOR_PART_VARIANCE = 1.2 ** 2;
/** How far a topic's ability may sit from its part's, a priori: topics differ, not wildly. */
export const PRIOR_TOPIC_VARIANCE = 0.6 ** 2;
/**
 * Ability moves as the student learns: each answer adds this much variance before it is applied,
 * so the estimate keeps tracking a growing ability instead of freezing on its long-run average
 * (a random walk of about 1 logit over 3,000 answers).
 */
export const ANSWER_DRIFT_VARIANCE = 0.0003;
/** Each day away adds this much variance (uncertainty grows with time since practice). */
export const DAILY_DRIFT_VARIANCE = 0.004;
/** A mean relaxes towards the prior with this time constant (days) while the student is away. */
export const FORGETTING_DAYS = 365;
/** The bank's difficulty label (1 easy, 2 medium, 3 hard) as a logit difficulty seed. */
export const LABEL_DIFFICULTY: Record<number, number> = { 1: -1, 2: 0, 3: 1 };
/** How sure a label is: the seed's variance; everyone's answers narrow it. */
export const LABEL_DIFFICULTY_VARIANCE = 0.5 ** 2;
/** An item's difficulty never becomes certain: the bank's items get edited, cohorts change. */
export const MIN_DIFFICULTY_VARIANCE = 0.02 ** 2;
/** Smoothing of the daily pace: the share of the newest day's movement. */
export const PACE_SMOOTHING = 0.3;

const DAY_MS = 86_400_000;

export const emptyStudentModel = (): StudentModel => ({ version: 1, parts: {}, fullMocks: 0 });

const newBelief = (mean: number, variance: number): AbilityBelief => ({
  mean,
  variance,
  answers: 0,
  at: null,
});

/** A new item's difficulty from the bank's label (unknown labels count as medium). */
export function seedDifficulty(label: number | null | undefined): ItemDifficulty {
  return {
    mean: LABEL_DIFFICULTY[label ?? 2] ?? 0,
    variance: LABEL_DIFFICULTY_VARIANCE,
    answers: 0,
  };
}

export const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/** The chance of a correct answer at ability θ on an item of difficulty b with guessing floor c. */
export function successChance(theta: number, b: number, guess: number): number {
  return guess + (1 - guess) * logistic(theta - b);
}

/** The guessing floor of an item with `choices` options (a blind guess). */
export const guessFloor = (choices: number): number => (choices > 1 ? 1 / choices : 0);

/**
 * A belief brought forward to `now`: each day away adds `DAILY_DRIFT_VARIANCE` (up to `cap`, the
 * prior's variance) and pulls the mean towards `priorMean` with time constant `FORGETTING_DAYS`.
 */
export function ageBelief(
  belief: AbilityBelief,
  now: number,
  priorMean: number,
  cap: number,
): AbilityBelief {
  if (belief.at === null || now <= belief.at) return belief;
  const days = (now - belief.at) / DAY_MS;
  const keep = Math.exp(-days / FORGETTING_DAYS);
  return {
    ...belief,
    mean: priorMean + (belief.mean - priorMean) * keep,
    variance: Math.min(cap, belief.variance + DAILY_DRIFT_VARIANCE * days),
    at: now,
  };
}

/**
 * The Laplace step of one Bernoulli observation on a Gaussian belief about η = θ − b, where
 * P(correct) = c + (1 − c)·σ(η): the score (gradient of the log-likelihood) and the Fisher
 * information at the current mean. The posterior's precision is the prior's plus the information;
 * its mean moves by the score over that precision — Elo's update with a step of 1 / precision.
 */
export function observationStep(
  eta: number,
  guess: number,
  correct: boolean,
): { score: number; information: number } {
  const s = logistic(eta);
  const p = guess + (1 - guess) * s;
  const dp = (1 - guess) * s * (1 - s);
  const score = correct ? dp / p : -dp / (1 - p);
  return { score, information: (dp * dp) / (p * (1 - p)) };
}

function pace(
  old: PartPace,
  before: number,
  after: number,
  dayKey: string,
  days: number,
): PartPace {
  if (old.dayKey === null) return { perDay: 0, dayKey, dayMean: before };
  if (old.dayKey === dayKey) return old;
  // A new Manila day: the movement since the last day's start, per day elapsed, smoothed in.
  const moved = (after - old.dayMean) / Math.max(1, days);
  return {
    perDay: (1 - PACE_SMOOTHING) * old.perDay + PACE_SMOOTHING * moved,
    dayKey,
    dayMean: after,
  };
}

export type AnswerEvent = {
  /** The blueprint part the item belongs to, and its topic (or its subject when it has none). */
  partId: string;
  topicId: string;
  correct: boolean;
  at: Date;
};

/**
 * The model after one answer: one O(1) update of the part's ability and of the topic's, and the
 * item's difficulty belief after the same answer (seen from the item's side, with the student's
 * topic ability as known). Returns new objects; the inputs are not changed.
 */
export function recordAnswer(
  model: StudentModel,
  event: AnswerEvent,
  item: { difficulty: ItemDifficulty; guess: number },
): { model: StudentModel; difficulty: ItemDifficulty } {
  const now = event.at.getTime();
  const part = model.parts[event.partId] ?? {
    ability: newBelief(PRIOR_PART_MEAN, PRIOR_PART_VARIANCE),
    pace: { perDay: 0, dayKey: null, dayMean: PRIOR_PART_MEAN },
    topics: {},
  };
  const ability = ageBelief(part.ability, now, PRIOR_PART_MEAN, PRIOR_PART_VARIANCE);
  const topic = agedTopic(part.topics[event.topicId], ability, now);
  const b = item.difficulty.mean;
  const nextAbility = observe(ability, b, item.guess, event.correct, now);
  const nextTopic = observe(topic, b, item.guess, event.correct, now);
  const days = part.ability.at === null ? 0 : (now - part.ability.at) / DAY_MS;
  const nextPart: PartModel = {
    ability: nextAbility,
    pace: pace(part.pace, ability.mean, nextAbility.mean, manilaDayKey(event.at), days),
    topics: { ...part.topics, [event.topicId]: nextTopic },
  };
  return {
    model: { ...model, parts: { ...model.parts, [event.partId]: nextPart } },
    difficulty: updateDifficulty(item.difficulty, topic.mean, item.guess, event.correct),
  };
}

/**
 * One answer applied to one belief: drift for the learning since the last answer, then the
 * Laplace step — the mean moves by score / precision, the precision gains the information.
 */
function observe(
  belief: AbilityBelief,
  b: number,
  guess: number,
  correct: boolean,
  now: number,
): AbilityBelief {
  const prior = belief.variance + ANSWER_DRIFT_VARIANCE;
  const { score, information } = observationStep(belief.mean - b, guess, correct);
  const precision = 1 / prior + information;
  return {
    mean: belief.mean + score / precision,
    variance: 1 / precision,
    answers: belief.answers + 1,
    at: now,
  };
}

/**
 * A topic's belief at `now`: its own, aged (relaxing towards the part's ability, never less sure
 * than the part plus the topic prior); or, never answered, the part's ability with the topic
 * prior's extra uncertainty (topics of one part differ, but not wildly).
 */
function agedTopic(
  topic: AbilityBelief | undefined,
  partAbility: AbilityBelief,
  now: number,
): AbilityBelief {
  const cap = partAbility.variance + PRIOR_TOPIC_VARIANCE;
  if (!topic) return { mean: partAbility.mean, variance: cap, answers: 0, at: null };
  return ageBelief(topic, now, partAbility.mean, cap);
}

/**
 * An item's difficulty after one more answer from a student of ability `theta`: the same Laplace
 * step seen from the item (a correct answer makes it look easier), never below a small variance
 * so it keeps following the bank's edits and new cohorts.
 */
export function updateDifficulty(
  difficulty: ItemDifficulty,
  theta: number,
  guess: number,
  correct: boolean,
): ItemDifficulty {
  const { score, information } = observationStep(theta - difficulty.mean, guess, correct);
  const precision = 1 / difficulty.variance + information;
  return {
    mean: difficulty.mean - score / precision,
    variance: Math.max(MIN_DIFFICULTY_VARIANCE, 1 / precision),
    answers: difficulty.answers + 1,
  };
}

/** The model after a full mock is finished (readiness asks for one before the whole verdict). */
export function recordFullMock(model: StudentModel): StudentModel {
  return { ...model, fullMocks: model.fullMocks + 1 };
}

/**
 * A topic's ability belief at `now`: its own when it has been answered (aged), else its part's
 * with the topic prior's extra uncertainty; a part never answered is the prior.
 */
export function topicBelief(
  model: StudentModel,
  partId: string,
  topicId: string,
  now: number,
): AbilityBelief {
  return agedTopic(model.parts[partId]?.topics[topicId], partBelief(model, partId, now), now);
}

/** A part's ability belief at `now` (aged), or the prior. */
export function partBelief(model: StudentModel, partId: string, now: number): AbilityBelief {
  const part = model.parts[partId];
  return part
    ? ageBelief(part.ability, now, PRIOR_PART_MEAN, PRIOR_PART_VARIANCE)
    : newBelief(PRIOR_PART_MEAN, PRIOR_PART_VARIANCE);
}
