import type { SittingDays } from '../exam-sittings.ts';
import { manilaDayKey } from '../time.ts';

/**
 * The plan to the exam date (issue 23 item 5; ADR 028): a daily target from the days left and the
 * gap, full mocks spread across the review with the last about a week before the exam, FSRS's
 * desired retention raised as the date nears (the streak freeze is core `streak-freeze.ts`). Days are Manila days
 * ('YYYY-MM-DD', core `manilaDayKey`); the arithmetic is on those keys, never on host time.
 */

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Manila day key as a day number (days since 1970-01-01); throws on a malformed key. */
export function dayNumberOf(key: string): number {
  const m = DAY_KEY.exec(key);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== key) {
    throw new RangeError(`Invalid day key: ${key}`);
  }
  return ms / 86_400_000;
}

/** The day key `n` days after `key` (negative: before). */
export function addDays(key: string, n: number): string {
  return new Date((dayNumberOf(key) + n) * 86_400_000).toISOString().slice(0, 10);
}

/** Manila days from `today` to the exam day (0 on the day, negative after it). */
export const daysUntil = (today: string, examDay: string): number =>
  dayNumberOf(examDay) - dayNumberOf(today);

/** The least a day asks, however close the student is: practice keeps what is learnt. */
export const DAILY_ITEMS_MIN = 20;
/** The most a day asks: beyond this, more items a day stop paying (and students stop coming). */
export const DAILY_ITEMS_MAX = 150;
/**
 * Items of practice per rating point to gain (ADR 028: from the simulation, about 1 point per 40
 * items of targeted practice once past the first weeks; rounded up to be safe).
 */
export const ITEMS_PER_POINT = 40;
/** The plan aims this many points above the line, so a bad day on the exam still passes. */
export const PLAN_MARGIN_POINTS = 3;

/**
 * The points a student still has to gain: the largest of the whole's distance to the passing
 * average and each part's to its floor, each with the margin; 0 when everything clears it.
 */
export function gapPoints(input: {
  whole: number;
  passingAverage: number;
  parts: readonly { rating: number; floor: number }[];
}): number {
  const distances = [
    input.passingAverage + PLAN_MARGIN_POINTS - input.whole,
    ...input.parts.filter((p) => p.floor > 0).map((p) => p.floor + PLAN_MARGIN_POINTS - p.rating),
  ];
  return Math.max(0, ...distances);
}

/**
 * Today's target: the gap's items spread over the days left (exam day itself is rest), at least
 * the minimum and at most the maximum; minutes at the blueprint's pace per item.
 */
export function dailyTarget(input: {
  daysLeft: number;
  gapPoints: number;
  minutesPerItem: number;
}): { items: number; minutes: number } {
  if (input.daysLeft <= 0) return { items: 0, minutes: 0 };
  const needed = (Math.max(0, input.gapPoints) * ITEMS_PER_POINT) / input.daysLeft;
  const items = Math.min(DAILY_ITEMS_MAX, Math.max(DAILY_ITEMS_MIN, Math.ceil(needed / 5) * 5));
  return { items, minutes: Math.ceil(items * input.minutesPerItem) };
}

/** Full mocks in a review (issue 23: for example four). */
export const PLAN_MOCKS = 4;
/** The last mock is this many days before the exam: time to mend what it shows. */
export const LAST_MOCK_DAYS_BEFORE = 7;
/** Two mocks are at least this many days apart: each needs time to act on. */
export const MOCK_MIN_SPACING_DAYS = 5;

/**
 * The days of the full mocks from `today` to the exam: the last `LAST_MOCK_DAYS_BEFORE` days
 * before it, the others evenly spread back to today, at least `MOCK_MIN_SPACING_DAYS` apart —
 * fewer mocks when there is no room (none on or after the exam day, none before today).
 */
export function mockDays(today: string, examDay: string, count = PLAN_MOCKS): string[] {
  const left = daysUntil(today, examDay);
  if (left <= 0) return [];
  const last = Math.max(0, left - LAST_MOCK_DAYS_BEFORE);
  const fits = Math.min(count, Math.floor(last / MOCK_MIN_SPACING_DAYS) + 1);
  if (fits <= 1) return [addDays(today, Math.min(last, left - 1))];
  const step = last / (fits - 1);
  return Array.from({ length: fits }, (_, i) => addDays(today, Math.round(i * step)));
}

/**
 * The review a plan covers (issue 23 item 6: a 12-week review, the length `bench:readiness`
 * simulates): the plan's full mocks are placed in the last `PLAN_REVIEW_DAYS` before the exam.
 */
export const PLAN_REVIEW_DAYS = 84;

/**
 * The plan's full-mock days for an exam (ADR 033): `mockDays` over the `PLAN_REVIEW_DAYS` before
 * the exam, so they depend on the exam day alone and stay put from one day to the next (spread
 * back from *today*, the first would be today every day, and "a mock is due" could never be
 * answered). With an exam nearer than that, the earlier days have passed: the latest passed one
 * is what a student who starts late owes (core `todayList`).
 */
export function planMockDays(examDay: string): string[] {
  return mockDays(addDays(examDay, -PLAN_REVIEW_DAYS), examDay);
}

/** FSRS's desired retention far from the exam (ts-fsrs's default). */
export const RETENTION_FAR = 0.9;
/** Desired retention in the last week: cards come back sooner so they are fresh on the day. */
export const RETENTION_NEAR = 0.95;
/** From this many days out the retention starts rising. */
export const RETENTION_RAMP_DAYS = 60;

/**
 * The desired retention for FSRS with `daysLeft` to the exam (null: no exam date): the default
 * far out, rising linearly to `RETENTION_NEAR` a week before, and kept there.
 */
export function desiredRetention(daysLeft: number | null): number {
  if (daysLeft === null || daysLeft >= RETENTION_RAMP_DAYS) return RETENTION_FAR;
  if (daysLeft <= LAST_MOCK_DAYS_BEFORE) return RETENTION_NEAR;
  const t = (RETENTION_RAMP_DAYS - daysLeft) / (RETENTION_RAMP_DAYS - LAST_MOCK_DAYS_BEFORE);
  return Math.round((RETENTION_FAR + t * (RETENTION_NEAR - RETENTION_FAR)) * 1000) / 1000;
}

/**
 * A sitting's days as the phone keeps them (contract `examDay`, `examLastDay` of the study progress
 * and the For-you kit): a last day missing from what an earlier version sent is read as a one-day
 * sitting.
 */
export function keptSittingDays(kept: {
  examDay?: string | null;
  examLastDay?: string | null;
}): SittingDays | null {
  const { examDay = null, examLastDay } = kept;
  return examDay === null ? null : { startsOn: examDay, endsOn: examLastDay ?? examDay };
}

/**
 * The exam day readiness counts to for a sitting on `today`: its first day until it begins; today
 * on any of its days, since each of them is exam day (the NLE's second day as much as its first:
 * quiz home's exam date says "Exam day" on both); its first day again once it is over, which the
 * plan and the retention read as passed.
 */
export function sittingExamDay(sitting: SittingDays | null, today: string): string | null {
  if (!sitting) return null;
  return sitting.startsOn <= today && today <= sitting.endsOn ? today : sitting.startsOn;
}

/**
 * The retention a flash-card rating at `at` aims at (ADR 033), the one input the server and the
 * phone both give ts-fsrs: `desiredRetention` of the Manila days from the rating's day to the
 * student's exam day (`sittingExamDay`: 0 on every day of the sitting). Without an exam date, or
 * once the sitting is over, the default.
 */
export function retentionOn(sitting: SittingDays | null, at: Date): number {
  const today = manilaDayKey(at);
  const examDay = sittingExamDay(sitting, today);
  if (examDay === null) return RETENTION_FAR;
  const left = daysUntil(today, examDay);
  return left < 0 ? RETENTION_FAR : desiredRetention(left);
}
