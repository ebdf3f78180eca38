/**
 * Drill mode (issue 4 item 6; docs/product.md#study-modes: a fast timed question run earning drill points).
 * This module is the one home of the drill rules; the server grades with it and the web app shows
 * the same numbers. Points are computed on the server from its own timestamps, never sent by the
 * client.
 *
 * Scoring, per item:
 * - wrong, skipped or unanswered: 0 points;
 * - correct, but later than the per-item limit: 0 points (too slow for a drill);
 * - correct within the limit: DRILL_POINTS_PER_CORRECT plus a speed bonus of up to
 *   DRILL_MAX_SPEED_BONUS, falling linearly from the full bonus at 0 s to 0 at the limit
 *   (rounded up, so any correct answer inside the limit earns at least 1 bonus point).
 *
 * Time per item is measured on the server: from the previous item's answer (or the run's start for
 * the first item) to this item's answer. Items are answered in order, so this is the time the
 * student spent on that item plus the network round trip.
 */

/** The per-item time limit in seconds, shown as the timer bar on each item. */
export const DRILL_ITEM_SECONDS = 20;
export const DRILL_POINTS_PER_CORRECT = 10;
export const DRILL_MAX_SPEED_BONUS = 5;
/** Items in a run when the student does not choose; and the bounds of a chosen size. */
export const DRILL_DEFAULT_ITEMS = 10;
export const DRILL_MIN_ITEMS = 5;
export const DRILL_MAX_ITEMS = 20;
/** Slack for slow mobile data on top of the items' time, before the run's deadline refuses answers. */
export const DRILL_GRACE_SECONDS = 15;

/** Points for one item answered `elapsedMs` after the previous one (see the module comment). */
export function drillItemPoints(input: { correct: boolean; elapsedMs: number }): number {
  const limitMs = DRILL_ITEM_SECONDS * 1000;
  if (!input.correct) return 0;
  const elapsed = Math.max(0, input.elapsedMs);
  if (elapsed > limitMs) return 0;
  const bonus = Math.ceil(DRILL_MAX_SPEED_BONUS * (1 - elapsed / limitMs));
  return DRILL_POINTS_PER_CORRECT + bonus;
}

/** When a run of `itemCount` items started at `startedAt` stops accepting answers. */
export function drillDeadline(startedAt: Date, itemCount: number): Date {
  return new Date(
    startedAt.getTime() + (itemCount * DRILL_ITEM_SECONDS + DRILL_GRACE_SECONDS) * 1000,
  );
}

/** The most points a run of `itemCount` items can earn. */
export function drillMaxPoints(itemCount: number): number {
  return itemCount * (DRILL_POINTS_PER_CORRECT + DRILL_MAX_SPEED_BONUS);
}

export type DrillAnswer = {
  /** null: not answered (or skipped when the item's time ran out). */
  correct: boolean | null;
  answeredAt: Date | null;
};

export type DrillGrade = {
  answered: number;
  correct: number;
  points: number;
  /** Points per item, in item order. */
  itemPoints: number[];
  /** Time spent per item in ms (0 when unanswered), in item order: feeds time studied. */
  itemMs: number[];
};

/**
 * Grades a run: `answers` in item order. An item's time runs from the latest earlier answer (or
 * `startedAt`), so a skipped item still moves the clock on for the next one.
 */
export function gradeDrill(startedAt: Date, answers: readonly DrillAnswer[]): DrillGrade {
  let previous = startedAt.getTime();
  let answered = 0;
  let correct = 0;
  let points = 0;
  const itemPoints: number[] = [];
  const itemMs: number[] = [];
  for (const answer of answers) {
    if (answer.answeredAt === null) {
      itemPoints.push(0);
      itemMs.push(0);
      continue;
    }
    const at = answer.answeredAt.getTime();
    const elapsedMs = Math.max(0, at - previous);
    const earned = drillItemPoints({ correct: answer.correct === true, elapsedMs });
    itemMs.push(elapsedMs);
    previous = Math.max(previous, at);
    if (answer.correct !== null) answered += 1;
    if (answer.correct === true) correct += 1;
    points += earned;
    itemPoints.push(earned);
  }
  return { answered, correct, points, itemPoints, itemMs };
}
