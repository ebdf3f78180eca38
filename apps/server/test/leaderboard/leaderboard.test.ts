import { rankStandings, seasonBoardKey, weekBoardKey } from '@pasado/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankedOnBoard, rankOnBoard } from '../../src/modules/leaderboard/ranking.read-model.ts';
import { foldCountChanges } from '../../src/modules/leaderboard/scores.repository.ts';
import { addLeaderboardPoints } from '../../src/modules/leaderboard/scores.ts';
import {
  leaderboardBandCounts,
  leaderboardCountChanges,
  leaderboardScoreCounts,
  leaderboardScores,
  leaderboardTieCounts,
  seasons,
  users,
} from '../../src/platform/db/schema.ts';
import { createStaff, createStudent, type TestUser } from '../helpers/factories.ts';
import { appWithLockHolder } from '../helpers/lock-holder.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

describe.each(ENGINES)('leaderboard on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    staff = await createStaff(t);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const award = (userId: string, points: number, at: Date) =>
    db().transaction((tx) => addLeaderboardPoints(tx, userId, points, at));
  const get = (cookie: string | null, board = 'week') =>
    t.app.inject({ url: `/api/leaderboard?board=${board}`, headers: cookie ? { cookie } : {} });
  const named = async (name: string) => {
    const user = await createStudent(t);
    await db().update(users).set({ displayName: name }).where(eq(users.id, user.userId));
    return user;
  };

  /** The count rows of a board (ADR 039: they move only when changes are folded). */
  const countsOf = async (board: string) => ({
    bands: await db()
      .select()
      .from(leaderboardBandCounts)
      .where(eq(leaderboardBandCounts.board, board)),
    scores: await db()
      .select()
      .from(leaderboardScoreCounts)
      .where(eq(leaderboardScoreCounts.board, board)),
    ties: await db()
      .select()
      .from(leaderboardTieCounts)
      .where(eq(leaderboardTieCounts.board, board)),
  });
  const changesOn = async (board: string) =>
    (
      await db()
        .select()
        .from(leaderboardCountChanges)
        .where(eq(leaderboardCountChanges.board, board))
    ).length;

  it('answers 401 without a session', async () => {
    expect((await get(null)).statusCode).toBe(401);
  });

  it('refuses an unknown board with 400', async () => {
    const user = await createStudent(t);
    expect((await get(user.cookie, 'month')).statusCode).toBe(400);
  });

  it('puts points on the Manila week: Saturday 23:59:59.999 and Sunday 00:00 are different weeks', async () => {
    const user = await createStudent(t);
    const saturdayLast = new Date('2026-11-21T15:59:59.999Z');
    const sundayFirst = new Date('2026-11-21T16:00:00.000Z');
    await award(user.userId, 5, saturdayLast);
    await award(user.userId, 7, sundayFirst);
    const rows = await db()
      .select({ board: leaderboardScores.board, points: leaderboardScores.points })
      .from(leaderboardScores)
      .where(eq(leaderboardScores.userId, user.userId));
    expect(rows.sort((a, b) => a.board.localeCompare(b.board))).toEqual([
      { board: 'week:2026-11-15', points: 5 },
      { board: 'week:2026-11-22', points: 7 },
    ]);
  });

  it('ranks by points, then who reached the score first; own rank matches the reference order', async () => {
    // A board of its own: a week far in the past, so other tests' points do not mix in.
    // Hours into one Manila week (Monday 2020-01-06 08:00 Manila onwards), with seconds apart.
    const at = (hour: number, second = 0) => new Date(Date.UTC(2020, 0, 6, hour, 0, second));
    const board = weekBoardKey(at(0));
    const players = await Promise.all(Array.from({ length: 12 }, () => createStudent(t)));
    // Scores across several 100-point bands, with ties reached in the same and in different hours.
    const plan = [30, 250, 250, 120, 250, 5, 30, 1, 250, 120, 2, 30];
    for (const [i, user] of players.entries()) {
      // Two awards each, so reachedAt is the time of the last gain and counts move between buckets.
      await award(user.userId, 1, at(i % 3, i));
      if ((plan[i] ?? 0) > 1)
        await award(user.userId, (plan[i] ?? 0) - 1, at(50 + (i % 2), 30 - i));
    }
    const stored = await db()
      .select()
      .from(leaderboardScores)
      .where(eq(leaderboardScores.board, board));
    const reference = rankStandings(stored);
    const ranksAgree = async () => {
      for (const entry of reference) {
        expect(await rankOnBoard(db(), board, entry.userId)).toEqual({
          rank: entry.rank,
          points: entry.points,
        });
      }
      expect(await rankedOnBoard(db(), board)).toBe(players.length);
    };
    // Exact from the appended count changes alone (ADR 039), and once they are folded.
    expect(await countsOf(board)).toEqual({ bands: [], scores: [], ties: [] });
    await ranksAgree();
    expect(await foldCountChanges(db())).toBeGreaterThan(0);
    expect(await changesOn(board)).toBe(0);
    await ranksAgree();
    // The per-score counts agree with the rows.
    const counts = await db()
      .select()
      .from(leaderboardScoreCounts)
      .where(eq(leaderboardScoreCounts.board, board));
    const tally = <K>(keys: K[]) => {
      const map = new Map<K, number>();
      for (const key of keys) map.set(key, (map.get(key) ?? 0) + 1);
      return map;
    };
    const nonZero = <K>(rows: { key: K; students: number }[]) =>
      new Map(rows.filter((r) => r.students > 0).map((r) => [r.key, r.students]));
    expect(nonZero(counts.map((c) => ({ key: c.points, students: c.students })))).toEqual(
      tally(stored.map((s) => s.points)),
    );
    const bands = await db()
      .select()
      .from(leaderboardBandCounts)
      .where(eq(leaderboardBandCounts.board, board));
    expect(nonZero(bands.map((c) => ({ key: c.band, students: c.students })))).toEqual(
      tally(stored.map((s) => Math.floor(s.points / 100))),
    );
    const ties = await db()
      .select()
      .from(leaderboardTieCounts)
      .where(eq(leaderboardTieCounts.board, board));
    expect(
      nonZero(ties.map((c) => ({ key: `${c.points}@${c.hour}`, students: c.students }))),
    ).toEqual(
      tally(stored.map((s) => `${s.points}@${Math.floor(s.reachedAt.getTime() / 3_600_000)}`)),
    );
  });

  it('a fold adds to the counts an earlier fold left: students leave the score they were counted on', async () => {
    const at = (hour: number) => new Date(Date.UTC(2019, 0, 8, hour));
    const board = weekBoardKey(at(0));
    const players = await Promise.all(Array.from({ length: 4 }, () => createStudent(t)));
    for (const user of players) await award(user.userId, 10, at(1));
    await foldCountChanges(db());
    const [a, b, c] = players;
    if (!a || !b || !c) throw new Error('no players');
    await award(a.userId, 95, at(3));
    await award(b.userId, 95, at(3));
    await award(c.userId, 5, at(4));
    await foldCountChanges(db());
    const counted = await countsOf(board);
    const nonZero = <T extends { students: number }>(rows: T[], key: (row: T) => string) =>
      Object.fromEntries(
        rows
          .filter((r) => r.students > 0)
          .map((r) => [key(r), r.students])
          .sort(),
      );
    const hour = (h: number) => Math.floor(at(h).getTime() / 3_600_000);
    expect(nonZero(counted.bands, (r) => String(r.band))).toEqual({ '0': 2, '1': 2 });
    expect(nonZero(counted.scores, (r) => String(r.points))).toEqual({
      '10': 1,
      '15': 1,
      '105': 2,
    });
    expect(nonZero(counted.ties, (r) => `${r.points}@${r.hour}`)).toEqual({
      [`10@${hour(1)}`]: 1,
      [`15@${hour(4)}`]: 1,
      [`105@${hour(3)}`]: 2,
    });
    const stored = await db()
      .select()
      .from(leaderboardScores)
      .where(eq(leaderboardScores.board, board));
    for (const entry of rankStandings(stored)) {
      expect(await rankOnBoard(db(), board, entry.userId)).toEqual({
        rank: entry.rank,
        points: entry.points,
      });
    }
  });

  it('lists the top 50 with public names and initials, and my rank when I am outside it', async () => {
    const now = new Date();
    const leader = await named('Maria Clara Reyes');
    await award(leader.userId, 10_000, now);
    const crowd = await Promise.all(Array.from({ length: 55 }, () => createStudent(t)));
    for (const [i, user] of crowd.entries()) await award(user.userId, 100 + i, now);
    const me = await named('Juan Santos');
    await award(me.userId, 2, now);

    const res = await get(me.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.top).toHaveLength(50);
    expect(body.top[0]).toMatchObject({
      rank: 1,
      name: 'Maria R.',
      initials: 'MCR',
      level: 'emerald',
      points: 10_000,
      isMe: false,
    });
    expect(body.top.map((e: { rank: number }) => e.rank)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(JSON.stringify(body)).not.toContain('@');
    expect(body.me.points).toBe(2);
    expect(body.me.rank).toBeGreaterThan(50);
    expect(body.ranked).toBeGreaterThanOrEqual(57);
    expect(body.period.name).toBe('This week');

    const leaderView = (await get(leader.cookie)).json();
    expect(leaderView.top[0].isMe).toBe(true);
    expect(leaderView.me).toEqual({ rank: 1, points: 10_000 });
  });

  it('shows a student without a display name as "Student", never any part of the email', async () => {
    const secret = await createStudent(t, { email: 'maria.secret-handle@example.com' });
    await award(secret.userId, 987_654, new Date());
    const viewer = await createStudent(t);
    const view = (await get(viewer.cookie)).json();
    const row = view.top.find((r: { points: number }) => r.points === 987_654);
    expect(row).toMatchObject({ name: 'Student', initials: 'S' });
    expect(JSON.stringify(row)).not.toMatch(/maria|secret|handle/i);
    expect(JSON.stringify(view)).not.toMatch(/secret|handle/i);
  });

  it('has no season board until staff open one; then points go to it; closing ends it', async () => {
    const student = await createStudent(t);
    expect((await get(student.cookie, 'season')).json()).toEqual({
      board: 'season',
      period: null,
      top: [],
      me: null,
      ranked: 0,
    });

    const open = (cookie: string, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/seasons',
        headers: { cookie, origin: t.origin },
        payload: body,
      });
    const season = {
      name: 'December push',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      expiryDate: new Date(Date.now() + 86_400_000).toISOString(),
    };
    expect((await open(student.cookie, season)).statusCode).toBe(403);
    expect(
      (await open(staff.cookie, { ...season, expiryDate: season.startsAt })).json().error.message,
    ).toContain('The season must end after it starts.');

    const opened = (await open(staff.cookie, season)).json();
    expect(opened).toMatchObject({ name: 'December push', status: 'open', phase: 'running' });
    // Already over (a year typed wrong): refused, and the running season stays open.
    const lastYear = {
      ...season,
      startsAt: new Date(Date.now() - 400 * 86_400_000).toISOString(),
      expiryDate: new Date(Date.now() - 370 * 86_400_000).toISOString(),
    };
    const over = await open(staff.cookie, lastYear);
    expect([over.statusCode, over.json().error.message]).toEqual([
      400,
      'This season would already be over. Check its dates.',
    ]);
    await award(student.userId, 12, new Date());
    const view = (await get(student.cookie, 'season')).json();
    expect(view.period.name).toBe('December push');
    expect(view.me).toEqual({ rank: 1, points: 12 });
    const [row] = await db()
      .select()
      .from(leaderboardScores)
      .where(eq(leaderboardScores.board, seasonBoardKey(opened.id)));
    expect(row?.points).toBe(12);

    // Opening another season closes the first.
    const second = (await open(staff.cookie, { ...season, name: 'January' })).json();
    const listed = await t.app.inject({
      url: '/api/admin/seasons',
      headers: { cookie: staff.cookie },
    });
    // Every staff answer is uncacheable (set once for all of /api/admin).
    expect(listed.headers['cache-control']).toBe('no-store');
    const list = listed.json();
    expect(list.seasons.find((s: { id: string }) => s.id === opened.id).status).toBe('closed');

    const close = (cookie: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/seasons/${id}/close`,
        headers: { cookie, origin: t.origin },
      });
    expect((await close(student.cookie, second.id)).statusCode).toBe(403);
    expect((await close(staff.cookie, second.id)).json()).toMatchObject({
      status: 'closed',
      phase: 'closed',
    });
    expect((await close(staff.cookie, crypto.randomUUID())).statusCode).toBe(404);
    expect((await get(student.cookie, 'season')).json().period).toBeNull();
    expect(
      (await t.app.inject({ url: '/api/admin/seasons', headers: { cookie: student.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it('shows no season while the open one has not started; points wait for its start', async () => {
    // Before, a season opened for tomorrow was served as the running one, empty.
    const student = await createStudent(t);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seasons',
      headers: { cookie: staff.cookie, origin: t.origin },
      payload: {
        name: 'Next week',
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        expiryDate: new Date(Date.now() + 8 * 86_400_000).toISOString(),
      },
    });
    // Staff see it as not started yet, not as the running season (it was shown "Open").
    expect(opened.json()).toMatchObject({ name: 'Next week', status: 'open', phase: 'scheduled' });
    const listed = await t.app.inject({
      url: '/api/admin/seasons',
      headers: { cookie: staff.cookie },
    });
    expect(
      listed.json().seasons.find((s: { id: string }) => s.id === opened.json().id),
    ).toMatchObject({ status: 'open', phase: 'scheduled' });
    await award(student.userId, 7, new Date());
    expect((await get(student.cookie, 'season')).json()).toEqual({
      board: 'season',
      period: null,
      top: [],
      me: null,
      ranked: 0,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/seasons/${opened.json().id}/close`,
      headers: { cookie: staff.cookie, origin: t.origin },
    });
  });

  it('concurrent awards to many students, and folds among them, keep counts exact and never deadlock', async () => {
    const at = new Date(Date.UTC(2021, 5, 7, 3));
    const board = weekBoardKey(at);
    const players = await Promise.all(Array.from({ length: 6 }, () => createStudent(t)));
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => award(players[i % 6]?.userId ?? '', 1 + (i % 4), at)),
      ...Array.from({ length: 4 }, () => foldCountChanges(db())),
    ]);
    await foldCountChanges(db());
    expect(await changesOn(board)).toBe(0);
    const stored = await db()
      .select()
      .from(leaderboardScores)
      .where(eq(leaderboardScores.board, board));
    expect(stored.reduce((sum, s) => sum + s.points, 0)).toBe(
      Array.from({ length: 30 }, (_, i) => 1 + (i % 4)).reduce((a, b) => a + b, 0),
    );
    const counts = await db()
      .select()
      .from(leaderboardScoreCounts)
      .where(eq(leaderboardScoreCounts.board, board));
    expect(counts.reduce((sum, c) => sum + c.students, 0)).toBe(6);
  });
  it.runIf(engine === 'postgres')(
    "an award never waits on another student's award in the same band (ADR 039)",
    async () => {
      const at = new Date(Date.UTC(2021, 8, 6, 3));
      const [first, second] = await Promise.all([createStudent(t), createStudent(t)]);
      if (!first || !second) throw new Error('no students');
      let awarded = () => {};
      const firstAwarded = new Promise<void>((resolve) => {
        awarded = resolve;
      });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // The first award's transaction stays open, holding whatever rows it wrote.
      const open = db().transaction(async (tx) => {
        await addLeaderboardPoints(tx, first.userId, 5, at);
        awarded();
        await held;
      });
      await firstAwarded;
      try {
        // Same board, same band, same score and hour: with shared count rows written by each
        // award, this one waited for the first one's commit and gave up.
        await db().transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '500ms'`);
          await addLeaderboardPoints(tx, second.userId, 5, at);
        });
      } finally {
        release();
        await open;
      }
      await foldCountChanges(db());
      const counts = await countsOf(weekBoardKey(at));
      expect(counts.bands.map((c) => c.students)).toEqual([2]);
      expect(counts.ties.map((c) => c.students)).toEqual([2]);
    },
  );
});

// Two staff opening a season at once each closed the open seasons it could see, neither seeing the
// other's uncommitted one: both committed, two seasons open. The interleaving is forced: another
// connection holds the audit log, which each opening writes last, while two openings arrive.
describe.runIf(ENGINES.includes('postgres'))('seasons opened at once, on postgres', () => {
  const { app, holder } = appWithLockHolder();

  it('leave exactly one season open', async () => {
    const t = app();
    const [a, b] = [await createStaff(t), await createStaff(t)];
    const open = (staffer: TestUser, name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/seasons',
        headers: { cookie: staffer.cookie, origin: t.origin },
        payload: {
          name,
          startsAt: new Date(Date.now() - 60_000).toISOString(),
          expiryDate: new Date(Date.now() + 86_400_000).toISOString(),
        },
      });
    await holder.hold('lock table audit_log in share mode');
    const sent = [open(a, 'From A'), open(b, 'From B')];
    await expect.poll(() => holder.waiting()).toBe(2);
    await holder.release();
    expect((await Promise.all(sent)).map((res) => res.statusCode)).toEqual([200, 200]);
    const rows = await t.app.database.db.select().from(seasons).where(eq(seasons.status, 'open'));
    expect(rows).toHaveLength(1);
  });
});
