import { type ItemDifficulty, MIN_DIFFICULTY_VARIANCE, observationStep } from './model.ts';

/**
 * Item difficulty refined from everyone's answers (issue 23 item 2; ADR 034). The item-analysis
 * job hands over, per item, the answers given since its last run — each with the answering
 * student's ability as their model holds it (`theta`) — and this turns the item's stored belief
 * (or its label's seed) into the posterior: the Rasch/1PL-with-guessing likelihood of those
 * answers times the Gaussian prior, summarised by its mode and curvature (a Laplace
 * approximation). The prior is what every earlier run left, so runs chain as one Bayesian update;
 * an item with few answers stays near its label, and its variance shrinks as answers grow.
 */

/** `count` answers, right or wrong, from students of ability `theta` (logits). */
export type DifficultyEvidence = { theta: number; correct: boolean; count: number };

/** Fisher-scoring iterations at most; a handful reach 1e-9 on any realistic batch. */
const MAX_ITERATIONS = 30;
/** One iteration moves the mode at most this far (logits): far from the mode the curvature lies. */
const MAX_STEP = 1;
const TOLERANCE = 1e-9;

/**
 * The item's difficulty after `evidence` (answers since the last run; `guess`: its guessing
 * floor). The mode of the posterior by Fisher scoring from the prior's mean (for one answer the
 * first step is `updateDifficulty`'s; the next ones reach the mode it only approaches), and the
 * variance as 1 / (the
 * prior's precision + the answers' information at the mode), never below
 * `MIN_DIFFICULTY_VARIANCE` (the bank's items get edited, cohorts change).
 * Throws a RangeError on a count that is not a non-negative integer or a theta that is not finite.
 */
export function refineDifficulty(
  prior: ItemDifficulty,
  evidence: readonly DifficultyEvidence[],
  guess: number,
): ItemDifficulty {
  let answers = 0;
  for (const e of evidence) {
    if (!Number.isInteger(e.count) || e.count < 0) {
      throw new RangeError(`An answer count must be a non-negative integer, not ${e.count}.`);
    }
    if (!Number.isFinite(e.theta))
      throw new RangeError(`An ability must be finite, not ${e.theta}.`);
    answers += e.count;
  }
  if (answers === 0) return prior;
  const priorPrecision = 1 / prior.variance;
  const at = (b: number) => {
    // d/db of the log-posterior and its expected curvature. An answer's score is with respect to
    // η = θ − b, so with respect to b it changes sign.
    let gradient = -(b - prior.mean) * priorPrecision;
    let precision = priorPrecision;
    for (const e of evidence) {
      if (e.count === 0) continue;
      const { score, information } = observationStep(e.theta - b, guess, e.correct);
      gradient -= e.count * score;
      precision += e.count * information;
    }
    return { gradient, precision };
  };
  let b = prior.mean;
  for (let i = 0; i < MAX_ITERATIONS; i += 1) {
    const { gradient, precision } = at(b);
    const step = Math.max(-MAX_STEP, Math.min(MAX_STEP, gradient / precision));
    b += step;
    if (Math.abs(step) < TOLERANCE) break;
  }
  return {
    mean: b,
    variance: Math.max(MIN_DIFFICULTY_VARIANCE, 1 / at(b).precision),
    answers: prior.answers + answers,
  };
}
