import { attemptStateSchema, quizHomeSchema } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemReports,
  mockExamStreaks,
  questions,
  quizAttempts,
  users,
  userTopicStats,
} from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { type ApiMethod, callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, MOCK_MINUTES, REVIEWER, rationaleOf, SUBJECT_A, seedBank } from './fixtures.ts';

const base = `/api/quiz/${REVIEWER}`;

describe.each(ENGINES)('quizzes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedBank(t.app.database.db);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const call = (cookie: string | null, method: ApiMethod, url: string, payload?: unknown) =>
    callApi(t, cookie, method, url, payload);

  const someId = crypto.randomUUID();
  const endpoints: ['GET' | 'POST' | 'PUT', string, unknown][] = [
    ['GET', `${base}/quiz-home`, undefined],
    ['POST', `${base}/lite`, {}],
    ['POST', `${base}/lite`, { forYou: true }],
    ['GET', `${base}/offline-for-you`, undefined],
    ['POST', `${base}/mock`, undefined],
    ['GET', `${base}/attempts/${someId}`, undefined],
    ['PUT', `${base}/attempts/${someId}/answers/tst-a-1`, { choiceIndex: 1 }],
    ['POST', `${base}/attempts/${someId}/submit`, undefined],
    ['POST', `${base}/questions/tst-a-1/report`, { reason: 'Wrong key' }],
  ];

  it.each(endpoints)('%s %s answers 401 without a session', async (method, url, payload) => {
    const res = await call(null, method, url, payload);
    expect(res.statusCode).toBe(401);
  });

  it.each(endpoints)(
    '%s %s answers 403 without the reviewer grant',
    async (method, url, payload) => {
      const other = await createOnboardedStudent(t, { reviewer: 'nle' }); // another reviewer only
      const res = await call(other.cookie, method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.status).toBe('PERMISSION_DENIED');
    },
  );

  it('a report refused for lack of access holds nothing', async () => {
    const [row] = await db().select().from(questions).where(eq(questions.id, 'tst-a-1'));
    expect(row?.heldAt).toBeNull();
  });

  it('the quiz home lists subjects with counts and the mock size', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const res = await call(cookie, 'GET', `${base}/quiz-home`);
    expect(res.statusCode).toBe(200);
    const home = quizHomeSchema.parse(res.json());
    expect(home.subjects.map((s) => [s.id, s.itemCount])).toEqual([
      [SUBJECT_A, 12],
      ['tst-sub-b', 8],
    ]);
    expect(home.mock).toMatchObject({
      totalItems: 17,
      totalMinutes: MOCK_MINUTES,
      passingAverage: 75,
    });
    expect(home).toMatchObject({ openMock: null, recent: [], weakestTopics: [], mockHistory: [] });
  });

  it("the quiz home's mock history: finished mocks only, oldest first, parts on the latest", async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const part = (partId: string, percentage: number) => ({
      partId,
      name: partId,
      items: 10,
      correct: percentage / 10,
      percentage,
      weight: 0.5,
      floor: 50,
      belowFloor: percentage < 50,
    });
    const mock = (days: number, rating: number, status: 'submitted' | 'in_progress') => ({
      userId,
      reviewerShorthand: REVIEWER,
      kind: 'mock' as const,
      status,
      items: [],
      startedAt: new Date(Date.now() - days * 86_400_000 - 3_600_000),
      submittedAt: status === 'submitted' ? new Date(Date.now() - days * 86_400_000) : null,
      result:
        status === 'submitted'
          ? {
              correct: 10,
              total: 20,
              percentage: rating,
              missed: 10,
              gemsEarned: 20,
              autoSubmitted: false,
              parts: [part('part-a', rating - 10), part('part-b', rating + 10)],
              weightedRating: rating,
              passingAverage: 75,
              passed: rating >= 75,
            }
          : null,
    });
    await db()
      .insert(quizAttempts)
      .values([mock(9, 60, 'submitted'), mock(2, 80, 'submitted'), mock(5, 70, 'submitted')]);
    await db()
      .insert(quizAttempts)
      .values({ ...mock(0, 0, 'in_progress'), kind: 'lite' });
    const home = quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).json());
    expect(home.mockHistory.map((m) => [m.weightedRating, m.passed, m.passingAverage])).toEqual([
      [60, false, 75],
      [70, false, 75],
      [80, true, 75],
    ]);
    expect(home.mockHistory.map((m) => m.parts?.map((p) => p.percentage) ?? null)).toEqual([
      null,
      null,
      [70, 90],
    ]);
  });

  it('lite: 10 items without keys; an answer reveals the key; finish earns gems; retry the missed', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const start = await call(cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A });
    expect(start.statusCode).toBe(201);
    const state = attemptStateSchema.parse(start.json());
    expect(state).toMatchObject({
      kind: 'lite',
      status: 'in_progress',
      deadlineAt: null,
      title: 'Lite quiz: Subject A',
    });
    expect(state.items).toHaveLength(10);
    expect(state.items.every((i) => i.questionId.startsWith('tst-a-') && i.reveal === null)).toBe(
      true,
    );
    expect(start.body).not.toContain('Because of rule');

    // Right on the first three, wrong on the next four, three left blank.
    const ids = state.items.map((i) => i.questionId);
    for (const [n, id] of ids.slice(0, 7).entries()) {
      const choice = n < 3 ? keyOf(id) : (keyOf(id) + 1) % 4;
      const res = await call(cookie, 'PUT', `${base}/attempts/${state.attemptId}/answers/${id}`, {
        choiceIndex: choice,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().item).toMatchObject({
        choiceIndex: choice,
        isCorrect: n < 3,
        reveal: { answerIndex: keyOf(id), rationale: rationaleOf(id) },
      });
    }
    const first = ids[0] ?? '';
    const changed = await call(
      cookie,
      'PUT',
      `${base}/attempts/${state.attemptId}/answers/${first}`,
      {
        choiceIndex: (keyOf(first) + 1) % 4,
      },
    );
    expect(changed.statusCode).toBe(409);
    const same = await call(cookie, 'PUT', `${base}/attempts/${state.attemptId}/answers/${first}`, {
      choiceIndex: keyOf(first),
    });
    expect(same.statusCode).toBe(200);
    const bad = await call(cookie, 'PUT', `${base}/attempts/${state.attemptId}/answers/${ids[8]}`, {
      choiceIndex: 5,
    });
    expect(bad.statusCode).toBe(400);

    const stranger = await createOnboardedStudent(t, { reviewer: REVIEWER });
    expect(
      (await call(stranger.cookie, 'GET', `${base}/attempts/${state.attemptId}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(stranger.cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`))
        .statusCode,
    ).toBe(404);

    const done = await call(cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`);
    expect(done.statusCode).toBe(200);
    const summary = attemptStateSchema.parse(done.json());
    expect(summary.status).toBe('submitted');
    expect(summary.result).toMatchObject({
      correct: 3,
      total: 10,
      missed: 7,
      gemsEarned: 3,
      passed: null,
    });
    expect(summary.items.every((i) => i.reveal !== null)).toBe(true);
    // Submitting twice pays once.
    expect(
      (await call(cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`)).json().result
        .gemsEarned,
    ).toBe(3);
    const [user] = await db().select().from(users).where(eq(users.id, userId));
    expect(user?.gemsCollection).toEqual({ emerald: 3 });
    const [stats] = await db()
      .select()
      .from(userTopicStats)
      .where(eq(userTopicStats.userId, userId));
    expect(stats).toMatchObject({ topicId: 'tst-top-a', answered: 7, correct: 3 });
    const late = await call(
      cookie,
      'PUT',
      `${base}/attempts/${state.attemptId}/answers/${ids[9]}`,
      {
        choiceIndex: 0,
      },
    );
    expect(late.statusCode).toBe(409);

    const retry = await call(cookie, 'POST', `${base}/lite`, { retryOf: state.attemptId });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().items.map((i: { questionId: string }) => i.questionId)).toEqual(
      ids.slice(3),
    );

    const home = quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).json());
    expect(home.recent[0]).toMatchObject({
      attemptId: state.attemptId,
      correct: 3,
      total: 10,
      gemsEarned: 3,
    });
    expect(home.weakestTopics).toEqual([
      expect.objectContaining({ topicId: 'tst-top-a', answered: 7, correct: 3, accuracy: 42.86 }),
    ]);
  });

  it('a retry of the missed leaves out items held since, and those the student reported', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const state = attemptStateSchema.parse(
      (await call(cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A })).json(),
    );
    // All ten missed (left blank); one reported by the student, one held for everyone.
    expect(
      (await call(cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`)).statusCode,
    ).toBe(200);
    const ids = state.items.map((i) => i.questionId);
    const [reported = '', held = ''] = ids;
    const report = await call(cookie, 'POST', `${base}/questions/${reported}/report`, {
      reason: 'The key looks wrong.',
    });
    expect(report.statusCode).toBe(201);
    await db().update(questions).set({ heldAt: new Date() }).where(eq(questions.id, held));
    try {
      const retry = await call(cookie, 'POST', `${base}/lite`, { retryOf: state.attemptId });
      expect(retry.statusCode).toBe(201);
      expect(retry.json().items.map((i: { questionId: string }) => i.questionId)).toEqual(
        ids.slice(2),
      );
    } finally {
      await db().update(questions).set({ heldAt: null }).where(eq(questions.id, held));
      // Another test counts the open reports of one item: this one is closed again.
      await db()
        .update(itemReports)
        .set({ status: 'cleared' })
        .where(eq(itemReports.questionId, reported));
    }
  });

  it('lite refuses bad input and foreign subjects without creating anything', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    expect((await call(cookie, 'POST', `${base}/lite`, { subjectId: 'Bad Id' })).statusCode).toBe(
      400,
    );
    expect((await call(cookie, 'POST', `${base}/lite`, { extra: 1 })).statusCode).toBe(400);
    expect((await call(cookie, 'POST', `${base}/lite`, { subjectId: 'nope' })).statusCode).toBe(
      404,
    );
    const rows = await db().select().from(quizAttempts).where(eq(quizAttempts.userId, userId));
    expect(rows).toEqual([]);
  });

  it('mock: blueprint items and clock, resume, saved answers and flags, result per part, review, streak', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const before = Date.now();
    const start = await call(cookie, 'POST', `${base}/mock`);
    expect(start.statusCode).toBe(201);
    const state = attemptStateSchema.parse(start.json());
    expect(state.items).toHaveLength(17);
    expect(state.parts).toEqual([
      { partId: 'part-a', name: 'Part A', items: 12, minutes: 24 },
      { partId: 'part-b', name: 'Part B', items: 5, minutes: 10 },
    ]);
    const deadline = Date.parse(state.deadlineAt ?? '');
    expect(deadline - before).toBeGreaterThanOrEqual(MOCK_MINUTES * 60_000 - 1000);
    expect(deadline - Date.now()).toBeLessThanOrEqual(MOCK_MINUTES * 60_000);
    expect(start.body).not.toContain('Because of rule');

    const again = await call(cookie, 'POST', `${base}/mock`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      attemptId: state.attemptId,
      deadlineAt: state.deadlineAt,
    });

    // Part A: all 12 right; part B: 1 of 5 right (20% < the 50% floor) → average 60, not passed.
    const partB = state.items.filter((i) => i.partId === 'part-b');
    for (const item of state.items) {
      const right = item.partId === 'part-a' || item === partB[0];
      const res = await call(
        cookie,
        'PUT',
        `${base}/attempts/${state.attemptId}/answers/${item.questionId}`,
        {
          choiceIndex: right ? keyOf(item.questionId) : (keyOf(item.questionId) + 1) % 4,
        },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().item).toMatchObject({ isCorrect: null, reveal: null });
    }
    // A mock answer may change until the deadline; saving the same twice is harmless.
    const target = partB[1]?.questionId ?? '';
    for (let i = 0; i < 2; i += 1) {
      const res = await call(
        cookie,
        'PUT',
        `${base}/attempts/${state.attemptId}/answers/${target}`,
        {
          choiceIndex: keyOf(target),
          flagged: true,
        },
      );
      expect(res.statusCode).toBe(200);
    }
    const read = attemptStateSchema.parse(
      (await call(cookie, 'GET', `${base}/attempts/${state.attemptId}`)).json(),
    );
    expect(read.items.find((i) => i.questionId === target)).toMatchObject({
      choiceIndex: keyOf(target),
      flagged: true,
      reveal: null,
    });
    expect(read.items.filter((i) => i.choiceIndex !== null)).toHaveLength(17);

    const home = quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).json());
    expect(home.openMock).toMatchObject({ attemptId: state.attemptId, answered: 17, total: 17 });

    const done = attemptStateSchema.parse(
      (await call(cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`)).json(),
    );
    expect(done.result).toMatchObject({
      correct: 14,
      total: 17,
      gemsEarned: 28,
      autoSubmitted: false,
      weightedRating: 70,
      passed: false,
      parts: [
        expect.objectContaining({ partId: 'part-a', percentage: 100, belowFloor: false }),
        expect.objectContaining({ partId: 'part-b', correct: 2, percentage: 40, belowFloor: true }),
      ],
    });
    expect(done.items.every((i) => i.reveal?.rationale === rationaleOf(i.questionId))).toBe(true);
    const after = quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).json());
    expect(after.mockHistory).toEqual([
      expect.objectContaining({
        attemptId: state.attemptId,
        weightedRating: 70,
        passingAverage: 75,
        passed: false,
        parts: done.result?.parts,
      }),
    ]);
    const [streak] = await db()
      .select()
      .from(mockExamStreaks)
      .where(eq(mockExamStreaks.userId, userId));
    expect(streak?.id).toMatch(new RegExp(`^${userId}_\\d{1,2}_\\d{4}$`));
    expect(streak?.days).toHaveLength(1);
    const refused = await call(
      cookie,
      'PUT',
      `${base}/attempts/${state.attemptId}/answers/${target}`,
      { choiceIndex: 0 },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This quiz is already submitted.');

    const next = await call(cookie, 'POST', `${base}/mock`);
    expect(next.statusCode).toBe(201);
    expect(next.json().attemptId).not.toBe(state.attemptId);
  });

  async function expireAttempt(attemptId: string) {
    const past = new Date(Date.now() - 60_000);
    await db()
      .update(quizAttempts)
      .set({ startedAt: new Date(past.getTime() - MOCK_MINUTES * 60_000), deadlineAt: past })
      .where(eq(quizAttempts.id, attemptId));
  }

  it('an answer after the deadline is refused, and the mock is submitted with what was saved', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const state = attemptStateSchema.parse((await call(cookie, 'POST', `${base}/mock`)).json());
    const [a, b] = state.items;
    await call(cookie, 'PUT', `${base}/attempts/${state.attemptId}/answers/${a?.questionId}`, {
      choiceIndex: keyOf(a?.questionId ?? ''),
    });
    await expireAttempt(state.attemptId);
    const late = await call(
      cookie,
      'PUT',
      `${base}/attempts/${state.attemptId}/answers/${b?.questionId}`,
      {
        choiceIndex: keyOf(b?.questionId ?? ''),
      },
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Time is up: this mock exam was submitted.');
    const read = attemptStateSchema.parse(
      (await call(cookie, 'GET', `${base}/attempts/${state.attemptId}`)).json(),
    );
    expect(read.status).toBe('submitted');
    expect(read.result).toMatchObject({ correct: 1, total: 17, autoSubmitted: true });
  });

  it('a mock past its deadline is auto-submitted on the next read, and a new one can start', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const state = attemptStateSchema.parse((await call(cookie, 'POST', `${base}/mock`)).json());
    await expireAttempt(state.attemptId);
    const home = quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).json());
    expect(home.openMock).toBeNull();
    expect(home.recent[0]).toMatchObject({
      attemptId: state.attemptId,
      kind: 'mock',
      correct: 0,
      passed: false,
    });
    const [row] = await db()
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.id, state.attemptId));
    expect(row).toMatchObject({
      status: 'submitted',
      result: expect.objectContaining({ autoSubmitted: true }),
    });
  });

  it("a report keeps the item out of the reporter's draws at once, and everyone's after three students (issue 21)", async () => {
    /** A student who was served every subject-A item: a mock (part A takes all 12) submitted. */
    const servedStudent = async () => {
      const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
      const mock = attemptStateSchema.parse(
        (await call(student.cookie, 'POST', `${base}/mock`)).json(),
      );
      await call(student.cookie, 'POST', `${base}/attempts/${mock.attemptId}/submit`);
      return student;
    };
    const report = (cookie: string, reason = 'The key is wrong.') =>
      call(cookie, 'POST', `${base}/questions/tst-a-5/report`, { reason });
    const inNewMock = async (cookie: string) => {
      const mock = attemptStateSchema.parse((await call(cookie, 'POST', `${base}/mock`)).json());
      await call(cookie, 'POST', `${base}/attempts/${mock.attemptId}/submit`);
      return mock.items.some((i) => i.questionId === 'tst-a-5');
    };
    const heldAt = async () =>
      (await db().select().from(questions).where(eq(questions.id, 'tst-a-5')))[0]?.heldAt ?? null;

    const first = await servedStudent();
    expect((await report(first.cookie, '  ')).statusCode).toBe(400);
    expect(
      (await call(first.cookie, 'POST', `${base}/questions/no-such/report`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    for (let i = 0; i < 2; i += 1) expect((await report(first.cookie)).statusCode).toBe(201);
    expect(
      await db()
        .select()
        .from(itemReports)
        .where(and(eq(itemReports.userId, first.userId), eq(itemReports.questionId, 'tst-a-5'))),
    ).toEqual([expect.objectContaining({ status: 'open', reason: 'The key is wrong.' })]);
    // One student's report: out of their own mock at once, still in everyone else's.
    expect(await heldAt()).toBeNull();
    expect(await inNewMock(first.cookie)).toBe(false);
    const bystander = await createOnboardedStudent(t, { reviewer: REVIEWER });
    expect(await inNewMock(bystander.cookie)).toBe(true);

    // Three distinct students: held for everyone.
    const second = await servedStudent();
    expect((await report(second.cookie)).statusCode).toBe(201);
    expect(await heldAt()).toBeNull();
    const third = await servedStudent();
    expect((await report(third.cookie)).statusCode).toBe(201);
    expect(await heldAt()).toBeInstanceOf(Date);
    expect(await inNewMock(bystander.cookie)).toBe(false);
    await db()
      .update(itemReports)
      .set({ status: 'cleared' })
      .where(eq(itemReports.questionId, 'tst-a-5'));
    await db().update(questions).set({ heldAt: null }).where(eq(questions.id, 'tst-a-5'));
  });
});
