/** Lengths of time in milliseconds, for tests that move a clock or date rows (one definition). */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
