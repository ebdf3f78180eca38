/**
 * The chance of passing under the official rule (issue 23 item 3; docs/product.md#quiz, core
 * `scoreMock`): the weighted average of the part percentages reaches the passing average AND every
 * part reaches its floor. Given each part's distribution of correct answers, and parts independent
 * given the student, the floors are exact by truncation (a part's counts below its floor fail the
 * sitting whatever the others do), and the average by convolving the parts' contributions on a
 * fine grid — a dynamic programme, not a normal approximation, so it holds near the floors where a
 * normal approximation is worst. Percentages are rounded as `scoreMock` rounds them.
 */

export type PartScoreDistribution = {
  /** Items in the part on the exam. */
  items: number;
  weight: number;
  /** Lowest passing percentage (0 = no floor). */
  floor: number;
  /** Chance of each number of correct answers, index 0..items; sums to 1. */
  pmf: readonly number[];
};

/** Grid step of the weighted average, in rating points: fine next to an exam's own noise. */
export const PASS_GRID_POINTS = 0.02;
/** Masses below this are dropped (they cannot move a probability shown in whole percent). */
const NEGLIGIBLE = 1e-12;

/** A part's percentage for `correct` of `items`, rounded to two decimals as `scoreMock` does. */
export const partPercentage = (correct: number, items: number): number =>
  items <= 0 ? 0 : Math.round((correct / items) * 10_000) / 100;

/**
 * P(pass): every part at or above its floor, and the weighted average (rounded to two decimals)
 * at or above `passingAverage`. `grid` is the step in rating points of the convolution; the
 * result is exact up to (parts × grid / 2) points of the average.
 */
export function passProbability(
  parts: readonly PartScoreDistribution[],
  passingAverage: number,
  grid = PASS_GRID_POINTS,
): number {
  const weightSum = parts.reduce((sum, p) => sum + p.weight, 0);
  if (parts.length === 0 || weightSum <= 0) return 0;
  const size = Math.ceil(100 / grid) + parts.length + 2;
  let current = new Float64Array(size);
  current[0] = 1;
  // The occupied range [low, top] of the grid: the distribution is narrow, the grid wide.
  let low = 0;
  let top = 0;
  for (const part of parts) {
    const next = new Float64Array(size);
    let nextTop = 0;
    let nextLow = size;
    const share = part.weight / weightSum;
    for (let c = 0; c <= part.items; c += 1) {
      const mass = part.pmf[c] ?? 0;
      if (mass < NEGLIGIBLE) continue;
      const pct = partPercentage(c, part.items);
      if (pct < part.floor) continue; // below the floor: this branch fails, its mass is dropped
      const step = Math.round((share * pct) / grid);
      for (let k = low; k <= top; k += 1) {
        const m = current[k] as number;
        if (m === 0) continue;
        next[k + step] = (next[k + step] as number) + m * mass;
      }
      if (top + step > nextTop) nextTop = top + step;
      if (low + step < nextLow) nextLow = low + step;
    }
    if (nextLow > nextTop) return 0; // every branch fails a floor
    current = next;
    low = nextLow;
    top = nextTop;
  }
  // The rating is rounded to two decimals before the comparison: raw ≥ average − 0.005 passes.
  const threshold = Math.ceil((passingAverage - 0.005) / grid - 1e-9);
  let pass = 0;
  for (let k = Math.max(low, threshold); k <= top; k += 1) pass += current[k] as number;
  return Math.min(1, Math.max(0, pass));
}

/** The standard normal distribution function (Abramowitz–Stegun 7.1.26 erf, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? 0.5 + y / 2 : 0.5 - y / 2;
}

/**
 * A part's distribution of correct answers when its share correct is about Normal(mean, variance)
 * (the binomial noise of the exam and the uncertainty about the student together): the normal
 * discretised over 0..items with a continuity correction, the tails folded into the ends.
 */
export function countDistribution(items: number, mean: number, variance: number): number[] {
  const mu = mean * items;
  const sd = Math.sqrt(Math.max(variance, 1e-9)) * items;
  const pmf: number[] = new Array(items + 1).fill(0);
  let below = 0;
  for (let c = 0; c <= items; c += 1) {
    const upper = c === items ? 1 : normalCdf((c + 0.5 - mu) / sd);
    pmf[c] = upper - below;
    below = upper;
  }
  return pmf;
}
