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
 * grows again with each answer and with time away, as Glicko does for chess ratings, so the level
 * follows a student who learns. Forgetting: every day without practice adds variance and pulls
 * the mean a little towards the prior, so an estimate from last month counts for less than one
 * from today.
 */

/**
 * A Gaussian belief about one ability on the logit scale, the pace at which it has lately moved,
 * and when it was last touched. The pace only projects the level to exam day; it never moves the
 * level itself (ADR 028 "The level alone": a trend inside the filter overshot the students For-you
 * coached, whose learning slows as they near the top).
 */
export type AbilityBelief = {
  mean: number;
  variance: number;
  /** The level's movement per answer (logits), smoothed over about its last 300 answers. */
  trend: number;
  /** Answers behind it. */
  answers: number;
  /** When it was last updated (ms since the epoch); null when never. */
  at: number | null;
  /**
   * A topic's only: its part's ability when the topic was last updated. What the part has moved
   * since (learning shown in the part's other topics, which carries over) moves the topic too.
   */
  anchor?: number;
  /** A topic's only: how the forecast's predictions of its recent answers fared. */
  surprise?: Surprise;
};

/**
 * The student's pace in a part: answers a day, smoothed over the Manila days since they started
 * (a day without practice counts as a day with none). Kept from the answers at the start of each
 * Manila day the student practises, so `answersPerDay` is as of `dayKey`: read it with
 * `answersPerDayAt`, which counts the days since as none.
 */
export type PartPace = { answersPerDay: number; dayKey: string | null; dayStartAnswers: number };

export type PartModel = {
  ability: AbilityBelief;
  pace: PartPace;
  /** The part's topics' abilities (a topic never answered has none: its part's stands in). */
  topics: Record<string, AbilityBelief>;
  /**
   * A major part's only (LET Secondary's Specialization): the major its answers were given under.
   * Another major's answers say nothing about this one (docs/product.md#readiness), so after a
   * change of major the part is read as never answered (`partModelFor`) and its next answer starts
   * it afresh. Absent on a part stored before it was kept: taken as the student's current major.
   */
  major?: string;
};

/**
 * The model's own check on itself: a topic's recent answers' surprise (correct − the chance the
 * forecast gave them) and the forecast's slope there (d chance / d ability), both summed with
 * exponential decay. Their ratio is how far, in logits, the forecast has recently sat from what
 * the student showed — the lag of a tracker following a learning student, which no single
 * answer's step removes (ADR 028).
 */
export type Surprise = { residual: number; slope: number };

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
 * so the level keeps a step large enough to follow learning (ADR 028 "The level alone": 0.0002
 * left both kinds of practice about 0.5 rating points behind; 0.002 brought For-you's to 0.1).
 */
export const ANSWER_DRIFT_VARIANCE = 0.002;
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
/** Smoothing of the daily pace: the share of the newest day's answers. */
export const PACE_SMOOTHING = 0.2;
/**
 * The share of its part's movement a topic takes between its own answers: learning carries over
 * between topics of a part, but only partly (a topic left alone while the others are practised
 * does not keep pace with them).
 */
export const TOPIC_CARRY = 0.5;
/** The share of the surprise sums kept per answer: about the last 100 answers of a topic count. */
export const SURPRISE_KEEP = 1 - 1 / 100;
/**
 * The slope the surprise's ratio is shrunk with (about 10 answers' worth at a typical 0.2): a
 * few answers' luck is not taken for a bias.
 */
export const SURPRISE_PRIOR_SLOPE = 2;
/** The correction is never more than this many logits either way. */
export const MAX_SURPRISE_SHIFT = 0.5;
/**
 * The share of the newest answer's movement in the pace (`trend`): about the last 300 count. The
 * level's steps are noisy; over 100 answers the pace projected a student of constant ability
 * ±1.5 logits by exam day, and the bench's week-6 projection was worse (Brier 0.112 against
 * 0.103 on CSE Subprofessional, ADR 028).
 */
export const TREND_SMOOTHING = 1 / 300;

const DAY_MS = 86_400_000;

export const emptyStudentModel = (): StudentModel => ({ version: 1, parts: {}, fullMocks: 0 });

const newBelief = (mean: number, variance: number): AbilityBelief => ({
  mean,
  variance,
  trend: 0,
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
 * Whether a stored belief is one a Gaussian can be: a finite mean and pace, a positive finite
 * variance. Models stored by the level-and-trend filter this one replaced could diverge to NaN
 * (ADR 028); any such belief starts again from the prior (`ageBelief`).
 */
export function isProperBelief(b: AbilityBelief): boolean {
  return (
    Number.isFinite(b.mean) &&
    Number.isFinite(b.trend) &&
    Number.isFinite(b.variance) &&
    b.variance > 0
  );
}

/**
 * A belief brought forward to `now`: each day away adds `DAILY_DRIFT_VARIANCE` (up to `cap`, the
 * prior's variance) and pulls the mean towards `priorMean` with time constant `FORGETTING_DAYS`.
 * A belief that is not a proper Gaussian (`isProperBelief`) starts again from the prior, keeping
 * its count of answers: a wrong number would be worse than "not sure yet".
 */
export function ageBelief(
  belief: AbilityBelief,
  now: number,
  priorMean: number,
  cap: number,
): AbilityBelief {
  if (!isProperBelief(belief))
    return { ...newBelief(priorMean, cap), answers: belief.answers, at: now };
  if (belief.at === null || now <= belief.at) return belief;
  const days = (now - belief.at) / DAY_MS;
  const keep = Math.exp(-days / FORGETTING_DAYS);
  // The pace is per answer: days without answers add no learning, only uncertainty.
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

/**
 * The pace on Manila day `dayKey`, before that day's answers: the last day practised counts its
 * answers (`answers` − those at its start) and each day since counts none, each a smoothing step —
 * so the pace of a student who has stopped falls day by day (by 1 − `PACE_SMOOTHING` a day), read
 * or not. The day itself, still under way, counts from the next day on.
 */
function pace(old: PartPace, answers: number, dayKey: string): PartPace {
  if (old.dayKey === null) return { answersPerDay: 0, dayKey, dayStartAnswers: answers };
  if (old.dayKey >= dayKey) return old;
  const days = Math.max(1, Math.round((Date.parse(dayKey) - Date.parse(old.dayKey)) / DAY_MS));
  const lastDay =
    (1 - PACE_SMOOTHING) * old.answersPerDay + PACE_SMOOTHING * (answers - old.dayStartAnswers);
  return {
    answersPerDay: lastDay * (1 - PACE_SMOOTHING) ** (days - 1),
    dayKey,
    dayStartAnswers: answers,
  };
}

/**
 * A part's answers a day as of `now` (what the exam-day projection multiplies its pace by): the
 * stored pace brought to today, each day since the student last practised counting as none.
 */
export function answersPerDayAt(part: PartModel, now: number): number {
  return pace(part.pace, part.ability.answers, manilaDayKey(new Date(now))).answersPerDay;
}

export type AnswerEvent = {
  /** The blueprint part the item belongs to, and its topic (or its subject when it has none). */
  partId: string;
  topicId: string;
  correct: boolean;
  at: Date;
  /**
   * The item was chosen by the model (a For-you set): its outcome is not a fair check of the
   * model's predictions, which chose it (ADR 028), so it leaves the surprise alone.
   */
  chosen?: boolean;
  /** For a major part's item: the student's major (the part is kept per major, `PartModel`). */
  major?: string;
};

/**
 * The stored model of a part as a forecast for `part.major` (the student's major, for a major
 * part) may read it: none when it holds another major's answers.
 */
export function partModelFor(
  model: StudentModel,
  part: { partId: string; major?: string },
): PartModel | undefined {
  const stored = model.parts[part.partId];
  return stored && !otherMajor(stored, part.major) ? stored : undefined;
}

const otherMajor = (stored: PartModel, major: string | undefined): boolean =>
  major !== undefined && stored.major !== undefined && stored.major !== major;

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
  const kept = partModelFor(model, { partId: event.partId, major: event.major });
  const part: PartModel = kept ?? {
    ability: newBelief(PRIOR_PART_MEAN, PRIOR_PART_VARIANCE),
    pace: { answersPerDay: 0, dayKey: null, dayStartAnswers: 0 },
    topics: {},
  };
  const ability = ageBelief(part.ability, now, PRIOR_PART_MEAN, PRIOR_PART_VARIANCE);
  const topic = agedTopic(part.topics[event.topicId], ability, now);
  const b = item.difficulty.mean;
  const nextAbility = observe(ability, b, item.guess, event.correct, now);
  const nextTopic = observe(topic, b, item.guess, event.correct, now);
  const major = event.major ?? part.major;
  const nextPart: PartModel = {
    ...(major !== undefined ? { major } : {}),
    ability: nextAbility,
    pace: pace(part.pace, ability.answers, manilaDayKey(event.at)),
    topics: {
      ...part.topics,
      [event.topicId]: {
        ...nextTopic,
        anchor: nextAbility.mean,
        surprise: event.chosen
          ? topic.surprise
          : surpriseAfter(topic.surprise, topic, b, item.guess, event.correct),
      },
    },
  };
  return {
    model: { ...model, parts: { ...model.parts, [event.partId]: nextPart } },
    difficulty: updateDifficulty(item.difficulty, topic.mean, item.guess, event.correct),
  };
}

/**
 * The surprise sums after one answer: its chance as the forecast gives it (the logistic averaged
 * over the topic's belief by the probit approximation, before the answer is applied) against the
 * answer.
 */
function surpriseAfter(
  old: Surprise | undefined,
  topic: AbilityBelief,
  b: number,
  guess: number,
  correct: boolean,
): Surprise {
  const scale = 1 / Math.sqrt(1 + (Math.PI * topic.variance) / 8);
  const s = logistic((topic.mean - b) * scale);
  const chance = guess + (1 - guess) * s;
  return {
    residual: (old?.residual ?? 0) * SURPRISE_KEEP + (correct ? 1 : 0) - chance,
    slope: (old?.slope ?? 0) * SURPRISE_KEEP + (1 - guess) * s * (1 - s) * scale,
  };
}

/**
 * The forecast's correction of a topic's ability (logits): its recent surprise over its slope,
 * shrunk while the answers are few, within ±`MAX_SURPRISE_SHIFT`.
 */
export function surpriseShift(topic: AbilityBelief | undefined): number {
  if (!topic?.surprise) return 0;
  const { residual, slope } = topic.surprise;
  const shift = residual / (slope + SURPRISE_PRIOR_SLOPE);
  if (!Number.isFinite(shift)) return 0;
  return Math.max(-MAX_SURPRISE_SHIFT, Math.min(MAX_SURPRISE_SHIFT, shift));
}

/**
 * One answer applied to one belief: the level becomes less certain by the learning since the last
 * answer (`ANSWER_DRIFT_VARIANCE`), then takes the Laplace step — Elo's update with a step of the
 * level's variance over (1 + variance × information). The pace follows the level's movement.
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
  const d = 1 + prior * information;
  const mean = belief.mean + (prior * score) / d;
  return {
    mean,
    variance: prior - (prior * prior * information) / d,
    trend: belief.trend + (mean - belief.mean - belief.trend) * TREND_SMOOTHING,
    answers: belief.answers + 1,
    at: now,
  };
}

/**
 * A topic's belief at `now` given its part's (aged): its own, moved by what the part has moved
 * since (`anchor`) and aged (relaxing towards the part's ability, never less sure than the part
 * plus the topic prior); or, never answered, the part's ability with the topic prior's extra
 * uncertainty (topics of one part differ, but not wildly).
 */
export function agedTopic(
  topic: AbilityBelief | undefined,
  partAbility: AbilityBelief,
  now: number,
): AbilityBelief {
  const cap = partAbility.variance + PRIOR_TOPIC_VARIANCE;
  if (!topic) return { ...newBelief(partAbility.mean, cap) };
  const moved = TOPIC_CARRY * (partAbility.mean - (topic.anchor ?? partAbility.mean));
  return ageBelief({ ...topic, mean: topic.mean + moved }, now, partAbility.mean, cap);
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
 * with the topic prior's extra uncertainty; a part never answered is the prior, and so is a major
 * part holding another major's answers (`partModelFor`: For-you, like the forecast, does not rank
 * a new major's items by the old major's ability).
 */
export function topicBelief(
  model: StudentModel,
  part: { partId: string; major?: string },
  topicId: string,
  now: number,
): AbilityBelief {
  const stored = partModelFor(model, part);
  return agedTopic(stored?.topics[topicId], partAbility(stored, now), now);
}

/** A stored part's ability belief at `now` (aged), or the prior for a part never answered. */
export function partAbility(part: PartModel | undefined, now: number): AbilityBelief {
  return part
    ? ageBelief(part.ability, now, PRIOR_PART_MEAN, PRIOR_PART_VARIANCE)
    : newBelief(PRIOR_PART_MEAN, PRIOR_PART_VARIANCE);
}
