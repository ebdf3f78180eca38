import { manilaDayKey } from '@pasado/core/rules';

/**
 * How the web app writes pesos, counts and dates. Every date a student or staff member reads is
 * Manila time, whatever zone the phone is set to (DESIGN.md "Time"). Each formatter is built once,
 * on its first use: an `Intl` constructor costs far more than a `format` call, and these run for
 * every row of a list; built at import, the five cost a mid-range phone over 100 ms on the first
 * load of every screen that imports this module, most of which use one or none (issue 10).
 *
 * SPEC texts whose wording is a rule keep core's deterministic formatters (e.g. 'Free trial ends
 * {date}.' uses `formatManilaDate` from `@pasado/core`).
 */
const LOCALE = 'en-PH';
const timeZone = 'Asia/Manila';

/** `make()` on the first call, the same object after. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const NUMBER = once(() => new Intl.NumberFormat(LOCALE));
const DATE_TIME = once(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const DATE = once(
  () =>
    new Intl.DateTimeFormat(LOCALE, { timeZone, year: 'numeric', month: 'short', day: 'numeric' }),
);
const SHORT_DATE = once(
  () => new Intl.DateTimeFormat(LOCALE, { timeZone, month: 'short', day: 'numeric' }),
);
const TIME = once(
  () => new Intl.DateTimeFormat(LOCALE, { timeZone, hour: 'numeric', minute: '2-digit' }),
);

type Instant = Date | string | number;
const toDate = (when: Instant) => (when instanceof Date ? when : new Date(when));

/** A count with thousands separators: 1,234. */
export const formatNumber = (value: number) => NUMBER().format(value);

/** Whole pesos as students read them (SPEC §9 prices): ₱199, ₱1,299. */
export const peso = (amount: number) => `₱${NUMBER().format(amount)}`;

/** A lowercase word, such as a level, as a name: 'emerald' → 'Emerald'. */
export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A Manila date and time: 'Nov 25, 2026, 9:30 PM'. */
export const manilaDateTime = (when: Instant) => DATE_TIME().format(toDate(when));

/** A Manila date: 'Nov 25, 2026'. */
export const manilaDate = (when: Instant) => DATE().format(toDate(when));

/** A Manila date without the year, for recent things: 'Nov 25'. */
export const manilaShortDate = (when: Instant) => SHORT_DATE().format(toDate(when));

/** A Manila time of day: '9:30 PM'. */
export const manilaTime = (when: Instant) => TIME().format(toDate(when));

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
