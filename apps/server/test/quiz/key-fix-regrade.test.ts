import { attemptStateSchema } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemReports, questions, quizAnswers } from '../../src/platform/db/schema.ts';
import { createOnboardedStudent, createStaff } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, REVIEWER, SUBJECT_A, seedBank } from './fixtures.ts';

/**
 * A key corrected while quizzes are open (migration 0027): an answer saved against the old key
 * was scored by it at the finish, while the review beside it showed the new key ("correct", with
 * another choice revealed), "Retry the ones I missed" left it out, and readiness learnt it wrong.
 * Open attempts are regraded by every writer of the key; finished ones keep their result.
 */
describe.each(ENGINES)('a key fixed while a mock is open on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedBank(t.app.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.app.database.db;

  const callAs = (cookie: string) => (method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/quiz/${REVIEWER}${url}`,
      headers: { origin: t.origin, cookie },
      ...(payload === undefined ? {} : { payload }),
    });

  it('scores the open mock by the corrected key; a finished set keeps its own', async () => {
    // A lite set finished before the fix, its item answered by the key of the time. Subject A's
    // items are all in the mock's part A, so the mock below is sure to serve the same item.
    const earlier = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const earlierCall = callAs(earlier.cookie);
    const lite = attemptStateSchema.parse(
      (await earlierCall('POST', '/lite', { subjectId: SUBJECT_A })).json(),
    );
    const item = lite.items[0]?.questionId ?? '';
    const oldKey = keyOf(item);
    await earlierCall('PUT', `/attempts/${lite.attemptId}/answers/${item}`, {
      choiceIndex: oldKey,
    });
    expect((await earlierCall('POST', `/attempts/${lite.attemptId}/submit`)).statusCode).toBe(200);

    // A mock open with the same item answered by the old key.
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const call = callAs(student.cookie);
    const mock = attemptStateSchema.parse((await call('POST', '/mock')).json());
    expect(mock.items.some((i) => i.questionId === item)).toBe(true);
    const saved = await call('PUT', `/attempts/${mock.attemptId}/answers/${item}`, {
      choiceIndex: oldKey,
    });
    expect(saved.statusCode).toBe(200);

    // Staff fix the key through a report.
    const staff = await createStaff(t);
    const [report] = await db()
      .insert(itemReports)
      .values({ questionId: item, userId: student.userId, reason: 'The key is wrong.' })
      .returning();
    const newKey = (oldKey + 1) % 4;
    const fixed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/content/reports/${report?.id}/fix`,
      headers: { origin: t.origin, cookie: staff.cookie },
      payload: { question: { answerIndex: newKey } },
    });
    expect(fixed.statusCode).toBe(200);

    const submitted = attemptStateSchema.parse(
      (await call('POST', `/attempts/${mock.attemptId}/submit`)).json(),
    );
    const reviewed = submitted.items.find((i) => i.questionId === item);
    expect(reviewed).toMatchObject({ choiceIndex: oldKey, isCorrect: false });
    expect(reviewed?.reveal?.answerIndex).toBe(newKey);
    expect(submitted.result?.correct).toBe(0);

    // The finished set is as it was scored.
    const [kept] = await db()
      .select({ isCorrect: quizAnswers.isCorrect })
      .from(quizAnswers)
      .where(and(eq(quizAnswers.attemptId, lite.attemptId), eq(quizAnswers.questionId, item)));
    expect(kept?.isCorrect).toBe(true);
    // Put back for the engine's other tests: a plain SQL writer regrades as well.
    await db().update(questions).set({ answerIndex: oldKey }).where(eq(questions.id, item));
  });
});
