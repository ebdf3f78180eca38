import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials (docs/product.md#constants)', () => {
  it.each<[string | null | undefined, string | null | undefined, string]>([
    ['Maria Clara Reyes', 'Santos', 'MCS'],
    ['Juan', 'Dela Cruz', 'JD'],
    ['juan', 'dela cruz', 'JD'],
    ['  Maria   Clara  ', '  santos ', 'MCS'],
    ['Maria Clara', null, 'MC'],
    ['Maria', undefined, 'M'],
    [null, 'Santos', 'S'],
    ['', '', '?'],
    ['   ', '  ', '?'],
    [null, null, '?'],
    [undefined, undefined, '?'],
    ['Ñino Ángel', 'Ébora', 'ÑÁÉ'],
    ['😀 Smile', 'x', '😀SX'],
  ])('%j, %j → %j', (first, second, expected) => {
    expect(initials(first, second)).toBe(expected);
  });
});
