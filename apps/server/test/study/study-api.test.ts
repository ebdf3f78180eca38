import { randomUUID } from 'node:crypto';
import { FAIR_PLAY, manilaDayKey } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardSchedules,
  dailyAwards,
  quizAttempts,
  userStreaks,
  users,
  userTopicStats,
} from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { type StudyFixture, seedStudyContent } from './study-fixtures.ts';

describe.each(ENGINES)('study API on %s', (engine) => {
  let t: TestApp;
  let fx: StudyFixture;

  beforeAll(async () => {
    t = await startTestApp(engine);
    fx = await seedStudyContent(t.app.database.db);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;

  function get(cookie: string | null, url: string) {
    return t.app.inject({ url, headers: cookie ? { cookie } : {} });
  }

  function post(cookie: string | null, url: string, payload: unknown = {}) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { origin: t.origin, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  }

  const review = (cookie: string, cardId: string, rating: string, reviewId = randomUUID()) =>
    post(cookie, '/api/study/let-elem/flash/reviews', { reviewId, cardId, rating, seconds: 12 });

  describe('who may call it', () => {
    const routes = (attemptId: string) =>
      [
        ['GET', '/api/study'],
        ['GET', '/api/study/let-elem'],
        ['GET', '/api/study/let-elem/flash'],
        ['POST', '/api/study/let-elem/flash/reviews'],
        ['GET', '/api/study/let-elem/topics/fx-learning/notes'],
        ['GET', '/api/study/let-elem/topics/fx-learning/cards'],
        ['POST', '/api/study/let-elem/notes/fx-note-1/read'],
        ['POST', '/api/study/let-elem/sessions/finish'],
        ['POST', '/api/study/let-elem/drill'],
        ['POST', `/api/study/let-elem/drill/${attemptId}/answers`],
        ['POST', `/api/study/let-elem/drill/${attemptId}/finish`],
      ] as const;

    it('answers 401 without a session on every route', async () => {
      for (const [method, url] of routes(randomUUID())) {
        const res = method === 'GET' ? await get(null, url) : await post(null, url);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('answers 403 on every reviewer route without that reviewer granted, and changes nothing', async () => {
      const { cookie, userId } = await createOnboardedStudent(t, { reviewer: 'cse-pro' });
      const valid: Record<string, unknown> = {
        '/api/study/let-elem/flash/reviews': {
          reviewId: randomUUID(),
          cardId: fx.cards.a1,
          rating: 'good',
        },
        '/api/study/let-elem/notes/fx-note-1/read': { seconds: 10 },
        '/api/study/let-elem/sessions/finish': { mode: 'read' },
        '/api/study/let-elem/drill': { subjectId: fx.subjectId },
      };
      for (const [method, url] of routes(randomUUID()).slice(1)) {
        const res =
          method === 'GET'
            ? await get(cookie, url)
            : await post(cookie, url, valid[url] ?? { position: 0, choiceIndex: 0 });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.status).toBe('PERMISSION_DENIED');
      }
      // An unknown reviewer is refused the same way (the answer does not reveal what exists).
      expect((await get(cookie, '/api/study/nope')).statusCode).toBe(403);
      expect(
        await db().select().from(cardSchedules).where(eq(cardSchedules.userId, userId)),
      ).toEqual([]);
      expect(await db().select().from(quizAttempts).where(eq(quizAttempts.userId, userId))).toEqual(
        [],
      );
    });

    it('never serves another reviewer’s content through a granted reviewer (404)', async () => {
      const { cookie } = await createOnboardedStudent(t);
      expect(
        (await get(cookie, `/api/study/let-elem/topics/${fx.otherTopic}/notes`)).statusCode,
      ).toBe(404);
      expect(
        (await get(cookie, `/api/study/let-elem/topics/${fx.otherTopic}/cards`)).statusCode,
      ).toBe(404);
      expect(
        (await get(cookie, `/api/study/let-elem/flash?subjectId=${fx.otherSubjectId}`)).statusCode,
      ).toBe(404);
      expect((await review(cookie, fx.cards.other, 'good')).statusCode).toBe(404);
      expect(
        (await post(cookie, `/api/study/let-elem/notes/${fx.notes.other}/read`, {})).statusCode,
      ).toBe(404);
      expect(
        (await post(cookie, '/api/study/let-elem/drill', { topicId: fx.otherTopic })).statusCode,
      ).toBe(404);
    });
  });

  describe('launcher', () => {
    it('lists only the granted reviewers', async () => {
      const { cookie } = await createOnboardedStudent(t);
      const body = (await get(cookie, '/api/study')).json();
      expect(body.reviewers.map((r: { shorthand: string }) => r.shorthand)).toEqual(['let-elem']);
    });

    it('gives per-topic card, due, note and question counts that follow the student’s progress', async () => {
      const { cookie } = await createOnboardedStudent(t);
      expect((await review(cookie, fx.cards.a1, 'good')).statusCode).toBe(200);
      expect(
        (await post(cookie, `/api/study/let-elem/notes/${fx.notes.first}/read`, {})).statusCode,
      ).toBe(200);
      const overview = (await get(cookie, '/api/study/let-elem')).json();
      expect(overview.reviewer.shorthand).toBe('let-elem');
      expect(overview.subjects).toHaveLength(1);
      const [learning, assessment] = overview.subjects[0].topics;
      expect(learning).toEqual({
        id: fx.topicLearning,
        name: 'Theories of Learning',
        cards: 3,
        dueCards: 0,
        newCards: 2,
        notes: 2,
        notesRead: 1,
        questions: 3,
      });
      expect(assessment).toMatchObject({ cards: 1, newCards: 1, notes: 0, questions: 3 });
      expect(overview.newCardsPerDay).toBe(20);
      expect(overview.newCardsLeftToday).toBe(19);
    });
  });

  describe('flash', () => {
    it('queues due cards first (oldest due first), then new cards in order, with interval hints', async () => {
      const { cookie, userId } = await createOnboardedStudent(t);
      const now = Date.now();
      // Two cards already scheduled and overdue: a3 longer ago than a1.
      for (const [cardId, minutesAgo] of [
        [fx.cards.a1, 5],
        [fx.cards.a3, 60],
      ] as const) {
        await db()
          .insert(cardSchedules)
          .values({
            userId,
            cardId,
            state: {
              due: new Date(now - minutesAgo * 60_000).toISOString(),
              stability: 3,
              difficulty: 5,
              elapsed_days: 0,
              scheduled_days: 1,
              learning_steps: 0,
              reps: 2,
              lapses: 0,
              state: 2,
              last_review: new Date(now - 86_400_000).toISOString(),
              firstReviewedAt: new Date(now - 86_400_000 * 2).toISOString(),
            },
            due: new Date(now - minutesAgo * 60_000),
            reps: 2,
          });
      }
      const res = await get(cookie, `/api/study/let-elem/flash?subjectId=${fx.subjectId}`);
      expect(res.statusCode).toBe(200);
      const queue = res.json();
      expect(queue.cards.map((c: { id: string }) => c.id)).toEqual([
        fx.cards.a3,
        fx.cards.a1,
        fx.cards.a2,
        fx.cards.b1,
      ]);
      expect(queue.cards.map((c: { state: string }) => c.state)).toEqual([
        'review',
        'review',
        'new',
        'new',
      ]);
      expect(queue).toMatchObject({ dueCount: 2, newCount: 2, newCardsLeftToday: 20 });
      const hints = queue.cards[2].intervals;
      expect(hints.again).toBeLessThan(hints.good);
      expect(hints.good).toBeLessThanOrEqual(hints.easy);

      // A topic narrows the queue.
      const topicQueue = (
        await get(cookie, `/api/study/let-elem/flash?topicId=${fx.topicAssessment}`)
      ).json();
      expect(topicQueue.cards.map((c: { id: string }) => c.id)).toEqual([fx.cards.b1]);
    });

    it('persists the ts-fsrs state across requests: a rated card leaves the queue until it is due', async () => {
      const { cookie, userId } = await createOnboardedStudent(t);
      const res = await review(cookie, fx.cards.a2, 'good');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        cardId: fx.cards.a2,
        state: 'learning',
        reps: 1,
        duplicate: false,
      });
      expect(new Date(body.due).getTime()).toBeGreaterThan(Date.now());

      const [row] = await db()
        .select()
        .from(cardSchedules)
        .where(and(eq(cardSchedules.userId, userId), eq(cardSchedules.cardId, fx.cards.a2)));
      expect(row?.reps).toBe(1);
      expect(row?.due.toISOString()).toBe(body.due);
      expect(row?.state).toMatchObject({ reps: 1, state: 1 });

      const queue = (
        await get(cookie, `/api/study/let-elem/flash?topicId=${fx.topicLearning}`)
      ).json();
      expect(queue.cards.map((c: { id: string }) => c.id)).toEqual([fx.cards.a1, fx.cards.a3]);
      expect(queue.nextDueAt).toBe(body.due);
      expect(queue.newCardsLeftToday).toBe(19);

      // Once due (moved into the past here), it comes back first, with its learning state.
      await db()
        .update(cardSchedules)
        .set({ due: new Date(Date.now() - 1000) })
        .where(and(eq(cardSchedules.userId, userId), eq(cardSchedules.cardId, fx.cards.a2)));
      const later = (
        await get(cookie, `/api/study/let-elem/flash?topicId=${fx.topicLearning}`)
      ).json();
      expect(later.cards[0]).toMatchObject({ id: fx.cards.a2, state: 'learning' });
      const again = (await review(cookie, fx.cards.a2, 'easy')).json();
      expect(again).toMatchObject({ reps: 2, state: 'review' });
    });

    it('is idempotent per review id: a retried rating is not applied twice', async () => {
      const { cookie, userId } = await createOnboardedStudent(t);
      const reviewId = randomUUID();
      const first = (await review(cookie, fx.cards.b1, 'again', reviewId)).json();
      const retry = await review(cookie, fx.cards.b1, 'again', reviewId);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({ ...first, duplicate: true });
      const [row] = await db()
        .select({ reps: cardSchedules.reps })
        .from(cardSchedules)
        .where(and(eq(cardSchedules.userId, userId), eq(cardSchedules.cardId, fx.cards.b1)));
      expect(row?.reps).toBe(1);
      // Time studied counted once too.
      const [stats] = await db()
        .select()
        .from(userTopicStats)
        .where(eq(userTopicStats.userId, userId));
      expect(stats?.secondsStudied).toBe(12);
      // Two copies at once also apply once.
      const twin = randomUUID();
      const both = await Promise.all([
        review(cookie, fx.cards.b1, 'good', twin),
        review(cookie, fx.cards.b1, 'good', twin),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both.map((r) => r.json().duplicate).sort()).toEqual([false, true]);
    });

    it('refuses a bad rating (400) and changes nothing', async () => {
      const { cookie, userId } = await createOnboardedStudent(t);
      for (const payload of [
        { reviewId: randomUUID(), cardId: fx.cards.a1, rating: 'perfect' },
        { reviewId: 'not-a-uuid', cardId: fx.cards.a1, rating: 'good' },
        { reviewId: randomUUID(), rating: 'good' },
      ]) {
        const res = await post(cookie, '/api/study/let-elem/flash/reviews', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.status).toBe('INVALID_ARGUMENT');
      }
      expect(
        await db().select().from(cardSchedules).where(eq(cardSchedules.userId, userId)),
      ).toEqual([]);
    });

    it('stops adding new cards once today’s new-card limit is used', async () => {
      const { cookie, userId } = await createOnboardedStudent(t);
      // 20 cards first seen today (any reviewer) use up the daily limit.
      const { flashCards } = await import('../../src/platform/db/schema.ts');
      const ids = Array.from({ length: 20 }, (_, i) => `limit-${userId.slice(0, 8)}-${i}`);
      await db()
        .insert(flashCards)
        .values(ids.map((id) => ({ id, topicId: fx.otherTopic, front: id, back: id })));
      await db()
        .insert(cardSchedules)
        .values(
          ids.map((cardId) => ({
            userId,
            cardId,
            state: { firstReviewedAt: new Date().toISOString() },
            due: new Date(Date.now() + 86_400_000),
            reps: 1,
          })),
        );
      const queue = (
        await get(cookie, `/api/study/let-elem/flash?subjectId=${fx.subjectId}`)
      ).json();
      expect(queue).toMatchObject({ cards: [], newCount: 4, newCardsLeftToday: 0 });
    });
  });

  describe('read', () => {
    it('lists a topic’s notes with the Markdown source and records progress once per note', async () => {
      const { cookie, userId } = await createOnboardedStudent(t);
      const url = `/api/study/let-elem/topics/${fx.topicLearning}/notes`;
      const before = (await get(cookie, url)).json();
      expect(before.topic).toMatchObject({
        id: fx.topicLearning,
        subjectName: 'Professional Education',
      });
      expect(before.notes.map((n: { id: string; read: boolean }) => [n.id, n.read])).toEqual([
        [fx.notes.first, false],
        [fx.notes.second, false],
      ]);
      expect(before.notes[0].body).toContain('**change in behaviour**');
      expect(before).toMatchObject({ readCount: 0, total: 2 });

      const first = await post(cookie, `/api/study/let-elem/notes/${fx.notes.first}/read`, {
        seconds: 90,
      });
      expect(first.json()).toEqual({
        noteId: fx.notes.first,
        topicId: fx.topicLearning,
        firstRead: true,
        readCount: 1,
        total: 2,
      });
      const again = await post(cookie, `/api/study/let-elem/notes/${fx.notes.first}/read`, {
        seconds: 90,
      });
      expect(again.json()).toMatchObject({ firstRead: false, readCount: 1 });
      const after = (await get(cookie, url)).json();
      expect(after.notes.map((n: { read: boolean }) => n.read)).toEqual([true, false]);
      const [stats] = await db()
        .select()
        .from(userTopicStats)
        .where(eq(userTopicStats.userId, userId));
      expect(stats).toMatchObject({ topicId: fx.topicLearning, secondsStudied: 90, answered: 0 });

      const bad = await post(cookie, `/api/study/let-elem/notes/${fx.notes.second}/read`, {
        seconds: -1,
      });
      expect(bad.statusCode).toBe(400);
      expect((await get(cookie, url)).json().readCount).toBe(1);
    });

    it('lists a topic’s cards for listen mode', async () => {
      const { cookie } = await createOnboardedStudent(t);
      const body = (
        await get(cookie, `/api/study/let-elem/topics/${fx.topicLearning}/cards`)
      ).json();
      expect(body.cards.map((c: { id: string }) => c.id)).toEqual([
        fx.cards.a1,
        fx.cards.a2,
        fx.cards.a3,
      ]);
      expect(body.cards[0]).toMatchObject({ back: 'B. F. Skinner', rationale: expect.any(String) });
    });

    it('counts a finished session for the streak only after real study today', async () => {
      const { cookie, userId } = await createOnboardedStudent(t);
      const idle = (
        await post(cookie, '/api/study/let-elem/sessions/finish', { mode: 'read' })
      ).json();
      expect(idle).toEqual({ counted: false, streak: 0 });
      expect(await db().select().from(userStreaks).where(eq(userStreaks.userId, userId))).toEqual(
        [],
      );

      await post(cookie, `/api/study/let-elem/notes/${fx.notes.second}/read`, {});
      const done = (
        await post(cookie, '/api/study/let-elem/sessions/finish', { mode: 'read' })
      ).json();
      expect(done).toEqual({ counted: true, streak: 1 });
      const flash = (
        await post(cookie, '/api/study/let-elem/sessions/finish', { mode: 'flash' })
      ).json();
      expect(flash).toEqual({ counted: true, streak: 1 });
      expect(
        (await post(cookie, '/api/study/let-elem/sessions/finish', { mode: 'nap' })).statusCode,
      ).toBe(400);
    });
  });

  describe('drill', () => {
    async function answerAll(
      cookie: string,
      run: { attemptId: string; items: { questionId: string }[] },
      wrongAt = -1,
    ) {
      const results = [];
      for (const [position, item] of run.items.entries()) {
        const key = fx.keys.get(item.questionId) ?? 0;
        const choiceIndex = position === wrongAt ? (key + 1) % 4 : key;
        const res = await post(cookie, `/api/study/let-elem/drill/${run.attemptId}/answers`, {
          position,
          choiceIndex,
        });
        expect(res.statusCode).toBe(200);
        results.push(res.json());
      }
      return results;
    }

    it('runs: start, answer in order, finish; the server grades and keeps the points unclaimed', async () => {
      const { cookie, userId } = await createOnboardedStudent(t);
      const start = await post(cookie, '/api/study/let-elem/drill', {
        subjectId: fx.subjectId,
        count: 5,
      });
      expect(start.statusCode).toBe(200);
      const run = start.json();
      expect(run.items).toHaveLength(5);
      expect(run.itemSeconds).toBe(20);
      expect(new Date(run.deadlineAt).getTime() - new Date(run.startedAt).getTime()).toBe(
        (5 * 20 + 15) * 1000,
      );
      // Answers are never sent to the phone before it answers.
      expect(JSON.stringify(run)).not.toContain('answerIndex');
      expect(JSON.stringify(run)).not.toContain('Rationale');
      const [attempt] = await db()
        .select()
        .from(quizAttempts)
        .where(eq(quizAttempts.id, run.attemptId));
      expect(attempt).toMatchObject({
        kind: 'drill',
        status: 'in_progress',
        subjectId: fx.subjectId,
      });

      // Out of order is refused.
      const skipAhead = await post(cookie, `/api/study/let-elem/drill/${run.attemptId}/answers`, {
        position: 2,
        choiceIndex: 0,
      });
      expect(skipAhead.statusCode).toBe(409);

      const answers = await answerAll(cookie, run, 1);
      expect(answers.map((a) => a.correct)).toEqual([true, false, true, true, true]);
      expect(answers[1].points).toBe(0);
      expect(answers[0].points).toBeGreaterThanOrEqual(10);
      expect(answers[0].rationale).toMatch(/^Rationale \d\.$/);

      // A retried answer returns the recorded one, never a second grading.
      const retry = await post(cookie, `/api/study/let-elem/drill/${run.attemptId}/answers`, {
        position: 1,
        choiceIndex: fx.keys.get(run.items[1].questionId),
      });
      expect(retry.json()).toEqual(answers[1]);

      const finish = await post(cookie, `/api/study/let-elem/drill/${run.attemptId}/finish`);
      expect(finish.statusCode).toBe(200);
      const result = finish.json();
      const expected = answers.reduce((sum, a) => sum + a.points, 0);
      expect(result).toMatchObject({
        total: 5,
        answered: 5,
        correct: 4,
        points: expected,
        maxPoints: 75,
        streak: 1,
      });
      expect(result.points).toBeGreaterThanOrEqual(40);
      expect(result.unclaimedDrillPoints).toBe(expected);
      const [user] = await db().select().from(users).where(eq(users.id, userId));
      expect(user?.unclaimedDrillPoints).toBe(expected);

      // Finishing again pays nothing more; answering after the finish is refused.
      const twice = (
        await post(cookie, `/api/study/let-elem/drill/${run.attemptId}/finish`)
      ).json();
      expect(twice).toEqual(result);
      const [same] = await db().select().from(users).where(eq(users.id, userId));
      expect(same?.unclaimedDrillPoints).toBe(expected);
      const stats = await db()
        .select()
        .from(userTopicStats)
        .where(eq(userTopicStats.userId, userId));
      expect(stats.reduce((n, s) => n + s.answered, 0)).toBe(5);
      expect(stats.reduce((n, s) => n + s.correct, 0)).toBe(4);
    });

    it('shows the drill points the day’s cap let a run add, not the run’s grade', async () => {
      // Before, the result said every graded point was earned while the cap paid 10 of them.
      const { cookie, userId } = await createOnboardedStudent(t);
      await db()
        .insert(dailyAwards)
        .values({
          userId,
          day: manilaDayKey(new Date()),
          drillPoints: FAIR_PLAY.dailyDrillPoints - 10,
        });
      const run = (
        await post(cookie, '/api/study/let-elem/drill', { subjectId: fx.subjectId, count: 5 })
      ).json();
      const answers = await answerAll(cookie, run);
      expect(answers.reduce((sum, a) => sum + a.points, 0)).toBeGreaterThanOrEqual(50);
      const result = (
        await post(cookie, `/api/study/let-elem/drill/${run.attemptId}/finish`)
      ).json();
      expect(result).toMatchObject({ correct: 5, points: 10, unclaimedDrillPoints: 10 });
      // Finishing again answers the stored result.
      expect(
        (await post(cookie, `/api/study/let-elem/drill/${run.attemptId}/finish`)).json().points,
      ).toBe(10);
    });

    it('refuses new answers after the run’s deadline, but still grades what was answered', async () => {
      const { cookie, userId } = await createOnboardedStudent(t);
      const run = (
        await post(cookie, '/api/study/let-elem/drill', { topicId: fx.topicLearning })
      ).json();
      expect(run.items).toHaveLength(3);
      const key = fx.keys.get(run.items[0].questionId);
      const first = await post(cookie, `/api/study/let-elem/drill/${run.attemptId}/answers`, {
        position: 0,
        choiceIndex: key,
      });
      expect(first.json().correct).toBe(true);
      // The deadline passes (moved into the past rather than waiting a minute).
      await db()
        .update(quizAttempts)
        .set({ deadlineAt: new Date(Date.now() - 1000) })
        .where(eq(quizAttempts.id, run.attemptId));
      const late = await post(cookie, `/api/study/let-elem/drill/${run.attemptId}/answers`, {
        position: 1,
        choiceIndex: 0,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toEqual({
        status: 'FAILED_PRECONDITION',
        message: 'Time is up for this drill run.',
      });
      const result = (
        await post(cookie, `/api/study/let-elem/drill/${run.attemptId}/finish`)
      ).json();
      expect(result).toMatchObject({ total: 3, answered: 1, correct: 1 });
      expect(result.points).toBe(first.json().points);
      const [user] = await db().select().from(users).where(eq(users.id, userId));
      expect(user?.unclaimedDrillPoints).toBe(result.points);
    });

    it('records an item whose time ran out (choice null) as unanswered, worth nothing', async () => {
      const { cookie } = await createOnboardedStudent(t);
      const run = (
        await post(cookie, '/api/study/let-elem/drill', { topicId: fx.topicAssessment })
      ).json();
      const url = `/api/study/let-elem/drill/${run.attemptId}/answers`;
      const skipped = (await post(cookie, url, { position: 0, choiceIndex: null })).json();
      expect(skipped).toMatchObject({ position: 0, correct: false, points: 0 });
      const key = fx.keys.get(run.items[1].questionId);
      expect((await post(cookie, url, { position: 1, choiceIndex: key })).json().correct).toBe(
        true,
      );
      const result = (
        await post(cookie, `/api/study/let-elem/drill/${run.attemptId}/finish`)
      ).json();
      expect(result).toMatchObject({ total: 3, answered: 1, correct: 1 });
    });

    it('keeps a run to its owner, and refuses bad input', async () => {
      const owner = await createOnboardedStudent(t);
      const other = await createOnboardedStudent(t);
      const run = (await post(owner.cookie, '/api/study/let-elem/drill', { count: 5 })).json();
      expect(
        (
          await post(other.cookie, `/api/study/let-elem/drill/${run.attemptId}/answers`, {
            position: 0,
            choiceIndex: 0,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await post(other.cookie, `/api/study/let-elem/drill/${run.attemptId}/finish`)).statusCode,
      ).toBe(404);
      expect(
        (await post(owner.cookie, '/api/study/let-elem/drill', { count: 500 })).statusCode,
      ).toBe(400);
      expect(
        (
          await post(owner.cookie, `/api/study/let-elem/drill/${run.attemptId}/answers`, {
            position: 0,
            choiceIndex: 'A',
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await post(owner.cookie, `/api/study/let-elem/drill/${run.attemptId}/answers`, {
            position: 9,
            choiceIndex: 0,
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await post(owner.cookie, '/api/study/let-elem/drill/not-a-uuid/finish')).statusCode,
      ).toBe(400);
      const [user] = await db().select().from(users).where(eq(users.id, other.userId));
      expect(user?.unclaimedDrillPoints).toBe(0);
    });

    it('says so when a scope has no questions (409)', async () => {
      const { cookie } = await createOnboardedStudent(t);
      const { topics } = await import('../../src/platform/db/schema.ts');
      await db()
        .insert(topics)
        .values({ id: 'fx-empty', subjectId: fx.subjectId, name: 'Empty', sortOrder: 9 });
      const res = await post(cookie, '/api/study/let-elem/drill', { topicId: 'fx-empty' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('There are no drill questions here yet.');
    });
  });
});
