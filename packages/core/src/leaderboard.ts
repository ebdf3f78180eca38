import { initials } from './initials.ts';
import { manilaDayKey, manilaWeekRange } from './time.ts';

/** How many students a board lists (issue 5); the student's own rank is shown even below it. */
export const LEADERBOARD_SIZE = 50;

/**
 * The board of the Manila week containing `now` (docs/product.md#time: Sunday 00:00:00 to Saturday
 * 23:59:59.999): `week:{YYYY-MM-DD of that Sunday}`.
 */
export function weekBoardKey(now: Date): string {
  return `week:${manilaDayKey(manilaWeekRange(now).start)}`;
}

export const seasonBoardKey = (seasonId: string): string => `season:${seasonId}`;

/**
 * Where a season stands at `now`. Only `running` counts for the board and its points
 * (docs/product.md#leaderboard: status open, expiry in the future, and started); staff may open a
 * season ahead of its start (`scheduled`), and an open one whose expiry has passed has `ended`
 * without anyone closing it.
 */
export const SEASON_PHASES = ['scheduled', 'running', 'ended', 'closed'] as const;
export type SeasonPhase = (typeof SEASON_PHASES)[number];

export function seasonPhase(
  season: { status: 'open' | 'closed'; startsAt: Date; expiryDate: Date },
  now: Date,
): SeasonPhase {
  if (season.status === 'closed') return 'closed';
  if (season.expiryDate.getTime() <= now.getTime()) return 'ended';
  return season.startsAt.getTime() > now.getTime() ? 'scheduled' : 'running';
}

export type Standing = { userId: string; points: number; reachedAt: Date };

/**
 * The tie rule (docs/decisions/006): more points first; on equal points, whoever reached that
 * score first; then the user id, so the order is total and stable.
 */
export function compareStandings(a: Standing, b: Standing): number {
  if (a.points !== b.points) return b.points - a.points;
  const time = a.reachedAt.getTime() - b.reachedAt.getTime();
  if (time !== 0) return time;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/** 1-based ranks in board order; the reference the database queries are tested against. */
export function rankStandings<T extends Standing>(
  standings: readonly T[],
): (T & { rank: number })[] {
  return [...standings].sort(compareStandings).map((s, index) => ({ ...s, rank: index + 1 }));
}

/**
 * How a student appears to other students on the leaderboard (docs/product.md#initials initials avatar): the
 * display name shortened to first name and last initial, or "Student" with an "S" avatar when
 * there is none. Never any part of the email address (issue 9, finding 12: the local part of an
 * email is often the full name, or a handle the student never chose to show).
 */
export function publicIdentity(displayName: string | null | undefined): {
  name: string;
  initials: string;
} {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { name: 'Student', initials: 'S' };
  if (words.length === 1) return { name: words[0] ?? '', initials: initials(words[0], null) };
  const last = words[words.length - 1] ?? '';
  const given = words.slice(0, -1).join(' ');
  return {
    name: `${words[0]} ${Array.from(last)[0]?.toUpperCase() ?? ''}.`,
    initials: initials(given, last),
  };
}
