import { describe, expect, it } from 'vitest';
import { MIN_AGGREGATE_STUDENTS, trackPassAggregate } from './track-aggregate.ts';

describe('trackPassAggregate', () => {
  it.each([
    { students: 0, likely: 0, chanceSum: 0 },
    { students: 1, likely: 1, chanceSum: 0.9 },
    { students: MIN_AGGREGATE_STUDENTS - 1, likely: 2, chanceSum: 2.1 },
  ])('hides every figure below $students + 1 students: $students', (counts) => {
    expect(trackPassAggregate(counts)).toEqual({
      hidden: true,
      students: null,
      likely: null,
      likelyShare: null,
      expectedShare: null,
    });
  });

  it.each([
    { students: 5, likely: 2, chanceSum: 2.3, likelyShare: 40, expectedShare: 46 },
    { students: 6, likely: 1, chanceSum: 1, likelyShare: 16.7, expectedShare: 16.7 },
    { students: 200, likely: 0, chanceSum: 12.34, likelyShare: 0, expectedShare: 6.2 },
    { students: 7, likely: 7, chanceSum: 7, likelyShare: 100, expectedShare: 100 },
  ])(
    '$students students, $likely likely → $likelyShare %, expected $expectedShare %',
    ({ likelyShare, expectedShare, ...counts }) => {
      expect(trackPassAggregate(counts)).toEqual({
        hidden: false,
        students: counts.students,
        likely: counts.likely,
        likelyShare,
        expectedShare,
      });
    },
  );

  it.each([
    { students: -1, likely: 0, chanceSum: 0 },
    { students: 5, likely: 6, chanceSum: 1 },
    { students: 5, likely: 1, chanceSum: 5.5 },
    { students: 5, likely: 1, chanceSum: -0.1 },
    { students: 5.5, likely: 1, chanceSum: 1 },
    { students: 5, likely: 1, chanceSum: Number.NaN },
  ])('refuses counts that cannot be: %o', (counts) => {
    expect(() => trackPassAggregate(counts)).toThrow(RangeError);
  });
});
