import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEVEL,
  LEVELS,
  levelForGems,
  levelOrDefault,
  nextLevel,
  promoteLevel,
  totalGems,
} from './levels.ts';

describe('levels (docs/product.md#overview, #constants; docs/product.md#progress)', () => {
  it('starts at emerald and ascends', () => {
    expect(DEFAULT_LEVEL).toBe('emerald');
    expect(LEVELS.map((level) => `${level.name}:${level.minGems}`)).toEqual([
      'emerald:0',
      'sapphire:500',
      'ruby:1500',
      'amethyst:3500',
      'diamond:7500',
    ]);
  });

  it.each([
    [null, 'emerald'],
    [undefined, 'emerald'],
    ['', 'emerald'],
    ['  ', 'emerald'],
    ['ruby', 'ruby'],
    ['unknown-gem', 'unknown-gem'],
  ])('levelOrDefault(%j) → %j', (level, expected) => {
    expect(levelOrDefault(level)).toBe(expected);
  });

  it.each([
    [0, 'emerald'],
    [-10, 'emerald'],
    [Number.NaN, 'emerald'],
    [499, 'emerald'],
    [500, 'sapphire'],
    [1499, 'sapphire'],
    [1500, 'ruby'],
    [3499, 'ruby'],
    [3500, 'amethyst'],
    [7499, 'amethyst'],
    [7500, 'diamond'],
    [1_000_000, 'diamond'],
  ])('levelForGems(%d) → %s', (gems, level) => {
    expect(levelForGems(gems)).toBe(level);
  });

  it.each([
    ['emerald', 'sapphire'],
    ['sapphire', 'ruby'],
    ['ruby', 'amethyst'],
    ['amethyst', 'diamond'],
    ['diamond', null],
    [null, 'sapphire'],
    ['', 'sapphire'],
    ['opal', null],
  ])('nextLevel(%j) → %j', (level, next) => {
    expect(nextLevel(level)?.name ?? null).toBe(next);
  });

  it.each<[Record<string, number>, number]>([
    [{}, 0],
    [{ emerald: 120 }, 120],
    [{ emerald: 500, sapphire: 1000, ruby: 3 }, 1503],
    [{ emerald: 10, sapphire: -5, ruby: Number.NaN, diamond: Number.POSITIVE_INFINITY }, 10],
  ])('totalGems(%j) → %i', (collection, total) => {
    expect(totalGems(collection)).toBe(total);
  });
});

describe('promoteLevel', () => {
  it.each([
    [null, 0, 'emerald'],
    ['emerald', 499, 'emerald'],
    ['emerald', 500, 'sapphire'],
    [undefined, 1600, 'ruby'],
    ['ruby', 100, 'ruby'],
    ['diamond', 99_999, 'diamond'],
    ['sapphire', 7_500, 'diamond'],
    ['mystery', 9_000, 'mystery'],
  ])('from %s with %i gems → %s', (current, total, expected) => {
    expect(promoteLevel(current, total)).toBe(expected);
  });
});
