import { weekBoardKey } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountFoldingTimer } from '../../src/modules/leaderboard/schedule-count-folding.ts';
import { addLeaderboardPoints } from '../../src/modules/leaderboard/scores.ts';
import { leaderboardBandCounts, leaderboardCountChanges } from '../../src/platform/db/schema.ts';
import { createStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** ADR 039: the server folds the leaderboard's appended count changes on its own. */
describe('the scheduled count folding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('folds what awards appended within seconds of its start', async () => {
    const db = t.app.database.db;
    const at = new Date(Date.UTC(2022, 2, 9, 5));
    const board = weekBoardKey(at);
    const student = await createStudent(t);
    await db.transaction((tx) => addLeaderboardPoints(tx, student.userId, 120, at));
    expect(await db.select().from(leaderboardCountChanges)).toHaveLength(1);
    const stop = startCountFoldingTimer(t.app);
    try {
      await expect
        .poll(async () => (await db.select().from(leaderboardCountChanges)).length, {
          timeout: 5_000,
        })
        .toBe(0);
    } finally {
      stop();
    }
    const bands = await db
      .select({ band: leaderboardBandCounts.band, students: leaderboardBandCounts.students })
      .from(leaderboardBandCounts)
      .where(eq(leaderboardBandCounts.board, board));
    expect(bands).toEqual([{ band: 1, students: 1 }]);
  });
});
