/** The level a user starts at and falls back to when currentLevel is missing (docs/product.md#entities, #constants). */
export const DEFAULT_LEVEL = 'emerald';

export type Level = { readonly name: string; readonly minGems: number };

/**
 * Levels are gem names, ascending, each reached at a total-gem threshold (docs/product.md#overview; docs/product.md#system
 * "Progress"). The names after emerald and the thresholds are our decision.
 */
export const LEVELS: readonly Level[] = [
  { name: 'emerald', minGems: 0 },
  { name: 'sapphire', minGems: 500 },
  { name: 'ruby', minGems: 1500 },
  { name: 'amethyst', minGems: 3500 },
  { name: 'diamond', minGems: 7500 },
];

/** currentLevel defaults to 'emerald' when missing or blank (docs/product.md#entities). */
export function levelOrDefault(level: string | null | undefined): string {
  return level == null || level.trim() === '' ? DEFAULT_LEVEL : level;
}

/** The highest level whose threshold `totalGems` reaches (docs/product.md#progress); emerald below 500 or for NaN. */
export function levelForGems(totalGems: number): string {
  let name = DEFAULT_LEVEL;
  for (const level of LEVELS) if (totalGems >= level.minGems) name = level.name;
  return name;
}

/** The level after `level` (missing → emerald), or null at the top or for an unknown level (docs/product.md#progress). */
export function nextLevel(level: string | null | undefined): Level | null {
  const index = LEVELS.findIndex((entry) => entry.name === levelOrDefault(level));
  return index === -1 ? null : (LEVELS[index + 1] ?? null);
}

/**
 * Total gems across levels (docs/product.md#entities gemsCollection, keyed by level); values that are not finite
 * non-negative numbers count as 0.
 */
export function totalGems(collection: Record<string, number>): number {
  let sum = 0;
  for (const value of Object.values(collection)) {
    if (Number.isFinite(value) && value > 0) sum += value;
  }
  return sum;
}

/**
 * The level after earning gems (docs/product.md#progress): the level the new total reaches, but never
 * below the current one — levels only go up. An unknown current level is kept.
 */
export function promoteLevel(current: string | null | undefined, total: number): string {
  const level = levelOrDefault(current);
  const from = LEVELS.findIndex((entry) => entry.name === level);
  const reached = LEVELS.findIndex((entry) => entry.name === levelForGems(total));
  return from !== -1 && reached > from ? (LEVELS[reached]?.name ?? level) : level;
}
