import { weekBoardKey } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Activity, recordActivity } from '../../src/modules/progress/record-activity.ts';
import {
  leaderboardScores,
  reviewers,
  subjects,
  topics,
  userStats,
  userStreaks,
  users,
  userTopicStats,
} from '../../src/platform/db/schema.ts';
import { createStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

const quiz = (over: Partial<Activity> = {}): Activity => ({
  topics: [{ topicId: 'ra.verbal.vocab', answered: 10, correct: 7, seconds: 300 }],
  gems: 7,
  drillPoints: 0,
  finished: true,
  ...over,
});

describe.each(ENGINES)('recordActivity on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    const db = t.app.database.db;
    const [reviewer] = await db.select().from(reviewers).limit(1);
    await db.insert(subjects).values([
      { id: 'ra.verbal', reviewerShorthand: reviewer?.shorthand ?? 'cse-pro', name: 'Verbal' },
      { id: 'ra.math', reviewerShorthand: reviewer?.shorthand ?? 'cse-pro', name: 'Math' },
    ]);
    await db.insert(topics).values([
      { id: 'ra.verbal.vocab', subjectId: 'ra.verbal', name: 'Vocabulary' },
      { id: 'ra.verbal.grammar', subjectId: 'ra.verbal', name: 'Grammar' },
      { id: 'ra.math.series', subjectId: 'ra.math', name: 'Series' },
    ]);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const record = (userId: string, activity: Activity, at: Date) =>
    db().transaction((tx) => recordActivity(tx, userId, activity, at));
  const user = async (userId: string) => {
    const [row] = await db().select().from(users).where(eq(users.id, userId));
    return row;
  };

  it('adds topic stats, gems under the current level, streak and week points, and the subject summary', async () => {
    const { userId } = await createStudent(t);
    const at = new Date('2026-11-23T02:00:00Z');
    const outcome = await record(userId, quiz(), at);
    expect(outcome).toEqual({
      streak: 1,
      gemsAdded: 7,
      drillPointsAdded: 0,
      level: 'emerald',
      leveledUp: false,
    });
    await record(
      userId,
      quiz({
        topics: [
          { topicId: 'ra.verbal.grammar', answered: 10, correct: 3, seconds: 120 },
          { topicId: 'ra.math.series', answered: 4, correct: 4, seconds: 60 },
        ],
        gems: 7,
      }),
      at,
    );
    expect((await user(userId))?.gemsCollection).toEqual({ emerald: 14 });
    const [stats] = await db().select().from(userStats).where(eq(userStats.userId, userId));
    expect(stats?.stats).toEqual({
      'ra.verbal': { answered: 20, correct: 10, secondsStudied: 420, accuracy: 50 },
      'ra.math': { answered: 4, correct: 4, secondsStudied: 60, accuracy: 100 },
    });
    const [vocab] = await db()
      .select()
      .from(userTopicStats)
      .where(and(eq(userTopicStats.userId, userId), eq(userTopicStats.topicId, 'ra.verbal.vocab')));
    expect(vocab).toMatchObject({ answered: 10, correct: 7, secondsStudied: 300 });
    const [score] = await db()
      .select()
      .from(leaderboardScores)
      .where(
        and(eq(leaderboardScores.userId, userId), eq(leaderboardScores.board, weekBoardKey(at))),
      );
    expect(score?.points).toBe(14);
  });

  it('sums the subject summary from the topic rows as they stand: a topic moved to another subject moves its answers (ADR 040)', async () => {
    await db()
      .insert(topics)
      .values({ id: 'ra.verbal.moving', subjectId: 'ra.verbal', name: 'Moving' });
    const { userId } = await createStudent(t);
    const moving = { topicId: 'ra.verbal.moving', answered: 5, correct: 4, seconds: 90 };
    const first = new Date('2026-11-23T02:00:00Z');
    const later = new Date('2026-11-23T05:00:00Z');
    await record(userId, quiz(), first);
    await record(userId, quiz({ topics: [moving] }), later);
    const summary = async () =>
      (await db().select().from(userStats).where(eq(userStats.userId, userId)))[0];
    expect((await summary())?.stats).toEqual({
      'ra.verbal': { answered: 15, correct: 11, secondsStudied: 390, accuracy: 73 },
    });
    expect((await summary())?.updatedAt).toEqual(later);
    // Staff move the topic to Math: its answers count there from now on, with nothing recorded.
    await db().update(topics).set({ subjectId: 'ra.math' }).where(eq(topics.id, moving.topicId));
    expect((await summary())?.stats).toEqual({
      'ra.verbal': { answered: 10, correct: 7, secondsStudied: 300, accuracy: 70 },
      'ra.math': { answered: 5, correct: 4, secondsStudied: 90, accuracy: 80 },
    });
  });

  it('counts Manila days for the streak: 23:59 and 00:01 Manila are two days; a gap restarts it', async () => {
    const { userId } = await createStudent(t);
    const streak = async () =>
      (await db().select().from(userStreaks).where(eq(userStreaks.userId, userId)))[0];
    await record(userId, quiz(), new Date('2026-11-23T15:59:00Z')); // Mon 23:59 Manila
    await record(userId, quiz(), new Date('2026-11-23T16:01:00Z')); // Tue 00:01 Manila
    expect(await streak()).toMatchObject({ current: 2, longest: 2, lastDay: '2026-11-24' });
    await record(userId, quiz(), new Date('2026-11-24T03:00:00Z')); // still Tuesday
    expect((await streak())?.current).toBe(2);
    await record(userId, quiz(), new Date('2026-11-26T03:00:00Z')); // Thursday: a gap
    expect(await streak()).toMatchObject({ current: 1, longest: 2, lastDay: '2026-11-26' });
    // Time studied without a finish (a card rated, a note read) does not count.
    const studied = { topicId: 'ra.verbal.vocab', answered: 0, correct: 0, seconds: 60 };
    await record(
      userId,
      quiz({ finished: false, gems: 0, topics: [studied] }),
      new Date('2026-11-27T03:00:00Z'),
    );
    expect((await streak())?.lastDay).toBe('2026-11-26');
  });

  it('answers counted toward the day count the day, as the Today list’s items row assumes (ADR 033)', async () => {
    const { userId } = await createStudent(t);
    const streak = async () =>
      (await db().select().from(userStreaks).where(eq(userStreaks.userId, userId)))[0];
    // Every caller that sends answers also says it finished; the day counts even if one did not.
    await record(userId, quiz({ finished: false }), new Date('2026-11-27T03:00:00Z'));
    expect(await streak()).toMatchObject({ current: 1, lastDay: '2026-11-27' });
  });

  it('moves the level up when the total crosses a threshold, never down', async () => {
    const { userId } = await createStudent(t);
    await db()
      .update(users)
      .set({ gemsCollection: { emerald: 495 } })
      .where(eq(users.id, userId));
    const outcome = await record(userId, quiz({ gems: 10 }), new Date());
    expect(outcome).toMatchObject({ level: 'sapphire', leveledUp: true, gemsAdded: 10 });
    expect(await user(userId)).toMatchObject({
      currentLevel: 'sapphire',
      gemsCollection: { emerald: 505 },
    });
    await record(userId, quiz({ gems: 3 }), new Date());
    expect((await user(userId))?.gemsCollection).toEqual({ emerald: 505, sapphire: 3 });
  });

  it('keeps drill points unclaimed and bumps the user document version', async () => {
    const { userId } = await createStudent(t);
    const before = (await user(userId))?.version ?? 0;
    await record(userId, quiz({ topics: [], gems: 0, drillPoints: 12 }), new Date());
    await record(userId, quiz({ topics: [], gems: 0, drillPoints: 3 }), new Date());
    const after = await user(userId);
    expect(after?.unclaimedDrillPoints).toBe(15);
    // Each write bumps the version (live clients tell a newer snapshot from an older one).
    expect(after?.version).toBeGreaterThanOrEqual(before + 2);
  });

  it('rolls back with the caller: nothing is recorded when the transaction fails', async () => {
    const { userId } = await createStudent(t);
    await expect(
      db().transaction(async (tx) => {
        await recordActivity(tx, userId, quiz(), new Date());
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect((await user(userId))?.gemsCollection).toEqual({});
    expect(
      await db().select().from(userTopicStats).where(eq(userTopicStats.userId, userId)),
    ).toEqual([]);
  });
});
