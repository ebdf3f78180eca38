import { weekBoardKey } from '@pasado/core';
import { describe, expect, it } from 'vitest';
import { rankOnBoard } from '../../src/modules/leaderboard/ranking.read-model.ts';
import { addLeaderboardPoints } from '../../src/modules/leaderboard/scores.ts';
import { createStudent } from '../helpers/factories.ts';
import { appWithLockHolder } from '../helpers/lock-holder.ts';
import { ENGINES } from '../helpers/test-database.ts';

// Own rank reads the student's score and the counts. Read in two statements, an award of theirs
// committing between them counted them ahead of themselves: rank 3 of 2. The interleaving is
// forced here: another connection holds a count table while the rank is read, awards the student,
// and lets go.
describe.runIf(ENGINES.includes('postgres'))('own rank during own award, on postgres', () => {
  const { app, holder } = appWithLockHolder();
  const db = () => app().app.database.db;
  const award = (userId: string, points: number, at: Date) =>
    db().transaction((tx) => addLeaderboardPoints(tx, userId, points, at));

  it('is read from one snapshot: before the award or after it, never between', async () => {
    const t = app();
    const at = new Date(Date.UTC(2021, 0, 6, 4));
    const board = weekBoardKey(at);
    const [me, rival] = [await createStudent(t), await createStudent(t)];
    await award(me.userId, 10, at);
    await award(rival.userId, 15, at);
    expect(await rankOnBoard(db(), board, me.userId)).toEqual({ rank: 2, points: 10 });

    await holder.hold('lock table leaderboard_band_counts in access exclusive mode');
    const read = rankOnBoard(db(), board, me.userId);
    // The read is waiting on the held table…
    await expect.poll(() => holder.waiting()).toBe(1);
    // …while the student's award (10 → 30, past the rival) commits, as a finish's would.
    const later = new Date(at.getTime() + 60_000);
    await holder.query(
      `update leaderboard_scores set points = 30, reached_at = $3 where board = $1 and user_id = $2`,
      [board, me.userId, later],
    );
    await holder.query(
      `insert into leaderboard_count_changes (board, points, hour, delta)
       values ($1, 10, $2, -1), ($1, 30, $3, 1)`,
      [board, Math.floor(at.getTime() / 3_600_000), Math.floor(later.getTime() / 3_600_000)],
    );
    await holder.release();
    expect(await read).toEqual({ rank: 1, points: 30 });
  });
});
