import { describe, expect, it } from 'vitest';
import {
  compareStandings,
  publicIdentity,
  rankStandings,
  seasonBoardKey,
  seasonPhase,
  weekBoardKey,
} from './leaderboard.ts';

describe('weekBoardKey (Manila weeks, Sunday start)', () => {
  it.each([
    // Sunday 2026-11-22 00:00 Manila is 2026-11-21T16:00Z.
    ['2026-11-21T16:00:00.000Z', 'week:2026-11-22'],
    ['2026-11-21T15:59:59.999Z', 'week:2026-11-15'], // Saturday 23:59:59.999 Manila
    ['2026-11-28T15:59:59.999Z', 'week:2026-11-22'], // the next Saturday, last millisecond
    ['2026-11-28T16:00:00.000Z', 'week:2026-11-29'],
    ['2026-12-31T20:00:00.000Z', 'week:2026-12-27'], // New Year's Day in Manila, same week
  ])('%s → %s', (iso, key) => {
    expect(weekBoardKey(new Date(iso))).toBe(key);
  });
  it('names season boards by id', () => {
    expect(seasonBoardKey('abc')).toBe('season:abc');
  });
});

describe('seasonPhase', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it.each([
    ['open', '2026-11-23T00:00:00Z', '2026-12-01T00:00:00Z', 'scheduled'],
    ['open', '2026-11-22T00:00:00Z', '2026-12-01T00:00:00Z', 'running'],
    ['open', '2026-11-01T00:00:00Z', '2026-11-22T00:00:01Z', 'running'],
    ['open', '2026-11-01T00:00:00Z', '2026-11-22T00:00:00Z', 'ended'],
    ['closed', '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', 'closed'],
    ['closed', '2026-11-23T00:00:00Z', '2026-12-01T00:00:00Z', 'closed'],
  ] as const)('%s from %s until %s → %s', (status, startsAt, expiry, phase) => {
    expect(
      seasonPhase({ status, startsAt: new Date(startsAt), expiryDate: new Date(expiry) }, now),
    ).toBe(phase);
  });
});

describe('ranking and ties', () => {
  const t = (s: number) => new Date(Date.UTC(2026, 10, 22, 0, 0, s));
  it('orders by points, then who reached the score first, then user id', () => {
    const ranked = rankStandings([
      { userId: 'b', points: 10, reachedAt: t(5) },
      { userId: 'a', points: 10, reachedAt: t(5) },
      { userId: 'c', points: 10, reachedAt: t(1) },
      { userId: 'd', points: 30, reachedAt: t(9) },
      { userId: 'e', points: 0, reachedAt: t(0) },
    ]);
    expect(ranked.map((s) => `${s.rank}:${s.userId}`)).toEqual(['1:d', '2:c', '3:a', '4:b', '5:e']);
  });
  it('is a total order', () => {
    const a = { userId: 'a', points: 1, reachedAt: t(1) };
    expect(compareStandings(a, { ...a })).toBe(0);
  });
});

describe('publicIdentity', () => {
  it.each([
    ['Maria Clara Reyes', 'Maria R.', 'MCR'],
    ['Juan Dela Cruz', 'Juan C.', 'JDC'],
    ['Ana Santos', 'Ana S.', 'AS'],
    ['Cher', 'Cher', 'C'],
    [null, 'Student', 'S'],
    ['   ', 'Student', 'S'],
  ])('%s → %s (%s)', (name, shown, avatar) => {
    expect(publicIdentity(name)).toEqual({ name: shown, initials: avatar });
  });
});
