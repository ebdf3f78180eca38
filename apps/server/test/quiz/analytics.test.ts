import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionLogs } from '../../src/platform/db/schema.ts';
import { createStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

describe.each(ENGINES)('analytics events on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const post = (cookie: string | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { origin: t.origin, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });

  const logsOf = (userId: string) =>
    t.app.database.db
      .select()
      .from(sessionLogs)
      .where(and(eq(sessionLogs.userId, userId), eq(sessionLogs.type, 'analytics')));

  it('answers 401 without a session', async () => {
    expect((await post(null, { name: 'practice_page_open', params: {} })).statusCode).toBe(401);
  });

  it('stores practice_page_open first-party with the user id and properties from the session', async () => {
    const { cookie, userId, email } = await createStudent(t);
    const res = await post(cookie, {
      name: 'practice_page_open',
      params: { page_name: 'practice_page' },
    });
    expect(res.statusCode).toBe(201);
    expect((await logsOf(userId)).map((r) => r.payload)).toEqual([
      {
        event: 'practice_page_open',
        params: { page_name: 'practice_page' },
        userId,
        userProperties: { email, uid: userId },
      },
    ]);
  });

  it.each([
    { name: 'Bad Name', params: {} },
    { name: 'ok_name', params: { nested: { a: 1 } } },
    { name: 'ok_name', params: {}, userId: 'someone-else' },
  ])('refuses %j and stores nothing', async (payload) => {
    const { cookie, userId } = await createStudent(t);
    expect((await post(cookie, payload)).statusCode).toBe(400);
    expect(await logsOf(userId)).toEqual([]);
  });
});
