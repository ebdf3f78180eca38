import { describe, expect, it } from 'vitest';
import { countText, nounFor } from './format.ts';

describe('countText', () => {
  it.each([
    [0, 'gem', '0 gems'],
    [1, 'gem', '1 gem'],
    [2, 'gem', '2 gems'],
    [1_250, 'gem', '1,250 gems'],
    [1, 'drill point', '1 drill point'],
  ])('%d %s → %s', (count, noun, text) => {
    expect(countText(count, noun)).toBe(text);
  });

  it('takes a plural that is not the noun and an s', () => {
    expect(countText(1, 'match', 'matches')).toBe('1 match');
    expect(countText(3, 'match', 'matches')).toBe('3 matches');
    expect(nounFor(1, 'day')).toBe('day');
    expect(nounFor(7, 'day')).toBe('days');
  });
});
