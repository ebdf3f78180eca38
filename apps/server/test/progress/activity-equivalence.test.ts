import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldCountChanges } from '../../src/modules/leaderboard/scores.repository.ts';
import { type Activity, recordActivity } from '../../src/modules/progress/record-activity.ts';
import type { Tx } from '../../src/platform/db/client.ts';
import {
  dailyAwards,
  fairPlayFlags,
  leaderboardBandCounts,
  leaderboardCountChanges,
  leaderboardScoreCounts,
  leaderboardScores,
  leaderboardTieCounts,
  reviewers,
  seasons,
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
import { captureStatements } from '../quiz/statement-plans.ts';
import { recordActivityStepwise } from './reference-activity.ts';

/**
 * Issue 25: recordActivity in four statements is held to the stepwise path it replaced
 * (reference-activity.ts). The same script of activities (quizzes, rated cards, drills; days in
 * Manila, a season opening, the day's caps, a flagged day, challenges unlocked, a level crossed)
 * runs once through each on twin students, from empty leaderboards; every row either wrote is
 * compared, and every outcome.
 */

const H = 3_600_000;
const T0 = Date.parse('2026-11-20T01:00:00Z');
const at = (hours: number) => new Date(T0 + hours * H);
const topic = (topicId: string, answered: number, correct: number, seconds: number) => ({
  topicId,
  answered,
  correct,
  seconds,
});

/** The script: [hours after T0, activity]. */
const SCRIPT: [number, Activity][] = [
  [0, { topics: [topic('eq.a.one', 10, 7, 300)], gems: 7, drillPoints: 0, finished: true }],
  [0.5, { topics: [topic('eq.a.one', 0, 0, 45)], gems: 0, drillPoints: 0, finished: false }],
  [
    1,
    {
      topics: [topic('eq.b.three', 4, 4, 60), topic('eq.a.two', 10, 3, 120)],
      gems: 7,
      drillPoints: 0,
      finished: true,
    },
  ],
  [1.2, { topics: [topic('eq.a.two', 6, 5, 90)], gems: 0, drillPoints: 12, finished: true }],
  // The next Manila days (00:30 Manila is 16:30Z).
  [15.5, { topics: [topic('eq.a.one', 10, 10, 200)], gems: 10, drillPoints: 0, finished: true }],
  [40, { topics: [topic('eq.a.one', 20, 18, 400)], gems: 18, drillPoints: 0, finished: true }],
  [40.1, { topics: [topic('eq.b.three', 0, 0, 30)], gems: 0, drillPoints: 0, finished: false }],
  // A season opens at hour 41: points go to its board too.
  [42, { topics: [topic('eq.b.three', 10, 9, 150)], gems: 9, drillPoints: 0, finished: true }],
  [64, { topics: [topic('eq.a.two', 10, 8, 100)], gems: 8, drillPoints: 5, finished: true }],
  // A farm: far past the day's caps, too fast and too right — capped and flagged.
  ...Array.from({ length: 25 }, (_, i): [number, Activity] => [
    65 + i * 0.01,
    { topics: [topic('eq.a.one', 50, 50, 20)], gems: 50, drillPoints: 40, finished: true },
  ]),
  [66, { topics: [topic('eq.b.three', 0, 0, 500)], gems: 0, drillPoints: 0, finished: false }],
  // A missed Manila day (24 November), covered by the freeze the student holds by then.
  [112, { topics: [], gems: 0, drillPoints: 0, finished: true }],
  [113, { topics: [topic('eq.a.two', 3, 1, 0)], gems: 1, drillPoints: 0, finished: false }],
];

describe.each(ENGINES)(
  'recordActivity in four statements equals the stepwise path on %s',
  (engine) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(engine);
      const db = t.app.database.db;
      const [reviewer] = await db.select().from(reviewers).limit(1);
      const shorthand = reviewer?.shorthand ?? 'cse-pro';
      await db.insert(subjects).values([
        { id: 'eq.a', reviewerShorthand: shorthand, name: 'A' },
        { id: 'eq.b', reviewerShorthand: shorthand, name: 'B' },
      ]);
      await db.insert(topics).values([
        { id: 'eq.a.one', subjectId: 'eq.a', name: 'One' },
        { id: 'eq.a.two', subjectId: 'eq.a', name: 'Two' },
        { id: 'eq.b.three', subjectId: 'eq.b', name: 'Three' },
      ]);
    });
    afterAll(() => t.close());
    const db = () => t.app.database.db;

    async function clearBoards() {
      await db().delete(leaderboardScores);
      await db().delete(leaderboardBandCounts);
      await db().delete(leaderboardScoreCounts);
      await db().delete(leaderboardTieCounts);
      await db().delete(leaderboardCountChanges);
      await db().delete(seasons);
    }

    /** Runs the script for a new student through `record`; every row it left, and the outcomes. */
    async function run(
      record: (tx: Tx, userId: string, a: Activity, now: Date) => Promise<unknown>,
    ) {
      await clearBoards();
      await db()
        .insert(seasons)
        .values({ name: 'Eq', status: 'open', startsAt: at(41), expiryDate: at(500) });
      const { userId } = await createStudent(t);
      const outcomes: unknown[] = [];
      for (const [hours, activity] of SCRIPT) {
        // Before the gap, the student holds a streak freeze (issue 23), which the gap spends.
        if (hours === 112) {
          await db().update(userStreaks).set({ freezes: 1 }).where(eq(userStreaks.userId, userId));
        }
        outcomes.push(await db().transaction((tx) => record(tx, userId, activity, at(hours))));
      }
      // The rank counts as they stand once the appended changes are folded (ADR 039).
      await foldCountChanges(db());
      const [user] = await db()
        .select({
          gemsCollection: users.gemsCollection,
          currentLevel: users.currentLevel,
          unclaimedDrillPoints: users.unclaimedDrillPoints,
          challengesProgress: users.challengesProgress,
          version: users.version,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      const mine = <T extends { userId: unknown }>(rows: T[]) =>
        rows.map(({ userId: _, ...rest }) => rest);
      const season = (await db().select({ id: seasons.id }).from(seasons))[0]?.id ?? '';
      const boardName = (board: string) => board.replace(season, '<season>');
      return {
        outcomes,
        user,
        daily: mine(await db().select().from(dailyAwards).where(eq(dailyAwards.userId, userId))),
        flags: mine(
          await db()
            .select({
              userId: fairPlayFlags.userId,
              day: fairPlayFlags.day,
              reasons: fairPlayFlags.reasons,
              evidence: fairPlayFlags.evidence,
              status: fairPlayFlags.status,
              createdAt: fairPlayFlags.createdAt,
            })
            .from(fairPlayFlags)
            .where(eq(fairPlayFlags.userId, userId)),
        ),
        tallies: mine(
          await db()
            .select()
            .from(userTopicStats)
            .where(eq(userTopicStats.userId, userId))
            .orderBy(userTopicStats.topicId),
        ),
        stats: mine(await db().select().from(userStats).where(eq(userStats.userId, userId))),
        streak: mine(await db().select().from(userStreaks).where(eq(userStreaks.userId, userId))),
        scores: mine(
          await db().select().from(leaderboardScores).where(eq(leaderboardScores.userId, userId)),
        )
          .map((s) => ({ ...s, board: boardName(s.board) }))
          .sort((a, b) => a.board.localeCompare(b.board)),
        counts: {
          bands: (await db().select().from(leaderboardBandCounts))
            .map((r) => ({ ...r, board: boardName(r.board) }))
            .sort((a, b) => a.board.localeCompare(b.board) || a.band - b.band),
          scores: (await db().select().from(leaderboardScoreCounts))
            .map((r) => ({ ...r, board: boardName(r.board) }))
            .sort((a, b) => a.board.localeCompare(b.board) || a.points - b.points),
          ties: (await db().select().from(leaderboardTieCounts))
            .map((r) => ({ ...r, board: boardName(r.board) }))
            .sort(
              (a, b) => a.board.localeCompare(b.board) || a.points - b.points || a.hour - b.hour,
            ),
        },
      };
    }

    it('leaves every row and outcome as the stepwise path does, over days, a season, caps and a flag', async () => {
      const fast = await run(recordActivity);
      const stepwise = await run(recordActivityStepwise);
      // The script reaches what it means to: a flagged, capped day, a level, a season board, a
      // challenge earned, a streak restarted.
      expect(stepwise.flags.length).toBe(1);
      expect(stepwise.daily.some((d) => d.capped > 0)).toBe(true);
      expect(stepwise.scores.map((s) => s.board)).toContain('season:<season>');
      expect(stepwise.user?.currentLevel).not.toBe('emerald');
      expect(JSON.stringify(stepwise.user?.challengesProgress)).toContain('unclaimed');
      expect(stepwise.streak[0]?.lastFrozenDay).not.toBeNull();
      expect(fast).toEqual(stepwise);
    });

    it('records an activity in four statements, whatever it touches', async () => {
      const { userId } = await createStudent(t);
      const record = (activity: Activity, hours: number) =>
        captureStatements(() =>
          db().transaction((tx) => recordActivity(tx, userId, activity, at(hours))),
        );
      // A quiz with gems on three topics: the lock, the read, the write, the leaderboard.
      const quiz = await record(
        {
          topics: [
            topic('eq.a.one', 4, 3, 60),
            topic('eq.a.two', 3, 2, 50),
            topic('eq.b.three', 3, 3, 40),
          ],
          gems: 8,
          drillPoints: 0,
          finished: true,
        },
        200,
      );
      expect(quiz).toHaveLength(4);
      // A rated card: no gems, no leaderboard.
      const card = await record(
        { topics: [topic('eq.a.one', 0, 0, 6)], gems: 0, drillPoints: 0, finished: false },
        200.1,
      );
      expect(card).toHaveLength(3);
      expect(card.map((s) => s.text).join('\n')).not.toMatch(/leaderboard_band_counts/);
    });
  },
);
