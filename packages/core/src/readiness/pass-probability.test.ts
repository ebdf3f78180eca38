import { describe, expect, it } from 'vitest';
import type { BlueprintSpec } from '../blueprint.ts';
import { scoreMock } from '../quiz-scoring.ts';
import {
  countDistribution,
  normalCdf,
  type PartScoreDistribution,
  passProbability,
} from './pass-probability.ts';

/** Binomial(n, p) as a pmf. */
function binomial(n: number, p: number): number[] {
  const out: number[] = [];
  let choose = 1;
  for (let k = 0; k <= n; k += 1) {
    out.push(choose * p ** k * (1 - p) ** (n - k));
    choose = (choose * (n - k)) / (k + 1);
  }
  return out;
}

/**
 * The brute force: every combination of correct counts, scored by the real `scoreMock`, its
 * probability the product of the parts'. Feasible only for small blueprints — which is the point.
 */
function bruteForce(parts: readonly PartScoreDistribution[], passingAverage: number): number {
  const spec: BlueprintSpec = {
    passingAverage,
    sittings: 1,
    parts: parts.map((p, i) => ({
      id: `p${i}`,
      name: `P${i}`,
      subjectIds: [],
      items: p.items,
      minutes: p.items,
      weight: p.weight,
      floor: p.floor,
    })),
  };
  let pass = 0;
  const counts = parts.map(() => 0);
  const walk = (i: number, mass: number) => {
    if (i === parts.length) {
      const items = parts.flatMap((p, k) =>
        Array.from({ length: p.items }, (_, j) => ({
          partId: `p${k}`,
          isCorrect: j < (counts[k] ?? 0),
        })),
      );
      if (scoreMock(spec, items).passed) pass += mass;
      return;
    }
    const part = parts[i] as PartScoreDistribution;
    for (let c = 0; c <= part.items; c += 1) {
      counts[i] = c;
      walk(i + 1, mass * (part.pmf[c] ?? 0));
    }
  };
  walk(0, 1);
  return pass;
}

const part = (items: number, p: number, weight: number, floor: number): PartScoreDistribution => ({
  items,
  weight,
  floor,
  pmf: binomial(items, p),
});

describe('passProbability against brute-force enumeration (scoreMock on every outcome)', () => {
  const cases: { name: string; parts: PartScoreDistribution[]; average: number }[] = [
    { name: 'one part, no floor', parts: [part(10, 0.7, 1, 0)], average: 75 },
    {
      name: 'two equal parts, ties on the line',
      parts: [part(4, 0.7, 0.5, 0), part(4, 0.8, 0.5, 0)],
      average: 75,
    },
    {
      name: 'two parts with floors',
      parts: [part(6, 0.75, 0.4, 50), part(8, 0.7, 0.6, 50)],
      average: 75,
    },
    {
      name: 'floor binds, average slack',
      parts: [part(5, 0.95, 0.5, 0), part(5, 0.5, 0.5, 60)],
      average: 60,
    },
    {
      name: 'three parts, unequal weights and floors (LET-like)',
      parts: [part(5, 0.8, 0.2, 50), part(6, 0.7, 0.4, 50), part(7, 0.75, 0.4, 50)],
      average: 75,
    },
    {
      name: 'CSE-like weights that do not add to exactly 1',
      parts: [
        part(5, 0.85, 0.294118, 0),
        part(4, 0.8, 0.235294, 0),
        part(4, 0.75, 0.235294, 0),
        part(4, 0.8, 0.235294, 0),
      ],
      average: 80,
    },
    {
      name: 'NLE-like: five parts, floor 60',
      parts: [0.8, 0.75, 0.7, 0.85, 0.65].map((p) => part(4, p, 0.2, 60)),
      average: 75,
    },
    { name: 'hopeless', parts: [part(6, 0.1, 0.5, 50), part(6, 0.2, 0.5, 50)], average: 75 },
    { name: 'certain', parts: [part(6, 1, 0.5, 50), part(6, 1, 0.5, 50)], average: 75 },
  ];
  it.each(cases)('$name', ({ parts, average }) => {
    expect(passProbability(parts, average, 0.001)).toBeCloseTo(bruteForce(parts, average), 9);
    // The default grid is within a hair of it.
    expect(Math.abs(passProbability(parts, average) - bruteForce(parts, average))).toBeLessThan(
      0.02,
    );
  });

  it('a floor alone can fail a student whose average passes', () => {
    const parts = [part(10, 0.99, 0.5, 0), part(10, 0.55, 0.5, 60)];
    const withFloor = passProbability(parts, 70);
    const withoutFloor = passProbability(
      [parts[0] as PartScoreDistribution, { ...(parts[1] as PartScoreDistribution), floor: 0 }],
      70,
    );
    expect(withFloor).toBeLessThan(withoutFloor - 0.1);
  });

  it('nothing to score → 0', () => {
    expect(passProbability([], 75)).toBe(0);
  });
});

describe('countDistribution', () => {
  it.each([
    { items: 10, mean: 0.5, variance: 0.025 },
    { items: 150, mean: 0.8, variance: 0.002 },
    { items: 40, mean: 0.99, variance: 0.0005 },
  ])('sums to 1 and has the mean ($items, $mean)', ({ items, mean, variance }) => {
    const pmf = countDistribution(items, mean, variance);
    const total = pmf.reduce((s, p) => s + p, 0);
    const m = pmf.reduce((s, p, c) => s + p * c, 0) / items;
    expect(total).toBeCloseTo(1, 9);
    expect(pmf.every((p) => p >= 0)).toBe(true);
    if (mean < 0.95) expect(m).toBeCloseTo(mean, 2);
  });
});

describe('normalCdf', () => {
  it.each([
    { z: 0, p: 0.5 },
    { z: 1.2815516, p: 0.9 },
    { z: -1.959964, p: 0.025 },
    { z: 8, p: 1 },
  ])('Φ($z) = $p', ({ z, p }) => {
    expect(normalCdf(z)).toBeCloseTo(p, 6);
  });
});
