import {
  formatManilaDate,
  formatManilaDateTime,
  formatManilaShortDate,
  formatManilaTime,
  groupThousands,
  manilaDayKey,
} from '@pasado/core/rules';

/** A count with thousands separators (1,234), and whole pesos as students read them (₱1,299). */
export { formatPeso as peso, groupThousands as formatNumber } from '@pasado/core/rules';

/**
 * How the web app writes pesos, counts and dates. Every date a student or staff member reads is
 * Manila time, whatever zone the phone is set to (docs/product.md#time). Core writes them as
 * `Intl`'s en-PH formats would, without `Intl`: a page's first `Intl` formatter loads the locale and
 * time-zone data, a task of over 100 ms on a mid-range phone, and the free-trial banner's end time
 * put it on every screen (issue 10).
 */

type Instant = Date | string | number;
const toDate = (when: Instant) => (when instanceof Date ? when : new Date(when));

/**
 * A noun as a count asks for it: 'gem' for 1, else `plural` ('gems' by default). With a count
 * written apart (in its own <strong>); `countText` writes both.
 */
export const nounFor = (count: number, noun: string, plural = `${noun}s`) =>
  count === 1 ? noun : plural;

/** A count and its noun, thousands grouped: '1 gem', '0 gems', '1,250 gems'. */
export const countText = (count: number, noun: string, plural?: string) =>
  `${groupThousands(count)} ${nounFor(count, noun, plural)}`;

/** A lowercase word, such as a level, as a name: 'emerald' → 'Emerald'. */
export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A Manila date and time: 'Nov 25, 2026, 9:30 PM'. */
export const manilaDateTime = (when: Instant) => formatManilaDateTime(toDate(when));

/** A Manila date: 'Nov 25, 2026'. */
export const manilaDate = (when: Instant) => formatManilaDate(toDate(when));

/** A Manila date without the year, for recent things: 'Nov 25'. */
export const manilaShortDate = (when: Instant) => formatManilaShortDate(toDate(when));

/** A Manila time of day: '9:30 PM'. */
export const manilaTime = (when: Instant) => formatManilaTime(toDate(when));

/** Today's Manila calendar day as a date input's value, 'YYYY-MM-DD'. */
export const manilaToday = () => manilaDayKey(new Date());

/**
 * The instant a Manila calendar day ('YYYY-MM-DD', a date input's value) starts or ends, as ISO.
 * Manila is UTC+8 all year (no daylight saving), so the fixed offset is exact.
 */
export function manilaDayBoundary(day: string, edge: 'start' | 'end'): string {
  return new Date(`${day}T${edge === 'end' ? '23:59:59.999' : '00:00:00.000'}+08:00`).toISOString();
}

/** A size in bytes for people: "850 KB", "1.2 MB", "3.4 GB" (decimal units, as phones show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${Math.max(0, Math.round(bytes))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'] as const;
  let value = bytes / 1_000;
  let unit = 0;
  while (value >= 1_000 && unit < units.length - 1) {
    value /= 1_000;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
