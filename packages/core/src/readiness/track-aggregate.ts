/**
 * What staff see of readiness (issue 23 item 8; ADR 034): per track, aggregates only — how many
 * students have a pass chance for their next sitting, how many of them are likely to pass, the
 * share — and nothing at all below a few students, where a count would point at a person.
 */

/**
 * "Likely to pass": a pass chance on exam day of at least one half — more likely to pass than not.
 * The model's chances are calibrated (ADR 028's deciles), so the share above this line is the
 * plain reading of "likely"; the mean chance beside it is the expected pass rate.
 */
export const LIKELY_PASS_CHANCE = 0.5;
/** Below this many students with an estimate, a track's figures are hidden. */
export const MIN_AGGREGATE_STUDENTS = 5;

export type TrackPassCounts = {
  /** Students with a pass chance for their next sitting. */
  students: number;
  /** Of them, with a chance of at least `LIKELY_PASS_CHANCE`. */
  likely: number;
  /** The sum of their chances (the expected number passing). */
  chanceSum: number;
};

export type TrackPassAggregate =
  | { hidden: true; students: null; likely: null; likelyShare: null; expectedShare: null }
  | {
      hidden: false;
      students: number;
      likely: number;
      /** Percent, one decimal. */
      likelyShare: number;
      /** The mean pass chance, in percent with one decimal: the expected pass rate. */
      expectedShare: number;
    };

const percent = (x: number) => Math.round(x * 1000) / 10;

/**
 * A track's aggregate from its counts; hidden (no figure at all, not even the count) when fewer
 * than `MIN_AGGREGATE_STUDENTS` students have an estimate. Throws a RangeError on counts that
 * cannot be (negative, more likely than students, a sum of chances outside 0…students).
 */
export function trackPassAggregate(counts: TrackPassCounts): TrackPassAggregate {
  const { students, likely, chanceSum } = counts;
  if (
    !Number.isInteger(students) ||
    !Number.isInteger(likely) ||
    students < 0 ||
    likely < 0 ||
    likely > students ||
    !(chanceSum >= 0 && chanceSum <= students + 1e-9)
  ) {
    throw new RangeError(`Impossible readiness counts: ${JSON.stringify(counts)}.`);
  }
  if (students < MIN_AGGREGATE_STUDENTS) {
    return { hidden: true, students: null, likely: null, likelyShare: null, expectedShare: null };
  }
  return {
    hidden: false,
    students,
    likely,
    likelyShare: percent(likely / students),
    expectedShare: percent(chanceSum / students),
  };
}
