import { type AttemptItem, type AttemptState, attemptStateSchema } from '@pasado/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadAnswerContext,
  writeAnswerIfUnchanged,
} from '../../src/modules/quiz/answer-save.read-model.ts';
import { insertAttempt } from '../../src/modules/quiz/attempts.repository.ts';
import { saveAnswerLocked } from '../../src/modules/quiz/save-answer.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { openDatabase } from '../../src/platform/db/client.ts';
import {
  contentVersion,
  questions,
  quizAnswers,
  quizAttempts,
  reviewerAccess,
  sessions,
  topics,
  userTopicStats,
} from '../../src/platform/db/schema.ts';
import { AppError } from '../../src/platform/errors/app-error.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { seededRandom } from '../helpers/seeded-random.ts';
import { type ApiMethod, callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, REVIEWER, SUBJECT_A, seedBank } from './fixtures.ts';
import { referenceScore, referenceState } from './reference-attempt.ts';
import { captureStatements } from './statement-plans.ts';

/**
 * Issue 10: the fast paths (a save as one read and one conditional write, the resume assembled
 * from cached item fragments, the submit reading the items once) give what the slow path gave:
 * the pre-issue-10 rebuild of the whole attempt (reference-attempt.ts), and the same save decided
 * under the attempt's lock (`saveAnswerLocked`).
 */

const base = `/api/quiz/${REVIEWER}`;

type Step = { questionId: string; input: { choiceIndex?: number | null; flagged?: boolean } };
type Outcome = { status: number; item?: AttemptItem; message?: string };

/** Saves: answers, changes, clears, flags; now and then an item not in the attempt or a bad choice. */
function script(ids: string[], steps: number, seed: number, kind: 'mock' | 'lite'): Step[] {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: steps }, () => {
    const roll = next();
    const questionId = roll < 0.04 ? 'tst-b-7' : pick(ids);
    const choice = Math.floor(next() * 4);
    if (roll < 0.08) return { questionId, input: { choiceIndex: 5 } };
    if (roll < 0.18) return { questionId, input: { flagged: next() < 0.5 } };
    if (roll < 0.26 && kind === 'mock') return { questionId, input: { choiceIndex: null } };
    if (roll < 0.34) return { questionId, input: { choiceIndex: choice, flagged: true } };
    return { questionId, input: { choiceIndex: choice } };
  });
}

describe.each(ENGINES)('quiz fast paths on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    await seedBank(t.app.database.db);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const call = async (cookie: string, method: ApiMethod, url: string, payload?: object) => {
    const res = await callApi(t, cookie, method, url, payload);
    return { status: res.statusCode, body: res.json() };
  };

  /** The fast path: the API as the web app calls it. */
  async function viaApi(cookie: string, attemptId: string, step: Step): Promise<Outcome> {
    const { status, body } = await call(
      cookie,
      'PUT',
      `${base}/attempts/${attemptId}/answers/${step.questionId}`,
      step.input,
    );
    return status === 200
      ? { status, item: body.item }
      : { status, message: body.error?.message ?? 'invalid' };
  }

  /** The same save decided under the attempt's lock (what a save does when its read went stale). */
  async function viaLock(userId: string, attemptId: string, step: Step): Promise<Outcome> {
    try {
      const { item } = await saveAnswerLocked(db(), {
        userId,
        reviewer: REVIEWER,
        attemptId,
        questionId: step.questionId,
        input: step.input,
        now: clock.now(),
      });
      return { status: 200, item };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: error.httpStatus, message: error.message };
    }
  }

  /** A second student's attempt holding exactly the items of `state` (same clock, same kind). */
  async function twinAttempt(state: AttemptState, userId: string) {
    const [row] = await db()
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.id, state.attemptId));
    if (!row) throw new Error('no attempt');
    const twin = await insertAttempt(db(), {
      userId,
      reviewerShorthand: row.reviewerShorthand,
      kind: row.kind,
      subjectId: row.subjectId,
      blueprintId: row.blueprintId,
      items: row.items,
      startedAt: row.startedAt,
      deadlineAt: row.deadlineAt,
    });
    if (!twin) throw new Error('no twin');
    return twin.id;
  }

  const withoutIds = (s: AttemptState) => ({ ...s, attemptId: 'x' });

  async function statsOf(userId: string) {
    return (
      await db()
        .select({
          topicId: userTopicStats.topicId,
          answered: userTopicStats.answered,
          correct: userTopicStats.correct,
          secondsStudied: userTopicStats.secondsStudied,
        })
        .from(userTopicStats)
        .where(eq(userTopicStats.userId, userId))
    ).sort((a, b) => a.topicId.localeCompare(b.topicId));
  }

  it.each([
    ['mock', 70, 11],
    ['lite', 45, 12],
  ] as const)(
    'a scripted %s: every save, the resume and the result match the slow path',
    async (kind, steps, seed) => {
      const fast = await createOnboardedStudent(t, { reviewer: REVIEWER });
      const locked = await createOnboardedStudent(t, { reviewer: REVIEWER });
      const started =
        kind === 'mock'
          ? await call(fast.cookie, 'POST', `${base}/mock`)
          : await call(fast.cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A });
      expect(started.status).toBe(201);
      const state = attemptStateSchema.parse(started.body);
      expect(withoutIds(state)).toEqual(
        withoutIds(await referenceState(db(), state.attemptId, clock.now())),
      );
      const twinId = await twinAttempt(state, locked.userId);
      const ids = state.items.map((i) => i.questionId);

      for (const step of script(ids, steps, seed, kind)) {
        clock.advance(7_000);
        const a = await viaApi(fast.cookie, state.attemptId, step);
        const b = await viaLock(locked.userId, twinId, step);
        expect(a, JSON.stringify(step)).toEqual(b);
        if (a.item) {
          const reference = await referenceState(db(), state.attemptId, clock.now());
          expect(a.item).toEqual(reference.items.find((i) => i.questionId === step.questionId));
        }
      }
      if (kind === 'lite') {
        // The lite lock held on both paths: a second, different answer was refused at least once.
        const answered = (await referenceState(db(), state.attemptId, clock.now())).items.filter(
          (i) => i.choiceIndex !== null,
        );
        expect(answered.length).toBeGreaterThan(0);
      }

      // The resume (assembled from cached fragments for a mock) is the slow path's state.
      const resumed = await call(fast.cookie, 'GET', `${base}/attempts/${state.attemptId}`);
      expect(resumed.status).toBe(200);
      attemptStateSchema.parse(resumed.body);
      expect(resumed.body).toEqual(await referenceState(db(), state.attemptId, clock.now()));
      const twinState = await call(locked.cookie, 'GET', `${base}/attempts/${twinId}`);
      expect(withoutIds(twinState.body)).toEqual(withoutIds(resumed.body));

      clock.advance(60_000);
      const expected = await referenceScore(db(), state.attemptId, clock.now(), false);
      const doneFast = await call(
        fast.cookie,
        'POST',
        `${base}/attempts/${state.attemptId}/submit`,
      );
      const doneLocked = await call(locked.cookie, 'POST', `${base}/attempts/${twinId}/submit`);
      expect(doneFast.status).toBe(200);
      expect(doneFast.body.result).toEqual(expected.result);
      expect(withoutIds(doneLocked.body)).toEqual(withoutIds(doneFast.body));
      expect(doneFast.body).toEqual(await referenceState(db(), state.attemptId, clock.now()));
      const reviewed = await call(fast.cookie, 'GET', `${base}/attempts/${state.attemptId}`);
      expect(reviewed.body).toEqual(doneFast.body);
      // Progress got what the slow path's finalize would have recorded.
      const stats = await statsOf(fast.userId);
      expect(stats).toEqual(await statsOf(locked.userId));
      expect(stats).toEqual(
        expected.topics
          .map((x) => ({
            topicId: x.topicId,
            answered: x.answered,
            correct: x.correct,
            secondsStudied: x.seconds,
          }))
          .sort((a, b) => a.topicId.localeCompare(b.topicId)),
      );
    },
  );

  it('a save sent again (the offline queue retrying) answers the same and stores one answer', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    for (const kind of ['mock', 'lite'] as const) {
      const started =
        kind === 'mock'
          ? await call(student.cookie, 'POST', `${base}/mock`)
          : await call(student.cookie, 'POST', `${base}/lite`, {});
      const { attemptId, items } = attemptStateSchema.parse(started.body);
      const questionId = items[0]?.questionId ?? '';
      const step = { questionId, input: { choiceIndex: keyOf(questionId), flagged: true } };
      const first = await viaApi(student.cookie, attemptId, step);
      const again = await viaApi(student.cookie, attemptId, step);
      expect(first.status).toBe(200);
      expect(again).toEqual(first);
      const rows = await db()
        .select()
        .from(quizAnswers)
        .where(eq(quizAnswers.attemptId, attemptId));
      expect(rows).toEqual([
        expect.objectContaining({ questionId, choiceIndex: keyOf(questionId), flagged: true }),
      ]);
    }
  });

  it("someone else's attempt: a save is not found and stores nothing", async () => {
    const owner = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const stranger = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const { attemptId, items } = attemptStateSchema.parse(
      (await call(owner.cookie, 'POST', `${base}/mock`)).body,
    );
    const step = { questionId: items[0]?.questionId ?? '', input: { choiceIndex: 1 } };
    expect(await viaApi(stranger.cookie, attemptId, step)).toEqual({
      status: 404,
      message: 'No such quiz.',
    });
    expect(await viaLock(stranger.userId, attemptId, step)).toMatchObject({ status: 404 });
    expect(
      await db().select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId)),
    ).toEqual([]);
  });

  it('a write decided on a stale read lands nowhere: neither after a submission nor over a newer answer', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const { attemptId, items } = attemptStateSchema.parse(
      (await call(student.cookie, 'POST', `${base}/lite`, {})).body,
    );
    const questionId = items[0]?.questionId ?? '';
    const seen = await loadAnswerContext(db(), attemptId, questionId);
    if (!seen) throw new Error('no context');
    const write = (version: number, expectedChoice: number | null, choiceIndex: number) =>
      writeAnswerIfUnchanged(db(), {
        attemptId,
        version,
        questionId,
        expectedChoice,
        change: { choiceIndex, isCorrect: false, answeredAt: clock.now() },
        now: clock.now(),
      });
    // The attempt moved on (a submission bumps the version): nothing is written.
    expect(await write(seen.attempt.version + 1, null, 1)).toBeNull();
    // The first answer lands; a second decided on the read before it does not.
    expect(await write(seen.attempt.version, null, 1)).toEqual({
      choiceIndex: 1,
      flagged: false,
      isCorrect: false,
    });
    expect(await write(seen.attempt.version, null, 2)).toBeNull();
    const [row] = await db()
      .select()
      .from(quizAnswers)
      .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionId, questionId)));
    expect(row?.choiceIndex).toBe(1);
  });

  it('concurrent answers to one lite item: the first stays, every success reports it', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const { attemptId, items } = attemptStateSchema.parse(
      (await call(student.cookie, 'POST', `${base}/lite`, {})).body,
    );
    for (const { questionId } of items.slice(0, 5)) {
      const outcomes = await Promise.all(
        [0, 1, 2, 3, 0, 1, 2, 3].map((choiceIndex) =>
          viaApi(student.cookie, attemptId, { questionId, input: { choiceIndex } }),
        ),
      );
      const [stored] = await db()
        .select()
        .from(quizAnswers)
        .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionId, questionId)));
      const successes = outcomes.filter((o) => o.status === 200);
      expect(successes.length).toBeGreaterThanOrEqual(2); // the winner and its repeat
      for (const o of successes) expect(o.item?.choiceIndex).toBe(stored?.choiceIndex);
      for (const o of outcomes.filter((x) => x.status !== 200)) {
        expect(o).toEqual({ status: 409, message: 'This item is already answered.' });
      }
    }
  });

  it('saves racing a submission: every acknowledged answer is scored, none lands after it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
      const state = attemptStateSchema.parse(
        (await call(student.cookie, 'POST', `${base}/mock`)).body,
      );
      const saves = state.items.map((item) =>
        viaApi(student.cookie, state.attemptId, {
          questionId: item.questionId,
          input: { choiceIndex: keyOf(item.questionId) },
        }),
      );
      const submit = call(student.cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`);
      const [outcomes, done] = await Promise.all([Promise.all(saves), submit]);
      expect(done.status).toBe(200);
      const stored = new Map(
        (
          await db().select().from(quizAnswers).where(eq(quizAnswers.attemptId, state.attemptId))
        ).map((r) => [r.questionId, r]),
      );
      for (const [k, o] of outcomes.entries()) {
        const questionId = state.items[k]?.questionId ?? '';
        if (o.status === 200) expect(stored.get(questionId)?.choiceIndex).toBe(keyOf(questionId));
        else {
          expect(o).toEqual({ status: 409, message: 'This quiz is already submitted.' });
          expect(stored.has(questionId)).toBe(false);
        }
      }
      // Scoring the answers stored now gives the result recorded: nothing landed after it.
      const expected = await referenceScore(db(), state.attemptId, clock.now(), false);
      expect(done.body.result).toEqual(expected.result);
      expect(done.body.result.correct).toBe(outcomes.filter((o) => o.status === 200).length);
    }
  });

  it('the resume follows a change to what an item shows, on this server and any other', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const state = attemptStateSchema.parse(
      (await call(student.cookie, 'POST', `${base}/mock`)).body,
    );
    const target = state.items[0];
    if (!target) throw new Error('no item');
    const resume = async () =>
      attemptStateSchema.parse(
        (await call(student.cookie, 'GET', `${base}/attempts/${state.attemptId}`)).body,
      );
    const version = async () =>
      (await db().select({ v: contentVersion.version }).from(contentVersion))[0]?.v;
    // Another server process: its own connection and its own cache of fragments.
    const other =
      engine === 'postgres' && t.testDb.url
        ? await openDatabase({ engine: 'postgres', url: t.testDb.url, poolSize: 2 })
        : null;
    const { getAttempt } = await import('../../src/modules/quiz/resume-attempt.ts');
    const resumeElsewhere = async () => {
      if (!other) return null;
      const reply = await getAttempt(
        other.db,
        student.userId,
        REVIEWER,
        state.attemptId,
        clock.now(),
      );
      return attemptStateSchema.parse('body' in reply ? JSON.parse(reply.body.toString()) : reply);
    };
    try {
      await resume();
      await resumeElsewhere();
      const before = await version();
      // Holding an item (a report) leaves what it shows alone: the fragments stay.
      await db()
        .update(questions)
        .set({ heldAt: clock.now() })
        .where(eq(questions.id, target.questionId));
      expect(await version()).toBe(before);

      await db()
        .update(questions)
        .set({ stem: 'A corrected stem?', choices: ['W', 'X', 'Y', 'Z'] })
        .where(eq(questions.id, target.questionId));
      const [topic] = await db()
        .select({ id: questions.topicId })
        .from(questions)
        .where(eq(questions.id, target.questionId));
      await db()
        .update(topics)
        .set({ name: 'Renamed topic' })
        .where(eq(topics.id, topic?.id ?? ''));
      expect(await version()).toBeGreaterThan(before ?? 0);

      for (const seen of [await resume(), await resumeElsewhere()]) {
        if (!seen) continue;
        expect(seen.items[0]).toMatchObject({
          questionId: target.questionId,
          stem: 'A corrected stem?',
          choices: ['W', 'X', 'Y', 'Z'],
          topicName: 'Renamed topic',
        });
        expect(seen).toEqual(await referenceState(db(), state.attemptId, clock.now()));
      }
    } finally {
      await other?.close();
      await db()
        .update(questions)
        .set({ heldAt: null, stem: target.stem, choices: target.choices })
        .where(eq(questions.id, target.questionId));
      await db().execute(
        sql`update topics set name = ${target.topicName} where id in (select topic_id from questions where id = ${target.questionId})`,
      );
    }
  });

  it('a save decided on what the server remembers is one statement, and stands on nothing stale', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const state = attemptStateSchema.parse(
      (await call(student.cookie, 'POST', `${base}/mock`)).body,
    );
    const [first, second, third, fourth] = state.items.map((i) => i.questionId);
    if (!first || !second || !third || !fourth) throw new Error('too few items');
    const save = (questionId: string, choiceIndex: number) =>
      viaApi(student.cookie, state.attemptId, { questionId, input: { choiceIndex } });
    const stored = async (questionId: string) =>
      (
        await db()
          .select()
          .from(quizAnswers)
          .where(
            and(eq(quizAnswers.attemptId, state.attemptId), eq(quizAnswers.questionId, questionId)),
          )
      )[0];

    // The first save reads and remembers; the next is the one write.
    expect((await save(first, keyOf(first))).status).toBe(200);
    const one = await captureStatements(() => save(second, keyOf(second)));
    // The session from the cache, checked again by the write: one statement in all.
    expect(one).toHaveLength(1);
    expect(one[0]?.text).toMatch(/^insert into "quiz_answers"/);
    expect(await stored(second)).toMatchObject({ choiceIndex: keyOf(second), isCorrect: true });

    // The grant withdrawn: refused as every route under the reviewer is, and nothing stored.
    await db()
      .delete(reviewerAccess)
      .where(
        and(
          eq(reviewerAccess.userId, student.userId),
          eq(reviewerAccess.reviewerShorthand, REVIEWER),
        ),
      );
    expect(await save(fourth, 1)).toEqual({
      status: 403,
      message: 'You do not have access to this reviewer.',
    });
    // With the paywall's reason, so the phone moves where the guard would (lib/content-denied.ts):
    // without it, the refusal stayed on the mock's screen.
    const refused = await call(
      student.cookie,
      'PUT',
      `${base}/attempts/${state.attemptId}/answers/${fourth}`,
      { choiceIndex: 1 },
    );
    expect(refused.body.error?.reason).toBe('noReviewer');
    expect(await stored(fourth)).toBeUndefined();
    await db()
      .insert(reviewerAccess)
      .values({ userId: student.userId, reviewerShorthand: REVIEWER });
    expect((await save(fourth, 1)).status).toBe(200);

    // Staff fix the key of a remembered question: the next save is graded on the new key.
    const fixedKey = (keyOf(third) + 1) % 4;
    await db().update(questions).set({ answerIndex: fixedKey }).where(eq(questions.id, third));
    try {
      expect((await save(third, fixedKey)).status).toBe(200);
      expect(await stored(third)).toMatchObject({ choiceIndex: fixedKey, isCorrect: true });
    } finally {
      await db()
        .update(questions)
        .set({ answerIndex: keyOf(third) })
        .where(eq(questions.id, third));
    }

    // Remembered again, at the new content version.
    expect((await save(first, keyOf(first))).status).toBe(200);
    expect(await captureStatements(() => save(first, keyOf(first)))).toHaveLength(1);

    // The session ended where this process did not hear of it (still in its cache): the write
    // sees it, the save is refused as signed out, and nothing is stored.
    const signedOut = () =>
      db()
        .update(sessions)
        .set({ revokedAt: clock.now(), revokedReason: 'signed-out' })
        .where(eq(sessions.userId, student.userId));
    await signedOut();
    expect((await save(fourth, 3)).status).toBe(401);
    expect(await stored(fourth)).toMatchObject({ choiceIndex: 1 });
    await db()
      .update(sessions)
      .set({ revokedAt: null, revokedReason: null })
      .where(eq(sessions.userId, student.userId));

    // Submitted by another server process (on PostgreSQL), or on this one: the remembered clock is
    // stale and the save is refused, with nothing stored.
    const other =
      engine === 'postgres' && t.testDb.url
        ? await openDatabase({ engine: 'postgres', url: t.testDb.url, poolSize: 2 })
        : null;
    try {
      const { submitAttempt } = await import('../../src/modules/quiz/change-attempt.ts');
      await submitAttempt(
        other?.db ?? db(),
        student.userId,
        REVIEWER,
        state.attemptId,
        clock.now(),
      );
      expect(await save(fourth, 2)).toEqual({
        status: 409,
        message: 'This quiz is already submitted.',
      });
      expect(await stored(fourth)).toMatchObject({ choiceIndex: 1 });
    } finally {
      await other?.close();
    }
  });
});
