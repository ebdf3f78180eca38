import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTopicStats } from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, REVIEWER, seedBank } from './fixtures.ts';

const base = `/api/quiz/${REVIEWER}`;

/**
 * Issue 21 finding 4: two quizzes of one student finishing together deadlocked on PostgreSQL (each
 * finish upserted its topic rows in its own item order before locking the user row) and one of them
 * answered 500. Every finish now takes the user row first, then the topic rows in key order.
 */
describe.each(ENGINES)('quizzes of one student finishing together on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedBank(t.app.database.db);
  });
  afterAll(() => t.close());

  it('8 lite quizzes submitted at once all finish, none with a 5xx, and every answer counts', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const call = (method: 'POST' | 'PUT', url: string, payload?: unknown) =>
      callApi(t, student.cookie, method, url, payload);

    const quizzes: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const started = await call('POST', `${base}/lite`, {});
      expect(started.statusCode).toBe(201);
      const state = started.json() as { attemptId: string; items: { questionId: string }[] };
      // Items come in a random order, so the quizzes touch the two topics in different orders.
      for (const item of state.items) {
        const saved = await call(
          'PUT',
          `${base}/attempts/${state.attemptId}/answers/${item.questionId}`,
          { choiceIndex: keyOf(item.questionId) },
        );
        expect(saved.statusCode).toBe(200);
      }
      quizzes.push(state.attemptId);
    }

    for (let round = 0; round < 3; round += 1) {
      const submitted = await Promise.all(
        quizzes.map((id) => call('POST', `${base}/attempts/${id}/submit`)),
      );
      expect(submitted.map((r) => r.statusCode)).toEqual(quizzes.map(() => 200));
    }
    const tallies = await t.app.database.db
      .select({ answered: userTopicStats.answered })
      .from(userTopicStats)
      .where(eq(userTopicStats.userId, student.userId));
    expect(tallies.reduce((sum, r) => sum + r.answered, 0)).toBe(8 * 10);
  });
});
