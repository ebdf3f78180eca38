import { type AttemptState, attemptStateSchema } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AttemptReply,
  attemptReply,
  SerializedAttemptState,
  stateOf,
} from '../../src/modules/quiz/attempt-reply.ts';
import { loadAttemptResume } from '../../src/modules/quiz/attempt-view.read-model.ts';
import { submitAttempt } from '../../src/modules/quiz/change-attempt.ts';
import { questions, quizAttempts } from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, REVIEWER, SUBJECT_A, seedBank } from './fixtures.ts';
import { referenceState } from './reference-attempt.ts';

/**
 * ADR 038: a submit answers with the attempt built from its finish's own read, not read back after
 * the commit. The reply must be the attempt as it is read back, field for field, and as the slow
 * path rebuilds it (reference-attempt.ts): items and their keys, rationales and answers, the
 * result, the title, the parts, the clock. (That no read follows
 * the commit is held by daily-path.test.ts's count of the finish's statements.)
 */
describe.each(ENGINES)('a submit answers from its finish on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedBank(t.app.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.app.database.db;

  /** The quiz routes of the reviewer, as the student with `cookie`. */
  const callAs = (cookie: string) => (method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/quiz/${REVIEWER}${url}`,
      headers: { origin: t.origin, cookie },
      ...(payload === undefined ? {} : { payload }),
    });

  async function started(kind: 'lite' | 'mock', lite: object = {}) {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const call = callAs(student.cookie);
    const res = await call('POST', `/${kind}`, kind === 'lite' ? lite : undefined);
    expect(res.statusCode).toBeLessThan(300);
    const state = attemptStateSchema.parse(res.json());
    // One right, one wrong, one only flagged, the rest left: every way an item can end.
    const [right, wrong, flagged] = state.items;
    const save = (questionId: string, body: object) =>
      call('PUT', `/attempts/${state.attemptId}/answers/${questionId}`, body);
    if (right) await save(right.questionId, { choiceIndex: keyOf(right.questionId) });
    if (wrong) await save(wrong.questionId, { choiceIndex: (keyOf(wrong.questionId) + 1) % 4 });
    if (flagged) await save(flagged.questionId, { flagged: true });
    return { userId: student.userId, state };
  }

  /** The reply as the route sends it. */
  const sent = (reply: AttemptReply): AttemptState =>
    JSON.parse(
      reply instanceof SerializedAttemptState ? reply.body.toString() : JSON.stringify(reply),
    );

  async function expectReadBack(userId: string, attemptId: string, now: Date) {
    const reply = sent(await submitAttempt(db(), userId, REVIEWER, attemptId, now));
    const readBack = sent(await stateOf(db(), attemptId, now));
    expect(reply.status).toBe('submitted');
    expect(reply).toEqual(readBack);
    // What the contract sends, and the slow path's rebuild of the whole attempt.
    expect(attemptStateSchema.parse(reply)).toStrictEqual(reply);
    expect(reply).toEqual(await referenceState(db(), attemptId, now));
  }

  it('a lite set', async () => {
    const { userId, state } = await started('lite');
    await expectReadBack(userId, state.attemptId, new Date());
  });

  it('a lite set of one subject (its title names it)', async () => {
    const { userId, state } = await started('lite', { subjectId: SUBJECT_A });
    await expectReadBack(userId, state.attemptId, new Date());
  });

  it('a lite set one of whose questions has left the bank', async () => {
    const { userId, state } = await started('lite');
    const gone = state.items.at(-1)?.questionId ?? '';
    const [kept] = await db().select().from(questions).where(eq(questions.id, gone));
    await db().delete(questions).where(eq(questions.id, gone));
    try {
      await expectReadBack(userId, state.attemptId, new Date());
    } finally {
      if (kept) await db().insert(questions).values(kept);
    }
  });

  it('a reply read just before its revealed question left the bank leaves the item out, whole', async () => {
    // The set's opening fragments are kept by its start; its one answered item is the last, and
    // its reveal is not kept yet. The question goes between the reply's read and its fragments':
    // the opening is still kept, the reveal is found nowhere.
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const call = callAs(student.cookie);
    const state = attemptStateSchema.parse((await call('POST', '/lite', {})).json());
    const gone = state.items.at(-1)?.questionId ?? '';
    const saved = await call('PUT', `/attempts/${state.attemptId}/answers/${gone}`, {
      choiceIndex: keyOf(gone),
    });
    expect(saved.statusCode).toBe(200);
    const view = await loadAttemptResume(db(), state.attemptId);
    if (!view) throw new Error('The set is gone.');
    const [kept] = await db().select().from(questions).where(eq(questions.id, gone));
    await db().delete(questions).where(eq(questions.id, gone));
    try {
      const reply = sent(await attemptReply(db(), view, new Date()));
      expect(reply.items.map((item) => item.questionId)).toEqual(
        state.items.slice(0, -1).map((item) => item.questionId),
      );
      expect(attemptStateSchema.parse(reply)).toStrictEqual(reply);
    } finally {
      if (kept) await db().insert(questions).values(kept);
    }
  });

  it('a mock, with its parts', async () => {
    const { userId, state } = await started('mock');
    expect(state.parts?.length ?? 0).toBeGreaterThan(0);
    await expectReadBack(userId, state.attemptId, new Date());
  });

  it('a mock submitted past its deadline (auto-submitted)', async () => {
    const { userId, state } = await started('mock');
    const [row] = await db()
      .select({ deadlineAt: quizAttempts.deadlineAt })
      .from(quizAttempts)
      .where(eq(quizAttempts.id, state.attemptId));
    const late = new Date((row?.deadlineAt ?? new Date()).getTime() + 60_000);
    await expectReadBack(userId, state.attemptId, late);
  });
});
