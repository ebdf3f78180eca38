import { manilaDayKey } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSchedules, dailyAwards, users, userTopicStats } from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { seedStudyContent } from './study-fixtures.ts';

/**
 * ADR 037: a rating is decided on one unlocked read and written in one statement guarded by the
 * user's activity_seq. Every other writer of what it is decided on moves that number, so a write
 * that committed in between makes the guarded write miss, and the rating is decided again under
 * the locks; nothing either wrote is lost.
 */
describe.each(ENGINES)('a rating on its guarded path on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedStudyContent(t.app.database.db, 'gr');
  });
  afterAll(() => t.close());

  const rate = (cookie: string, cardId: string, seconds: number) =>
    callApi(t, cookie, 'POST', '/api/study/let-elem/flash/reviews', {
      reviewId: crypto.randomUUID(),
      cardId,
      rating: 'good',
      seconds,
    });

  const today = async (userId: string) => {
    const db = t.app.database.db;
    const [daily] = await db
      .select({ askedSeconds: dailyAwards.askedSeconds })
      .from(dailyAwards)
      .where(
        and(eq(dailyAwards.userId, userId), eq(dailyAwards.day, manilaDayKey(t.app.clock.now()))),
      );
    const [topic] = await db
      .select({ seconds: userTopicStats.secondsStudied })
      .from(userTopicStats)
      .where(and(eq(userTopicStats.userId, userId), eq(userTopicStats.topicId, 'gr-learning')));
    const [user] = await db
      .select({ activitySeq: users.activitySeq })
      .from(users)
      .where(eq(users.id, userId));
    return {
      askedSeconds: daily?.askedSeconds ?? 0,
      topicSeconds: topic?.seconds ?? 0,
      activitySeq: user?.activitySeq ?? 0,
    };
  };

  it('moves activity_seq with every write of what a rating is decided on', async () => {
    const student = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const before = await today(student.userId);
    expect((await rate(student.cookie, 'gr-card-a1', 8)).statusCode).toBe(200);
    const rated = await today(student.userId);
    expect(rated).toEqual({
      askedSeconds: before.askedSeconds + 8,
      topicSeconds: before.topicSeconds + 8,
      activitySeq: before.activitySeq + 1,
    });
    // No study time: no activity is written, but the schedule is, and it is part of what the next
    // rating of the card is decided on.
    expect((await rate(student.cookie, 'gr-card-a1', 0)).statusCode).toBe(200);
    expect(await today(student.userId)).toEqual({ ...rated, activitySeq: rated.activitySeq + 1 });
    const [schedule] = await t.app.database.db
      .select({ reps: cardSchedules.reps })
      .from(cardSchedules)
      .where(and(eq(cardSchedules.userId, student.userId), eq(cardSchedules.cardId, 'gr-card-a1')));
    expect(schedule?.reps).toBe(2);
  });

  it.runIf(engine === 'postgres')(
    'a write of the activity that commits between the read and the write is kept, and so is the rating',
    async () => {
      const student = await createOnboardedStudent(t, { reviewer: 'let-elem' });
      expect((await rate(student.cookie, 'gr-card-a2', 8)).statusCode).toBe(200);
      const before = await today(student.userId);

      // Another of the student's activity writes, under way: it holds the user row (as every
      // activity writer does), adds to the day's seconds and moves activity_seq.
      const pool = (t.app.database.db as unknown as { $client: pg.Pool }).$client;
      const other = await pool.connect();
      try {
        await other.query('begin');
        await other.query('update users set activity_seq = activity_seq + 1 where id = $1', [
          student.userId,
        ]);
        await other.query(
          'update daily_awards set asked_seconds = asked_seconds + 100 where user_id = $1 and day = $2',
          [student.userId, manilaDayKey(t.app.clock.now())],
        );
        // The rating reads before that write commits, and its guarded write waits on the row.
        const rating = rate(student.cookie, 'gr-card-a2', 8);
        await waitForLockWait(pool);
        await other.query('commit');
        expect((await rating).statusCode).toBe(200);
      } finally {
        other.release();
      }

      const after = await today(student.userId);
      // Decided on the stale read, the day's seconds would have been written as before + 8.
      expect(after.askedSeconds).toBe(before.askedSeconds + 100 + 8);
      expect(after.topicSeconds).toBe(before.topicSeconds + 8);
      const [schedule] = await t.app.database.db
        .select({ reps: cardSchedules.reps })
        .from(cardSchedules)
        .where(
          and(eq(cardSchedules.userId, student.userId), eq(cardSchedules.cardId, 'gr-card-a2')),
        );
      expect(schedule?.reps).toBe(2);
    },
  );
});

/** Resolves once some statement of this database waits on a lock (the guarded write, here). */
async function waitForLockWait(pool: pg.Pool): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await pool.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('No statement came to wait on the held row.');
}
