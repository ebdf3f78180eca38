import { RATING_TIME_MAX_AGE_MS } from './flash-schedule.ts';
import { dayKeyNumber, manilaMonthYear } from './time.ts';

/**
 * Streak record id (docs/product.md#entities mockExamStreakList, #constants): `${uid}_${month}_${year}` for the Manila month
 * of `now`. The month is 1-based (January = 1) and not zero-padded, e.g. 'u1_11_2026'.
 */
export function streakRecordId(uid: string, now: Date): string {
  const { month, year } = manilaMonthYear(now);
  return `${uid}_${month}_${year}`;
}

/**
 * The days of the month in a mock streak record (docs/product.md#entities mockExamStreakList) once `day` is marked:
 * each day once, ascending; null when `day` is already there (nothing to write).
 */
export function addStreakDay(days: readonly number[], day: number): number[] | null {
  return days.includes(day) ? null : [...days, day].sort((a, b) => a - b);
}

/**
 * Streak rule (docs/product.md#progress: consecutive Manila days with a finished quiz or study session).
 * Days are manilaDayKey values. Same day → unchanged; the next day → +1; a gap (or no previous day)
 * → 1. A day before lastDay (a clock going backwards) leaves the streak unchanged.
 */
export function extendStreak(input: { lastDay: string | null; current: number; today: string }): {
  current: number;
  lastDay: string;
} {
  const { lastDay, current, today } = input;
  const todayNumber = dayKeyNumber(today);
  if (lastDay === null) return { current: 1, lastDay: today };
  const diff = todayNumber - dayKeyNumber(lastDay);
  if (diff <= 0) return { current, lastDay };
  if (diff === 1) return { current: current + 1, lastDay: today };
  return { current: 1, lastDay: today };
}

/**
 * The moment a study session's finish counts at (docs/product.md#streaks): when the session ended,
 * as the phone says on the server's clock (`finishedAt`, already moved by the send's device time),
 * so a session finished offline late in the evening and sent after midnight keeps its own day, and
 * a student offline for days keeps each of them. Never later than `now`, and no further back than
 * the server takes a rating's own time (`RATING_TIME_MAX_AGE_MS`, core `ratingTime`): the session
 * is counted by its ratings and notes. None stated, or out of those bounds, it counts at `now`.
 */
export function studyFinishAt(finishedAt: Date | null, now: Date): Date {
  const at = finishedAt?.getTime() ?? Number.NaN;
  if (!Number.isFinite(at) || at < now.getTime() - RATING_TIME_MAX_AGE_MS) return now;
  return at < now.getTime() ? new Date(at) : now;
}
