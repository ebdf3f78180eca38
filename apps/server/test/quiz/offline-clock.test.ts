import { randomUUID } from 'node:crypto';
import { DEVICE_TIME_HEADER, FAIR_PLAY_MESSAGES, OFFLINE_TIME_MESSAGES } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { quizAnswers, quizAttempts } from '../../src/platform/db/schema.ts';
import { createOnboardedStudent, type TestUser } from '../helpers/factories.ts';
import { callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, REVIEWER, SUBJECT_A, seedBank } from './fixtures.ts';

const base = `/api/quiz/${REVIEWER}`;
const upload = `${base}/lite/offline-attempts`;
const ITEMS = Array.from({ length: 10 }, (_, i) => `tst-a-${i}`);
const SECOND = 1_000;
const MINUTE = 60_000;

/**
 * A lite quiz taken offline carries the phone's times, and the server judges them against its own
 * clock (docs/offline.md#the-phones-clock). A phone a minute slow or ten minutes fast had honest
 * quizzes refused for good (`overlaps`, `finishedInFuture`), and a quiz left open across a mock was
 * "taken at the same time" although nothing was answered during the mock. The outbox now stamps
 * each send with the phone's clock, the server moves the quiz's times onto its own by the
 * difference, and the overlap rule reads the moments the student answered.
 */
describe.each(ENGINES)('offline quizzes and the phone’s clock on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-26T00:00:00.000Z'));
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    await seedBank(t.app.database.db);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;

  /** A perfect quiz of `ITEMS` as the phone records it: each answer at its `answeredAt` (phone ms). */
  const quiz = (answeredAt: number[], startedAt: number, finishedAt: number) => ({
    clientAttemptId: randomUUID(),
    subjectId: SUBJECT_A,
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
    answers: answeredAt.map((at, n) => {
      const questionId = ITEMS[n] ?? '';
      return { questionId, choiceIndex: keyOf(questionId), answeredAt: new Date(at).toISOString() };
    }),
  });
  /** Ten answers `gapMs` apart from `firstMs` on. */
  const answersFrom = (firstMs: number, gapMs: number, count = ITEMS.length) =>
    Array.from({ length: count }, (_, n) => firstMs + n * gapMs);

  /**
   * Sent as the outbox sends it, stamped with the phone's clock at that moment (`phoneNowMs`);
   * without it, as an app from before the stamp sent it.
   */
  const send = (student: TestUser, body: unknown, phoneNowMs?: number) =>
    t.app.inject({
      method: 'POST',
      url: upload,
      headers: {
        origin: t.origin,
        cookie: student.cookie,
        ...(phoneNowMs === undefined
          ? {}
          : { [DEVICE_TIME_HEADER]: new Date(phoneNowMs).toISOString() }),
      },
      payload: body as object,
    });

  const stored = async (attemptId: string) => {
    const [row] = await db().select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    const answers = await db()
      .select({ answeredAt: quizAnswers.answeredAt })
      .from(quizAnswers)
      .where(eq(quizAnswers.attemptId, attemptId));
    return {
      startedAt: row?.startedAt.getTime(),
      finishedAt: row?.clientFinishedAt?.getTime(),
      answeredAt: answers.map((a) => a.answeredAt.getTime()).sort((a, b) => a - b),
    };
  };

  it('a phone a minute slow: a quiz drawn offline 20 s after an online one counts, on the server’s clock', async () => {
    clock.set(new Date('2026-11-26T02:00:00.000Z'));
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const slow = -MINUTE;
    const phone = () => clock.nowMs() + slow;
    const online = (await callApi(t, student.cookie, 'POST', `${base}/lite`, {})).json();
    clock.advance(2 * MINUTE);
    const submitted = await callApi(
      t,
      student.cookie,
      'POST',
      `${base}/attempts/${online.attemptId}/submit`,
    );
    expect(submitted.statusCode).toBe(200);
    // The next start fails on the network: 20 s later the phone draws one from its pool.
    clock.advance(20 * SECOND);
    const drawn = phone();
    const answers = answersFrom(drawn + 8 * SECOND, 8 * SECOND);
    const body = quiz(answers, drawn, drawn + 85 * SECOND);
    clock.advance(90 * SECOND);

    // Sent by an app from before the stamp, it is judged on the phone's clock, as before.
    const unstamped = await send(student, body);
    expect(unstamped.statusCode).toBe(400);
    expect(unstamped.json().error.message).toBe(FAIR_PLAY_MESSAGES.overlaps);

    const sent = await send(student, body, phone());
    expect(sent.statusCode).toBe(201);
    expect(sent.json().result).toMatchObject({ correct: 10, total: 10 });
    expect(await stored(sent.json().attemptId)).toEqual({
      startedAt: drawn - slow,
      finishedAt: drawn + 85 * SECOND - slow,
      answeredAt: answers.map((at) => at - slow),
    });
  });

  it('a phone 11 minutes fast: a quiz just finished does not "end in the future"', async () => {
    clock.set(new Date('2026-11-26T04:00:00.000Z'));
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const fast = 11 * MINUTE;
    const phone = () => clock.nowMs() + fast;
    const drawn = phone();
    const body = quiz(answersFrom(drawn + 10 * SECOND, 10 * SECOND), drawn, drawn + 2 * MINUTE);
    clock.advance(2 * MINUTE + 5 * SECOND);

    const unstamped = await send(student, body);
    expect(unstamped.statusCode).toBe(400);
    expect(unstamped.json().error.message).toBe(OFFLINE_TIME_MESSAGES.finishedInFuture);

    const sent = await send(student, body, phone());
    expect(sent.statusCode).toBe(201);
    expect((await stored(sent.json().attemptId)).finishedAt).toBe(drawn + 2 * MINUTE - fast);
  });

  it('a quiz left open across a mock counts when nothing was answered during the mock; its span buys no time', async () => {
    clock.set(new Date('2026-11-26T23:30:00.000Z')); // 07:30 in Manila
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER, ttlMs: 2 * 86_400_000 });
    // Drawn offline at 07:30: three items answered, then put away.
    const drawn = clock.nowMs();
    const morning = answersFrom(drawn + 20 * SECOND, 20 * SECOND, 3);
    // A mock online from 08:00, submitted 30 minutes later.
    clock.set(new Date('2026-11-27T00:00:00.000Z'));
    const mock = await callApi(t, student.cookie, 'POST', `${base}/mock`);
    expect(mock.statusCode).toBe(201);
    clock.advance(30 * MINUTE);
    const submitted = await callApi(
      t,
      student.cookie,
      'POST',
      `${base}/attempts/${mock.json().attemptId}/submit`,
    );
    expect(submitted.statusCode).toBe(200);
    const mockEnd = clock.nowMs();

    // A quiz "begun" during the mock and answered in 10 s once it ended: its 30 minutes of span
    // are the mock's, so it was answered too fast, however long it claims to have lasted.
    clock.advance(20 * SECOND);
    const wrapping = quiz(
      answersFrom(mockEnd + SECOND, SECOND),
      mockEnd - 25 * MINUTE,
      mockEnd + 11 * SECOND,
    );
    const refused = await send(student, wrapping, clock.nowMs());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(FAIR_PLAY_MESSAGES.tooFast);

    // The morning quiz goes on at 16:59 and is finished at 17:00.
    clock.set(new Date('2026-11-27T08:59:00.000Z'));
    const evening = answersFrom(clock.nowMs() + 5 * SECOND, 8 * SECOND, ITEMS.length - 3);
    clock.set(new Date('2026-11-27T09:00:00.000Z'));
    const body = quiz([...morning, ...evening], drawn, clock.nowMs());
    clock.advance(30 * SECOND);
    const sent = await send(student, body, clock.nowMs());
    expect(sent.statusCode).toBe(201);
    expect(sent.json().result).toMatchObject({ correct: 10, total: 10 });

    // An answer given during the mock is still "at the same time as another quiz".
    const during = quiz(
      answersFrom(mockEnd - 10 * MINUTE, 10 * SECOND),
      mockEnd - 11 * MINUTE,
      mockEnd - 5 * MINUTE,
    );
    const overlapping = await send(student, during, clock.nowMs());
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().error.message).toBe(FAIR_PLAY_MESSAGES.overlaps);
  });
});
