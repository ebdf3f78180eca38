import { attemptStateSchema } from '@pasado/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, REVIEWER, seedBank } from './fixtures.ts';
import {
  BIG_TABLES,
  captureStatements,
  explainStatements,
  seedVolume,
  seqScansOf,
} from './statement-plans.ts';

/**
 * Issue 10: the statements of an answer save, a resume and a submission, captured as the requests
 * run and explained at exam-night volume, read the big tables through their indexes only.
 */
describe.each(ENGINES)('exam-night statements on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedBank(t.app.database.db);
    const bank = await t.app.database.db.select({ id: questions.id }).from(questions);
    await seedVolume(t.app.database, {
      students: 2_000,
      reviewer: REVIEWER,
      questionIds: bank.map((q) => q.id),
    });
  });
  afterAll(() => t.close());

  it('save, resume and submit read the big tables by index only', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/quiz/${REVIEWER}${url}`,
        headers: { origin: t.origin, cookie: student.cookie },
        ...(payload === undefined ? {} : { payload }),
      });
    const state = attemptStateSchema.parse((await call('POST', '/mock')).json());
    const [first, second] = state.items;
    const statements = await captureStatements(async () => {
      for (const item of [first, second]) {
        const id = item?.questionId ?? '';
        expect(
          (
            await call('PUT', `/attempts/${state.attemptId}/answers/${id}`, {
              choiceIndex: keyOf(id),
            })
          ).statusCode,
        ).toBe(200);
      }
      expect((await call('GET', `/attempts/${state.attemptId}`)).statusCode).toBe(200);
      expect((await call('POST', `/attempts/${state.attemptId}/submit`)).statusCode).toBe(200);
    });
    expect(statements.length).toBeGreaterThan(10);
    // The second save is the remembered one: its single write is among the statements explained.
    expect(
      statements.filter(
        (s) => /^insert into "quiz_answers"/.test(s.text) && /content_version/.test(s.text),
      ),
    ).toHaveLength(1);
    const explained = await explainStatements(t.app.database, statements);
    expect(seqScansOf(explained, BIG_TABLES)).toEqual([]);
    // The save's read and write find the attempt and the answer by primary key.
    const save = explained.filter(
      (s) => /quiz_answers/.test(s.text) && /"item"|insert/i.test(s.text),
    );
    expect(save.flatMap((s) => s.nodes.map((n) => n.index)).filter(Boolean)).toEqual(
      expect.arrayContaining(['quiz_attempts_pkey']),
    );
  });
});
