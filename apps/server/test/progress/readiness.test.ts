import { attemptStateSchema, manilaDayKey, quizHomeSchema, type Readiness } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examSittings, itemHistories, readinessModels } from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { type ApiMethod, callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, REVIEWER, SUBJECT_A, seedBank } from '../quiz/fixtures.ts';

const base = `/api/quiz/${REVIEWER}`;

// Issue 23 items 2, 3 and 5: the student model learns from finished attempts, and quiz home carries
// the readiness and the plan, for the signed-in student only.
describe.each(ENGINES)('readiness on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedBank(t.app.database.db);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const call = (cookie: string | null, method: ApiMethod, url: string, payload?: unknown) =>
    callApi(t, cookie, method, url, payload);
  const readiness = async (cookie: string): Promise<Readiness | null> => {
    const res = await call(cookie, 'GET', `${base}/quiz-home`);
    expect(res.statusCode).toBe(200);
    return quizHomeSchema.parse(res.json()).readiness;
  };

  /** A lite set of subject A, `right` of its 10 answered correctly, the rest wrong; finished. */
  async function liteSet(cookie: string, right: number): Promise<void> {
    const start = await call(cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A });
    const state = attemptStateSchema.parse(start.json());
    for (const [n, item] of state.items.entries()) {
      const id = item.questionId;
      await call(cookie, 'PUT', `${base}/attempts/${state.attemptId}/answers/${id}`, {
        choiceIndex: n < right ? keyOf(id) : (keyOf(id) + 1) % 4,
      });
    }
    expect(
      (await call(cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`)).statusCode,
    ).toBe(200);
  }

  it('a finish learns exactly what recordReadiness learns from the same answers (its reads and write folded into the finish, ADR 031)', async () => {
    const { recordReadiness } = await import('../../src/modules/progress/readiness.ts');
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const twin = await createOnboardedStudent(t, { reviewer: REVIEWER });
    // Two sets, so the second finish starts from a stored model and stored histories.
    const sets: { questionId: string; correct: boolean }[][] = [];
    for (const right of [4, 7]) {
      const start = await call(cookie, 'POST', `${base}/lite`, {});
      const state = attemptStateSchema.parse(start.json());
      const answers = state.items.map((item, n) => ({
        questionId: item.questionId,
        correct: n < right,
      }));
      for (const a of answers) {
        const key = keyOf(a.questionId);
        await call(cookie, 'PUT', `${base}/attempts/${state.attemptId}/answers/${a.questionId}`, {
          choiceIndex: a.correct ? key : (key + 1) % 4,
        });
      }
      expect(
        (await call(cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`)).statusCode,
      ).toBe(200);
      const [stored] = await db()
        .select({ updatedAt: readinessModels.updatedAt })
        .from(readinessModels)
        .where(and(eq(readinessModels.userId, userId), eq(readinessModels.reviewer, REVIEWER)));
      // The twin learns the same answers at the same moment through the standalone path.
      await db().transaction((tx) =>
        recordReadiness(tx, {
          userId: twin.userId,
          reviewer: REVIEWER,
          answers,
          fullMock: false,
          now: stored?.updatedAt ?? new Date(0),
        }),
      );
      sets.push(answers);
    }
    const stateOf = async (id: string) => ({
      model: (
        await db()
          .select({ model: readinessModels.model, updatedAt: readinessModels.updatedAt })
          .from(readinessModels)
          .where(and(eq(readinessModels.userId, id), eq(readinessModels.reviewer, REVIEWER)))
      )[0],
      histories: (
        await db()
          .select({
            questionId: itemHistories.questionId,
            lastAt: itemHistories.lastAt,
            lastCorrect: itemHistories.lastCorrect,
            reviewStep: itemHistories.reviewStep,
          })
          .from(itemHistories)
          .where(eq(itemHistories.userId, id))
      ).sort((a, b) => (a.questionId < b.questionId ? -1 : 1)),
    });
    const mine = await stateOf(userId);
    expect(mine.model?.model.parts['part-a']?.ability.answers ?? 0).toBeGreaterThan(0);
    expect(mine.histories.length).toBeGreaterThanOrEqual(10);
    expect(mine).toEqual(await stateOf(twin.userId));
  });

  it('a new student is told what to do instead of a number, with no plan before an exam date', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const r = await readiness(cookie);
    expect(r).toMatchObject({
      passingAverage: 75,
      whole: null,
      passChance: null,
      action: { kind: 'mock', text: 'Take a full mock' },
      plan: null,
      daysLeft: null,
      fullMocks: 0,
    });
    expect(r?.parts.map((p) => [p.partId, p.answers, p.needed])).toEqual([
      ['part-a', 0, 30],
      ['part-b', 0, 30],
    ]);
  });

  it('learns from a finished lite set: its answers count in their part, once', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    // Answers of a set not yet finished are not final: nothing is learnt from them.
    const start = await call(cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A });
    const open = attemptStateSchema.parse(start.json());
    const first = open.items[0]?.questionId ?? '';
    await call(cookie, 'PUT', `${base}/attempts/${open.attemptId}/answers/${first}`, {
      choiceIndex: keyOf(first),
    });
    expect((await readiness(cookie))?.parts[0]?.answers).toBe(0);
    await call(cookie, 'POST', `${base}/attempts/${open.attemptId}/submit`);
    const afterOne = await readiness(cookie);
    expect(afterOne?.parts.map((p) => p.answers)).toEqual([1, 0]);

    await liteSet(cookie, 9);
    const after = await readiness(cookie);
    expect(after?.parts.map((p) => p.answers)).toEqual([11, 0]);
    // Part B still lacks data: the action names it and what it needs.
    expect(after?.action).toEqual({ kind: 'mock', text: 'Take a full mock' });
    const [row] = await db()
      .select()
      .from(readinessModels)
      .where(and(eq(readinessModels.userId, userId), eq(readinessModels.reviewer, REVIEWER)));
    expect(row?.model.parts['part-a']?.ability.answers).toBe(11);
  });

  it('a stronger student is predicted higher than a weaker one, each from their own answers', async () => {
    const strong = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const weak = await createOnboardedStudent(t, { reviewer: REVIEWER });
    for (let i = 0; i < 4; i += 1) {
      await liteSet(strong.cookie, 10);
      await liteSet(weak.cookie, 2);
    }
    const s = await readiness(strong.cookie);
    const w = await readiness(weak.cookie);
    // 40 answers in part A: its prediction shows; part B still asks for answers.
    expect(s?.parts[0]?.predicted).not.toBeNull();
    expect(w?.parts[0]?.predicted).not.toBeNull();
    expect(s?.parts[0]?.predicted?.rating ?? 0).toBeGreaterThan(
      (w?.parts[0]?.predicted?.rating ?? 100) + 20,
    );
    expect(s?.action).toEqual({ kind: 'answer', text: 'Answer 30 more Part B items' });
    // A third student's readiness is their own: nothing of the others'.
    const other = await createOnboardedStudent(t, { reviewer: REVIEWER });
    expect((await readiness(other.cookie))?.parts.map((p) => p.answers)).toEqual([0, 0]);
  });

  it('with an exam date, quiz home carries the plan: days left, a daily target and the mocks', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const examDay = manilaDayKey(new Date(Date.now() + 60 * 86_400_000));
    const [sitting] = await db()
      .insert(examSittings)
      .values({
        reviewerShorthand: REVIEWER,
        startsOn: examDay,
        days: [{ date: examDay, partIds: ['part-a', 'part-b'] }],
      })
      .returning();
    const set = await call(cookie, 'PUT', `/api/reviewers/${REVIEWER}/sitting`, {
      sittingId: sitting?.id,
    });
    expect(set.statusCode).toBe(200);
    const r = await readiness(cookie);
    expect(r?.daysLeft).toBe(60);
    expect(r?.plan?.dailyItems).toBeGreaterThanOrEqual(20);
    expect(r?.plan?.mockDays).toHaveLength(4);
    expect(r?.plan?.mockDays.at(-1)).toBe(manilaDayKey(new Date(Date.now() + 53 * 86_400_000)));
  });

  it('learns from a finished drill run too', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const start = await call(cookie, 'POST', `/api/study/${REVIEWER}/drill`, {
      subjectId: SUBJECT_A,
      count: 5,
    });
    expect(start.statusCode).toBe(200);
    const run = start.json() as { attemptId: string; items: { questionId: string }[] };
    for (const [position, item] of run.items.entries()) {
      await call(cookie, 'POST', `/api/study/${REVIEWER}/drill/${run.attemptId}/answers`, {
        position,
        choiceIndex: keyOf(item.questionId),
      });
    }
    expect((await readiness(cookie))?.parts[0]?.answers).toBe(0);
    await call(cookie, 'POST', `/api/study/${REVIEWER}/drill/${run.attemptId}/finish`);
    expect((await readiness(cookie))?.parts.map((p) => p.answers)).toEqual([5, 0]);
  });

  it('a mock counts as a full mock', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const start = await call(cookie, 'POST', `${base}/mock`);
    const state = attemptStateSchema.parse(start.json());
    for (const item of state.items) {
      await call(cookie, 'PUT', `${base}/attempts/${state.attemptId}/answers/${item.questionId}`, {
        choiceIndex: keyOf(item.questionId),
      });
    }
    await call(cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`);
    const r = await readiness(cookie);
    expect(r?.fullMocks).toBe(1);
    expect(r?.parts.map((p) => p.answers)).toEqual([12, 5]);
  });
});
