/**
 * Manila time (docs/product.md#time; docs/product.md#constants): Asia/Manila is UTC+8 with no daylight saving, so a fixed
 * offset is exact and keeps these rules deterministic (no Intl time zones, no host time zone).
 *
 * The formatters write what `Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila' })` writes,
 * without `Intl`: a page's first `Intl` formatter loads the locale and zone data, one 20 ms task on
 * this machine and over 100 ms at Lighthouse's 4× CPU, on every screen that shows a date (issue
 * 10: the free-trial banner's end time put it on every screen of a student on the trial).
 */

/** Asia/Manila's offset from UTC: +8 h, all year. */
export const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** One day in milliseconds: a Manila day always has 24 hours (no daylight saving). */
export const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The Manila wall-clock fields of an instant, read through the UTC getters of a shifted Date. */
function manilaWallClock(d: Date): Date {
  const ms = d.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid date');
  return new Date(ms + MANILA_OFFSET_MS);
}

/** The number of the Manila calendar day an instant falls on (days since 1970-01-01 Manila). */
function manilaDayNumber(d: Date): number {
  return Math.floor(manilaWallClock(d).getTime() / DAY_MS);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * An instant as ISO 8601 in Manila time, '2026-12-25T00:00:00.000+08:00': exact for machines, and
 * the day an operator reads is the student's day (UTC's would say Dec 24 for a Manila midnight).
 */
export function manilaIsoString(d: Date): string {
  return `${manilaWallClock(d).toISOString().slice(0, 23)}+08:00`;
}

/** The Manila calendar day as 'YYYY-MM-DD' (docs/product.md#time: days and streaks are Manila days). */
export function manilaDayKey(d: Date): string {
  const w = manilaWallClock(d);
  return `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
}

/** The Manila month (1–12) and year of an instant (docs/product.md#entities mockExamStreakList; docs/product.md#time). */
export function manilaMonthYear(d: Date): { month: number; year: number } {
  const w = manilaWallClock(d);
  return { month: w.getUTCMonth() + 1, year: w.getUTCFullYear() };
}

/**
 * The Manila week containing `now` (docs/product.md#time: weeks start on Sunday and run 00:00:00 to
 * 23:59:59.999): Sunday 00:00:00.000 to Saturday 23:59:59.999 Manila time, as UTC instants.
 */
export function manilaWeekRange(now: Date): { start: Date; end: Date } {
  const day = manilaDayNumber(now);
  const weekday = manilaWallClock(now).getUTCDay(); // 0 = Sunday
  const startMs = (day - weekday) * DAY_MS - MANILA_OFFSET_MS;
  return { start: new Date(startMs), end: new Date(startMs + 7 * DAY_MS - 1) };
}

/** The instant the Manila calendar day of `now` began (00:00:00.000 Manila time). */
export function manilaDayStart(now: Date): Date {
  return new Date(manilaDayNumber(now) * DAY_MS - MANILA_OFFSET_MS);
}

/** A date as 'MMDDYY' in Manila time, e.g. '112526' (docs/product.md#constants week ranges "may be formatted as MMDDYY"). */
export function formatMMDDYY(d: Date): string {
  const w = manilaWallClock(d);
  return `${pad(w.getUTCMonth() + 1)}${pad(w.getUTCDate())}${pad(w.getUTCFullYear() % 100)}`;
}

/**
 * Calendar days from `a` to `b` in Manila (b minus a; negative when b is the earlier day), so
 * 23:59 and 00:01 the next Manila day are 1 day apart (docs/product.md#time).
 */
export function manilaDaysBetween(a: Date, b: Date): number {
  return manilaDayNumber(b) - manilaDayNumber(a);
}

/**
 * A Manila date as 'Nov 25, 2026' (English month abbreviation, day without padding), used in
 * 'Free trial ends {date}.' (docs/product.md#subscription-banner).
 */
export function formatManilaDate(d: Date): string {
  const w = manilaWallClock(d);
  return `${MONTHS[w.getUTCMonth()] ?? ''} ${w.getUTCDate()}, ${w.getUTCFullYear()}`;
}

/** The hour of a 24-hour clock as a 12-hour clock reads it, with its AM or PM. */
function twelveHour(w: Date): string {
  const hours = w.getUTCHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${pad(w.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A Manila date without the year, for recent things: 'Nov 25'. */
export function formatManilaShortDate(d: Date): string {
  const w = manilaWallClock(d);
  return `${MONTHS[w.getUTCMonth()] ?? ''} ${w.getUTCDate()}`;
}

/** A Manila time of day: '9:30 PM', '12:05 AM'. */
export function formatManilaTime(d: Date): string {
  return twelveHour(manilaWallClock(d));
}

/** A Manila date and time: 'Nov 25, 2026, 9:30 PM'. */
export function formatManilaDateTime(d: Date): string {
  return `${formatManilaDate(d)}, ${formatManilaTime(d)}`;
}

/**
 * The day a 'YYYY-MM-DD' key (`manilaDayKey`) names, counted in days from 1970-01-01, so two keys
 * subtract to the days between them. Throws on a key that is not a real date.
 */
export function dayKeyNumber(key: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  const ms = match
    ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
    : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== key) {
    throw new RangeError(`Invalid day key: ${key}`);
  }
  return ms / DAY_MS;
}

/** The 'YYYY-MM-DD' key of a day numbered as `dayKeyNumber` numbers it. */
export function dayKeyOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}
