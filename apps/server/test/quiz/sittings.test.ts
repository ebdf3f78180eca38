import {
  type AttemptItem,
  type AttemptState,
  attemptStateSchema,
  quizHomeSchema,
  REPORT_MESSAGES,
} from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAttempt } from '../../src/modules/quiz/resume-attempt.ts';
import { saveAnswer } from '../../src/modules/quiz/save-answer.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import {
  blueprints,
  itemReports,
  quizAttempts,
  userTopicStats,
} from '../../src/platform/db/schema.ts';
import { MINUTE } from '../helpers/durations.ts';
import { createOnboardedStudent, createStudent } from '../helpers/factories.ts';
import {
  type ApiMethod,
  callApi,
  restartTestApp,
  sessionCheck,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { BLUEPRINT_SPEC, keyOf, REVIEWER, seedBank } from './fixtures.ts';
import { captureStatements } from './statement-plans.ts';

/**
 * Issue 12 item 4 "LET in sittings": the fixture's blueprint taken in two sittings, as LET
 * Elementary is: Part A (12 items, 24 minutes), then Part B (5 items, 10 minutes), each on its own
 * clock, the break between them the student's. The server's ManualClock drives time: no sleeps.
 */

const base = `/api/quiz/${REVIEWER}`;
const PART_A_MS = 24 * MINUTE;
const PART_B_MS = 10 * MINUTE;

describe.each(ENGINES)('a mock in sittings on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    await seedBank(t.app.database.db);
    await t.app.database.db
      .update(blueprints)
      .set({ spec: { ...BLUEPRINT_SPEC, sittings: 2 } })
      .where(eq(blueprints.id, 'tst-bp'));
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const call = async (cookie: string | null, method: ApiMethod, url: string, payload?: object) => {
    const res = await callApi(t, cookie, method, url, payload);
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
  const state = (res: { status: number; body: unknown }): AttemptState => {
    expect(res.status).toBe(200);
    return attemptStateSchema.parse(res.body);
  };
  const startMock = async (cookie: string) => {
    const res = await call(cookie, 'POST', `${base}/mock`);
    expect(res.status).toBe(201);
    return attemptStateSchema.parse(res.body);
  };
  const save = (cookie: string, attemptId: string, questionId: string, choiceIndex: number) =>
    call(cookie, 'PUT', `${base}/attempts/${attemptId}/answers/${questionId}`, { choiceIndex });
  const sitting = (
    cookie: string | null,
    attemptId: string,
    n: number,
    action: 'finish' | 'start',
  ) => call(cookie, 'POST', `${base}/attempts/${attemptId}/sittings/${n}/${action}`);
  const read = async (cookie: string, attemptId: string) =>
    state(await call(cookie, 'GET', `${base}/attempts/${attemptId}`));
  const partOf = (s: AttemptState, partId: string) => s.items.filter((i) => i.partId === partId);
  const left = (s: AttemptState) => Date.parse(s.deadlineAt ?? '') - Date.parse(s.serverNow);

  it('who may call the sittings: signed out 401, no grant 403, another student 404', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const mock = await startMock(cookie);
    const stranger = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const noGrant = await createOnboardedStudent(t, { reviewer: 'nle' });
    for (const action of ['finish', 'start'] as const) {
      expect((await sitting(null, mock.attemptId, 1, action)).status).toBe(401);
      expect((await sitting(noGrant.cookie, mock.attemptId, 1, action)).status).toBe(403);
      expect((await sitting(stranger.cookie, mock.attemptId, 1, action)).status).toBe(404);
      expect((await sitting(cookie, mock.attemptId, 3, action)).status).toBe(404);
      expect((await sitting(cookie, mock.attemptId, 0, action)).status).toBe(400);
    }
    // A lite quiz has no sittings.
    const lite = state({ ...(await call(cookie, 'POST', `${base}/lite`, {})), status: 200 });
    expect(lite.sittings).toBeNull();
    expect((await sitting(cookie, lite.attemptId, 1, 'finish')).status).toBe(404);
    // The stranger's refusals changed nothing.
    expect((await read(cookie, mock.attemptId)).sittings?.[0]?.submittedAt).toBeNull();
  });

  it('part 1 on its own clock, its items only; finish; the break is theirs; part 2 on its own clock; the result after the last', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    let cookie = student.cookie;
    const t0 = clock.now();
    const start = await call(cookie, 'POST', `${base}/mock`);
    expect(start.status).toBe(201);
    const s1 = attemptStateSchema.parse(start.body);
    expect(s1.deadlineAt).toBe(new Date(t0.getTime() + PART_A_MS).toISOString());
    expect(s1.parts?.map((p) => [p.partId, p.items, p.minutes])).toEqual([
      ['part-a', 12, 24],
      ['part-b', 5, 10],
    ]);
    expect(s1.sittings).toEqual([
      {
        number: 1,
        partIds: ['part-a'],
        name: 'Part A',
        items: 12,
        answered: 0,
        minutes: 24,
        startedAt: t0.toISOString(),
        deadlineAt: s1.deadlineAt,
        submittedAt: null,
      },
      {
        number: 2,
        partIds: ['part-b'],
        name: 'Part B',
        items: 5,
        answered: 0,
        minutes: 10,
        startedAt: null,
        deadlineAt: null,
        submittedAt: null,
      },
    ]);
    // Only part 1's items: part 2's stay unseen until its clock starts.
    expect(s1.items).toHaveLength(12);
    expect(s1.items.every((i) => i.partId === 'part-a')).toBe(true);
    expect(start.raw).not.toContain('Question b');

    // Part A: 9 right, 3 wrong.
    for (const [n, item] of s1.items.entries()) {
      const key = keyOf(item.questionId);
      const res = await save(cookie, s1.attemptId, item.questionId, n < 9 ? key : (key + 1) % 4);
      expect(res.status).toBe(200);
    }
    // Part B's items cannot be answered yet; nor can part 2 start, or the exam be submitted.
    const [row] = await db().select().from(quizAttempts).where(eq(quizAttempts.id, s1.attemptId));
    const partB = row?.items.find((i) => i.partId === 'part-b')?.questionId ?? '';
    // Issue 21 finding 7: the same answer as an item of no part, so part B cannot be mapped.
    const early = await save(cookie, s1.attemptId, partB, 0);
    const nowhere = await save(cookie, s1.attemptId, 'tst-a-999', 0);
    expect(early.status).toBe(404);
    expect(early.body).toEqual({ ...nowhere.body, requestId: early.body.requestId });
    const jump = await sitting(cookie, s1.attemptId, 2, 'start');
    expect(jump.status).toBe(409);
    expect(jump.body.error.message).toBe('Finish the part you are taking first.');
    expect((await sitting(cookie, s1.attemptId, 2, 'finish')).status).toBe(409);
    const submit = await call(cookie, 'POST', `${base}/attempts/${s1.attemptId}/submit`);
    expect(submit.status).toBe(409);
    expect(submit.body.error.message).toBe(
      'This exam is taken in parts: finish each part in turn.',
    );

    clock.advance(15 * MINUTE);
    const finished = state(await sitting(cookie, s1.attemptId, 1, 'finish'));
    expect(finished).toMatchObject({ status: 'in_progress', deadlineAt: null, result: null });
    expect(finished.items).toEqual([]);
    expect(finished.sittings?.[0]).toMatchObject({
      answered: 12,
      submittedAt: clock.now().toISOString(),
    });
    expect(finished.sittings?.[1]?.startedAt).toBeNull();
    // Again (a retry): the same.
    clock.advance(MINUTE);
    expect(state(await sitting(cookie, s1.attemptId, 1, 'finish')).sittings).toEqual(
      finished.sittings,
    );
    const late = await save(cookie, s1.attemptId, s1.items[0]?.questionId ?? '', 0);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(
      'This part is finished: its answers can no longer change.',
    );
    // The quiz home still offers the open mock, without a clock.
    const home = quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).body);
    expect(home.openMock).toMatchObject({
      attemptId: s1.attemptId,
      deadlineAt: null,
      answered: 12,
    });
    expect(home.mock?.sittings).toBe(2);

    // A long break (the session has lapsed: sign in again): nothing starts by itself.
    clock.advance(90 * MINUTE);
    cookie = (await createStudent(t, { email: student.email })).cookie;
    const onBreak = await read(cookie, s1.attemptId);
    expect(onBreak).toMatchObject({ status: 'in_progress', deadlineAt: null, items: [] });
    expect(onBreak.sittings?.[1]?.startedAt).toBeNull();

    const t2 = clock.now();
    const s2 = state(await sitting(cookie, s1.attemptId, 2, 'start'));
    expect(s2.deadlineAt).toBe(new Date(t2.getTime() + PART_B_MS).toISOString());
    expect(s2.sittings?.[1]).toMatchObject({
      startedAt: t2.toISOString(),
      deadlineAt: s2.deadlineAt,
    });
    expect(s2.items.map((i) => i.partId)).toEqual(Array(5).fill('part-b'));
    // Again, or part 1 again: left as it is (its clock keeps running).
    clock.advance(MINUTE);
    expect(state(await sitting(cookie, s1.attemptId, 2, 'start')).deadlineAt).toBe(s2.deadlineAt);
    expect(state(await sitting(cookie, s1.attemptId, 1, 'start')).deadlineAt).toBe(s2.deadlineAt);
    // Part 1's answers are closed; part 2's open. Part B: 2 of 5 right (40 %, below its floor).
    expect((await save(cookie, s1.attemptId, s1.items[0]?.questionId ?? '', 0)).status).toBe(409);
    for (const [n, item] of s2.items.entries()) {
      const key = keyOf(item.questionId);
      expect(
        (await save(cookie, s1.attemptId, item.questionId, n < 2 ? key : (key + 1) % 4)).status,
      ).toBe(200);
    }

    clock.advance(4 * MINUTE);
    const done = state(await sitting(cookie, s1.attemptId, 2, 'finish'));
    expect(done.status).toBe('submitted');
    expect(done.result).toMatchObject({
      correct: 11,
      total: 17,
      autoSubmitted: false,
      weightedRating: 57.5,
      passed: false,
      parts: [
        expect.objectContaining({ partId: 'part-a', correct: 9, percentage: 75 }),
        expect.objectContaining({ partId: 'part-b', correct: 2, percentage: 40, belowFloor: true }),
      ],
    });
    // The review shows every item, both parts, with keys.
    expect(done.items).toHaveLength(17);
    expect(done.items.every((i) => i.reveal !== null)).toBe(true);
    expect(done.sittings?.[1]?.submittedAt).toBe(clock.now().toISOString());
    // Again: the same result, paid once.
    expect(state(await sitting(cookie, s1.attemptId, 2, 'finish')).result).toEqual(done.result);
    expect(
      state(await call(cookie, 'POST', `${base}/attempts/${s1.attemptId}/submit`)).result,
    ).toEqual(done.result);
    // Time studied: 15 minutes in part 1 and 5 in part 2; the 92-minute break is not counted.
    const stats = await db()
      .select()
      .from(userTopicStats)
      .where(eq(userTopicStats.userId, student.userId));
    const seconds = stats.reduce((sum, s) => sum + s.secondsStudied, 0);
    expect(seconds).toBeGreaterThan(19 * 60);
    expect(seconds).toBeLessThanOrEqual(20 * 60);
  });

  it('an item of a part not yet started cannot be reported, as one never served: which ids it holds stays unseen', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const s1 = await startMock(student.cookie);
    const [row] = await db().select().from(quizAttempts).where(eq(quizAttempts.id, s1.attemptId));
    const partB = row?.items.find((i) => i.partId === 'part-b')?.questionId ?? '';
    const report = (questionId: string) =>
      call(student.cookie, 'POST', `${base}/questions/${questionId}/report`, {
        reason: 'The key looks wrong.',
      });
    // The answer to an item never served (reports.test.ts), word for word.
    const early = await report(partB);
    expect(early.status).toBe(409);
    expect(early.body.error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: REPORT_MESSAGES.notServed,
    });
    expect(
      await db().select().from(itemReports).where(eq(itemReports.userId, student.userId)),
    ).toEqual([]);
    // A part 1 item was shown: it may be reported, during the break too.
    expect((await report(s1.items[0]?.questionId ?? '')).status).toBe(201);
    expect((await sitting(student.cookie, s1.attemptId, 1, 'finish')).status).toBe(200);
    expect((await report(partB)).status).toBe(409);
    // Once part 2's clock starts, its items are the student's to report.
    expect((await sitting(student.cookie, s1.attemptId, 2, 'start')).status).toBe(200);
    expect((await report(partB)).status).toBe(201);
  });

  it('auto-submit per part: part 1 ends at its deadline, the next waits; part 2 ends at its own', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    let cookie = student.cookie;
    const t0 = clock.now();
    const s1 = await startMock(cookie);
    const [a0, a1] = partOf(s1, 'part-a');
    expect(
      (await save(cookie, s1.attemptId, a0?.questionId ?? '', keyOf(a0?.questionId ?? ''))).status,
    ).toBe(200);

    clock.advance(PART_A_MS + 30_000);
    const late = await save(cookie, s1.attemptId, a1?.questionId ?? '', 0);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('Time is up: this part was submitted.');
    const after = await read(cookie, s1.attemptId);
    expect(after).toMatchObject({ status: 'in_progress', deadlineAt: null, items: [] });
    expect(after.sittings?.[0]).toMatchObject({
      answered: 1,
      submittedAt: new Date(t0.getTime() + PART_A_MS).toISOString(),
    });

    // Hours later part 2 has still not started: the break is the student's.
    clock.advance(3 * 60 * MINUTE);
    cookie = (await createStudent(t, { email: student.email })).cookie;
    expect((await read(cookie, s1.attemptId)).sittings?.[1]?.startedAt).toBeNull();
    const s2 = state(await sitting(cookie, s1.attemptId, 2, 'start'));
    expect(left(s2)).toBe(PART_B_MS);
    const b0 = partOf(s2, 'part-b')[0]?.questionId ?? '';
    expect((await save(cookie, s1.attemptId, b0, keyOf(b0))).status).toBe(200);

    clock.advance(PART_B_MS);
    const done = await read(cookie, s1.attemptId);
    expect(done.status).toBe('submitted');
    expect(done.result).toMatchObject({ correct: 2, total: 17, autoSubmitted: true });
    const late2 = await save(cookie, s1.attemptId, b0, 0);
    expect(late2.status).toBe(409);
  });

  it('time up found by the quiz home, or by pressing "Start Part 2": the part ends at its deadline', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const s1 = await startMock(cookie);
    clock.advance(PART_A_MS + MINUTE);
    const home = quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).body);
    expect(home.openMock).toMatchObject({ attemptId: s1.attemptId, deadlineAt: null });

    const other = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const o1 = await startMock(other.cookie);
    clock.advance(PART_A_MS + MINUTE);
    const o2 = state(await sitting(other.cookie, o1.attemptId, 2, 'start'));
    expect(o2.sittings?.[0]?.submittedAt).toBe(o1.deadlineAt);
    expect(left(o2)).toBe(PART_B_MS);
  });

  it('resume after a reload, on another device and after a server restart, in each part', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    let cookie = student.cookie;
    const s1 = await startMock(cookie);
    const a0 = partOf(s1, 'part-a')[0]?.questionId ?? '';
    await call(cookie, 'PUT', `${base}/attempts/${s1.attemptId}/answers/${a0}`, {
      choiceIndex: 3,
      flagged: true,
    });

    // A reload in part 1: the same clock, the answer kept.
    clock.advance(2 * MINUTE);
    const reload = await read(cookie, s1.attemptId);
    expect(reload.deadlineAt).toBe(s1.deadlineAt);
    expect(left(s1) - left(reload)).toBe(2 * MINUTE);
    expect(reload.items.find((i) => i.questionId === a0)).toMatchObject({
      choiceIndex: 3,
      flagged: true,
    });

    // Another device in part 1 (signing in there signs this one out, ADR 002): the same.
    const second = await createStudent(t, { email: student.email });
    cookie = second.cookie;
    const there = await read(cookie, s1.attemptId);
    expect(there.deadlineAt).toBe(s1.deadlineAt);
    expect(there.items).toHaveLength(12);

    // The start button on the new device resumes the same mock.
    const again = await call(cookie, 'POST', `${base}/mock`);
    expect(again.status).toBe(200);
    expect(again.body.attemptId).toBe(s1.attemptId);

    state(await sitting(cookie, s1.attemptId, 1, 'finish'));
    // A restart during the break: still on the break.
    t = await restartTestApp(t, {}, { clock });
    clock.advance(20 * MINUTE);
    const afterRestart = await read(cookie, s1.attemptId);
    expect(afterRestart).toMatchObject({ status: 'in_progress', deadlineAt: null, items: [] });

    const s2 = state(await sitting(cookie, s1.attemptId, 2, 'start'));
    const b0 = partOf(s2, 'part-b')[0]?.questionId ?? '';
    await save(cookie, s1.attemptId, b0, 1);
    // A restart in part 2: its clock kept running while the server was down.
    t = await restartTestApp(t, {}, { clock });
    clock.advance(3 * MINUTE);
    const resumed = await read(cookie, s1.attemptId);
    expect(resumed.deadlineAt).toBe(s2.deadlineAt);
    expect(left(s2) - left(resumed)).toBe(3 * MINUTE);
    expect(resumed.items.map((i) => i.partId)).toEqual(Array(5).fill('part-b'));
    expect(resumed.items.find((i) => i.questionId === b0)?.choiceIndex).toBe(1);
    expect(resumed.sittings?.map((s) => s.answered)).toEqual([1, 1]);
    // A third device in part 2, and the restart's time-up: submitted at part 2's deadline.
    const third = await createStudent(t, { email: student.email });
    clock.advance(PART_B_MS);
    const done = await read(third.cookie, s1.attemptId);
    expect(done.status).toBe('submitted');
    expect(done.result).toMatchObject({ autoSubmitted: true, total: 17 });
    const [row] = await db().select().from(quizAttempts).where(eq(quizAttempts.id, s1.attemptId));
    expect(row?.sittings?.[1]?.submittedAt).toBe(s2.deadlineAt);
  });

  it('the exam-night fast paths hold in sittings: a save is one statement once its attempt is remembered, a resume one statement', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const s1 = await startMock(cookie);
    const run = async (attemptId: string, partId: string) => {
      const [first, second] = partOf(await read(cookie, attemptId), partId);
      const saveOf = (item: AttemptItem | undefined) => () =>
        saveAnswer(
          db(),
          {
            userId,
            reviewer: REVIEWER,
            attemptId,
            questionId: item?.questionId ?? '',
            input: { choiceIndex: 1 },
            now: clock.now(),
            session: sessionCheck(cookie),
          },
          async () => {},
        );
      // The first save may read (questions this process has not seen yet, or a clock a new
      // sitting moved); the next is the one write.
      await saveOf(first)();
      const saves = await captureStatements(saveOf(second));
      expect(saves).toHaveLength(1);
      expect(
        (await read(cookie, attemptId)).items.find((i) => i.questionId === second?.questionId),
      ).toMatchObject({ choiceIndex: 1 });
      // Warm once (the items' content is cached per content version), then count.
      await getAttempt(db(), userId, REVIEWER, attemptId, clock.now());
      const resume = await captureStatements(() =>
        getAttempt(db(), userId, REVIEWER, attemptId, clock.now()),
      );
      expect(resume).toHaveLength(1);
    };
    await run(s1.attemptId, 'part-a');
    state(await sitting(cookie, s1.attemptId, 1, 'finish'));
    state(await sitting(cookie, s1.attemptId, 2, 'start'));
    await run(s1.attemptId, 'part-b');
  });

  it('a blueprint of one sitting keeps one clock for the whole mock', async () => {
    await db().update(blueprints).set({ spec: BLUEPRINT_SPEC }).where(eq(blueprints.id, 'tst-bp'));
    try {
      const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
      const t0 = clock.now();
      const mock = await startMock(cookie);
      expect(mock.sittings).toBeNull();
      const home = quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).body);
      expect(home.mock?.sittings).toBe(1);
      expect(mock.items).toHaveLength(17);
      expect(mock.deadlineAt).toBe(new Date(t0.getTime() + PART_A_MS + PART_B_MS).toISOString());
      expect((await save(cookie, mock.attemptId, 'tst-b-0', 0)).status).toBe(
        mock.items.some((i) => i.questionId === 'tst-b-0') ? 200 : 404,
      );
      expect((await sitting(cookie, mock.attemptId, 1, 'finish')).status).toBe(404);
      const done = state(await call(cookie, 'POST', `${base}/attempts/${mock.attemptId}/submit`));
      expect(done.status).toBe('submitted');
    } finally {
      await db()
        .update(blueprints)
        .set({ spec: { ...BLUEPRINT_SPEC, sittings: 2 } })
        .where(eq(blueprints.id, 'tst-bp'));
    }
  });
});
