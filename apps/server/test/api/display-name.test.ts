import { DISPLAY_NAME_MESSAGES } from '@pasado/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

describe.each(ENGINES)('PUT /api/me/display-name on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const put = (cookie: string | null, displayName: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/me/display-name',
      headers: { origin: t.origin, ...(cookie ? { cookie } : {}) },
      payload: { displayName },
    });

  it('sets the name others see, cleaned; the leaderboard shows it', async () => {
    const student = await createStudent(t);
    const res = await put(student.cookie, '  <b>Maria</b>   Clara ');
    expect(res.statusCode).toBe(200);
    expect(res.json().displayName).toBe('Maria Clara');
  });

  it.each([
    ['x', DISPLAY_NAME_MESSAGES.TOO_SHORT],
    ['me@example.com', DISPLAY_NAME_MESSAGES.NO_EMAIL],
    ['see www.spam', DISPLAY_NAME_MESSAGES.NO_LINK],
  ])('refuses %j with 400 and keeps the old name', async (name, message) => {
    const student = await createStudent(t);
    await put(student.cookie, 'Ana Santos');
    const res = await put(student.cookie, name);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie: student.cookie } })).json();
    expect(me.displayName).toBe('Ana Santos');
  });

  it('needs a session and our origin', async () => {
    expect((await put(null, 'Ana Santos')).statusCode).toBe(401);
    const student = await createStudent(t);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/me/display-name',
      headers: { origin: 'https://evil.example', cookie: student.cookie },
      payload: { displayName: 'Ana Santos' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
