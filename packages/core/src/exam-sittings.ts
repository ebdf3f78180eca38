/**
 * Official exam sittings (issue 23 item 1; docs/product.md#exam-sittings): the real dates a track's
 * board or civil-service exam is given, each day with the track's parts taken on it. Staff keep
 * them in the console; a student picks one and quiz home counts the Manila days to it. Not to be
 * confused with a mock's sittings (`sittings.ts`), which are parts of one practice mock.
 *
 * Dates are Manila day keys ('2027-03-21'), the same keys as `manilaDayKey`.
 */

/** One day of a sitting: its Manila date and the ids of the blueprint parts taken that day. */
export type ExamSittingDay = { date: string; partIds: string[] };

export const EXAM_SITTING_MESSAGES = {
  noDays: 'Add at least one exam day.',
  badDate: 'Enter each date as YYYY-MM-DD.',
  notFuture: 'Each exam day must be after today (Manila time).',
  sameDay: 'Each exam day can appear only once.',
  noParts: 'Choose the parts taken on each day.',
  unknownPart: 'Choose only parts of this exam.',
  partTwice: 'Each part is taken on one day only.',
  missingPart: 'Every part of this exam must be on one of the days.',
  unknownSitting: 'Choose one of the listed exam dates.',
  pastSitting: 'This exam date has passed: choose an upcoming one.',
} as const;

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day's number since 1970-01-01, or NaN when `key` is not a real calendar day. */
function dayNumber(key: string): number {
  const match = DAY_KEY.exec(key);
  if (!match) return Number.NaN;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === key ? ms / 86_400_000 : Number.NaN;
}

export type ExamSittingCheck =
  | { ok: true; days: ExamSittingDay[] }
  | { ok: false; message: (typeof EXAM_SITTING_MESSAGES)[keyof typeof EXAM_SITTING_MESSAGES] };

/**
 * Checks a sitting staff enter against its track's parts (in blueprint order) and today's Manila
 * day: at least one day, real dates, every day after today and none twice, each day with parts,
 * only the track's parts, each part on exactly one day (the official exam gives every part once).
 * The days come back sorted by date and each day's parts in blueprint order.
 */
export function checkExamSitting(
  days: readonly ExamSittingDay[],
  trackPartIds: readonly string[],
  today: string,
): ExamSittingCheck {
  const fail = (message: keyof typeof EXAM_SITTING_MESSAGES) =>
    ({ ok: false, message: EXAM_SITTING_MESSAGES[message] }) as const;
  if (days.length === 0) return fail('noDays');
  const todayNumber = dayNumber(today);
  if (Number.isNaN(todayNumber)) throw new RangeError(`Invalid day key: ${today}`);
  const seenDates = new Set<string>();
  const seenParts = new Set<string>();
  for (const day of days) {
    const n = dayNumber(day.date);
    if (Number.isNaN(n)) return fail('badDate');
    if (n <= todayNumber) return fail('notFuture');
    if (seenDates.has(day.date)) return fail('sameDay');
    seenDates.add(day.date);
    if (day.partIds.length === 0) return fail('noParts');
    for (const part of day.partIds) {
      if (!trackPartIds.includes(part)) return fail('unknownPart');
      if (seenParts.has(part)) return fail('partTwice');
      seenParts.add(part);
    }
  }
  if (seenParts.size !== trackPartIds.length) return fail('missingPart');
  const order = (part: string) => trackPartIds.indexOf(part);
  return {
    ok: true,
    days: [...days]
      .sort((a, b) => (a.date < b.date ? -1 : 1))
      .map((d) => ({ date: d.date, partIds: [...d.partIds].sort((a, b) => order(a) - order(b)) })),
  };
}

/** The first day of a sitting (its days are sorted): the day quiz home counts down to. */
export function sittingStartsOn(days: readonly { date: string }[]): string {
  const first = days.map((d) => d.date).sort()[0];
  if (first === undefined) throw new RangeError('A sitting has at least one day');
  return first;
}

/** A sitting's first and last Manila days (the NLE's two, one for most exams). */
export type SittingDays = { startsOn: string; endsOn: string };

/** A stored sitting's first and last days: its start, and the last of its list of days. */
export function sittingDays(sitting: {
  startsOn: string;
  days: readonly { date: string }[];
}): SittingDays {
  return { startsOn: sitting.startsOn, endsOn: sittingEndsOn(sitting.days) };
}

/** The last day of a sitting: until it has passed, the sitting is still upcoming. */
export function sittingEndsOn(days: readonly { date: string }[]): string {
  const last = days
    .map((d) => d.date)
    .sort()
    .at(-1);
  if (last === undefined) throw new RangeError('A sitting has at least one day');
  return last;
}

/** Whether a sitting is still ahead or under way on `today` (its last day not yet past). */
export function isUpcomingSitting(days: readonly { date: string }[], today: string): boolean {
  return sittingEndsOn(days) >= today;
}

/**
 * What quiz home says about the student's sitting on `today` (Manila days): the days left to its
 * first day, 'today' on an exam day, 'past' once its last day is over.
 */
export type SittingCountdown =
  | { kind: 'ahead'; daysLeft: number }
  | { kind: 'today' }
  | { kind: 'past' };

export function sittingCountdown(
  days: readonly { date: string }[],
  today: string,
): SittingCountdown {
  const todayNumber = dayNumber(today);
  if (Number.isNaN(todayNumber)) throw new RangeError(`Invalid day key: ${today}`);
  const start = dayNumber(sittingStartsOn(days));
  const end = dayNumber(sittingEndsOn(days));
  if (todayNumber > end) return { kind: 'past' };
  if (todayNumber >= start) return { kind: 'today' };
  return { kind: 'ahead', daysLeft: start - todayNumber };
}

/** "1 day left", "86 days left", "Exam day", or null once it has passed. */
export function sittingCountdownText(countdown: SittingCountdown): string | null {
  if (countdown.kind === 'past') return null;
  if (countdown.kind === 'today') return 'Exam day';
  return countdown.daysLeft === 1 ? '1 day left' : `${countdown.daysLeft} days left`;
}

const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * A sitting's dates as students read them: 'Mar 21, 2027'; consecutive days of one month as
 * 'May 8–9, 2027'; otherwise each day, 'Nov 30 and Dec 1, 2027' (the year once when shared).
 */
export function sittingDatesText(days: readonly { date: string }[]): string {
  const parts = days
    .map((d) => d.date)
    .sort()
    .map((key) => {
      const [y, m, d] = key.split('-').map(Number);
      return { y: y ?? 0, m: MONTH_NAMES[(m ?? 1) - 1] ?? '', d: d ?? 0, n: dayNumber(key) };
    });
  const first = parts[0];
  const last = parts.at(-1);
  if (!first || !last) return '';
  if (parts.length === 1) return `${first.m} ${first.d}, ${first.y}`;
  const consecutive = parts.every((p, i) => i === 0 || p.n === (parts[i - 1]?.n ?? 0) + 1);
  if (consecutive && first.m === last.m && first.y === last.y) {
    return `${first.m} ${first.d}–${last.d}, ${first.y}`;
  }
  const sameYear = parts.every((p) => p.y === first.y);
  const each = parts.map((p) => (sameYear ? `${p.m} ${p.d}` : `${p.m} ${p.d}, ${p.y}`));
  const joined = `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
  return sameYear ? `${joined}, ${first.y}` : joined;
}
