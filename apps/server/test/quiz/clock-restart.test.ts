import { attemptStateSchema } from '@pasado/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { restartTestApp, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { REVIEWER, seedBank } from './fixtures.ts';

const base = `/api/quiz/${REVIEWER}`;

describe.each(ENGINES)("the mock's clock across a server restart on %s", (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestApp(engine, {}, { clock });
    await seedBank(t.app.database.db);
  });
  afterAll(() => t.close());

  it('keeps running while the server is down, and the answers stay', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const headers = { origin: t.origin, cookie };
    const started = attemptStateSchema.parse(
      (await t.app.inject({ method: 'POST', url: `${base}/mock`, headers })).json(),
    );
    const first = started.items[0]?.questionId ?? '';
    await t.app.inject({
      method: 'PUT',
      url: `${base}/attempts/${started.attemptId}/answers/${first}`,
      headers,
      payload: { choiceIndex: 2, flagged: true },
    });
    const leftBefore = Date.parse(started.deadlineAt ?? '') - Date.parse(started.serverNow);

    t = await restartTestApp(t, {}, { clock });
    clock.advance(5 * 60_000);

    const res = await t.app.inject({
      url: `${base}/attempts/${started.attemptId}`,
      headers: { origin: t.origin, cookie },
    });
    expect(res.statusCode).toBe(200);
    const after = attemptStateSchema.parse(res.json());
    expect(after.status).toBe('in_progress');
    expect(after.deadlineAt).toBe(started.deadlineAt);
    const leftAfter = Date.parse(after.deadlineAt ?? '') - Date.parse(after.serverNow);
    expect(leftBefore - leftAfter).toBe(5 * 60_000);
    expect(after.items.find((i) => i.questionId === first)).toMatchObject({
      choiceIndex: 2,
      flagged: true,
    });
  });
});
