import { attemptStateSchema } from '@pasado/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBundledContent } from '../../src/modules/content/seed-bundled-content.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { captureStatements, explainStatements, seqScansOf } from './statement-plans.ts';

/**
 * Issue 25 (ADR 036): a lite set's finish reads its ten questions by primary key. Joined to the
 * attempt's JSON array of items, which the planner takes for 100 rows, the finish's read and its
 * reply each scanned every question of the bundled banks (2,756, about 1.1 ms a read).
 */
describe.each(ENGINES)("a lite finish's reads on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    // The real banks, analyzed by the seed as on a deployment.
    await seedBundledContent(t.app.database.db);
  });
  afterAll(() => t.close());

  it('find the items of the set by primary key, not by a scan of the bank', async () => {
    const student = await createOnboardedStudent(t, { reviewer: 'cse-pro' });
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/quiz/cse-pro${url}`,
        headers: { origin: t.origin, cookie: student.cookie },
        ...(payload === undefined ? {} : { payload }),
      });
    const state = attemptStateSchema.parse((await call('POST', '/lite', {})).json());
    for (const item of state.items) {
      const saved = await call('PUT', `/attempts/${state.attemptId}/answers/${item.questionId}`, {
        choiceIndex: 0,
      });
      expect(saved.statusCode).toBe(200);
    }
    const statements = await captureStatements(async () => {
      expect((await call('POST', `/attempts/${state.attemptId}/submit`)).statusCode).toBe(200);
    });
    const reads = statements.filter((s) => /^\s*select/.test(s.text) && /questions/.test(s.text));
    // The finish's one read, which the reply is built from (ADR 038).
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(seqScansOf(await explainStatements(t.app.database, reads), ['questions'])).toEqual([]);
  });
});
