import { DISPLAY_NAME_MESSAGES } from '@pasado/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLeaderboardPoints } from '../../src/modules/leaderboard/scores.ts';
import { applyRevAccess, createStudent } from '../helpers/factories.ts';
import { ensureOffered } from '../helpers/offer-track.ts';
import { signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
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
    ['juan＠example．com', DISPLAY_NAME_MESSAGES.NO_EMAIL],
    ['juan at example dot com', DISPLAY_NAME_MESSAGES.NO_EMAIL],
    ['visit cheap-reviewers.shop', DISPLAY_NAME_MESSAGES.NO_LINK],
    ['Text 0917 123 4567', DISPLAY_NAME_MESSAGES.NO_PHONE],
    ['Ana\u202Esotnas', DISPLAY_NAME_MESSAGES.NO_HIDDEN],
    ['\u3164\u3164\u3164', DISPLAY_NAME_MESSAGES.NO_HIDDEN],
    ['Pasado Support', DISPLAY_NAME_MESSAGES.NO_STAFF],
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

  // Issue 21 finding 6: the provider's name was public until a student set one.
  it('the sign-in provider’s name is never public: offered at onboarding, shown only once chosen', async () => {
    await ensureOffered(t.app.database.db, 'let-elem');
    const student = await signedInUser(t, { email: 'maria.reyes@example.com' });
    const board = async () =>
      (
        await t.app.inject({
          url: '/api/leaderboard?board=week',
          headers: { cookie: student.cookie },
        })
      ).json();
    const meDoc = async () =>
      (await t.app.inject({ url: '/api/me', headers: { cookie: student.cookie } })).json();
    // The test sign-in gives no provider name; the development provider's is the email's local part.
    await t.app.database.db.execute(
      sql`update users set provider_name = 'Maria Clara Reyes' where id = ${student.userId}`,
    );
    expect(await meDoc()).toMatchObject({ displayName: null, nameSuggestion: 'Maria' });
    await t.app.database.db.transaction((tx) =>
      addLeaderboardPoints(tx, student.userId, 10, new Date()),
    );
    expect(JSON.stringify(await board())).toContain('"name":"Student"');
    expect(JSON.stringify(await board())).not.toContain('Maria');

    // A refused name refuses the onboarding and changes nothing.
    const refused = await applyRevAccess(t, student.cookie, {
      reviewer: 'let-elem',
      displayName: 'call 0917 123 4567',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(DISPLAY_NAME_MESSAGES.NO_PHONE);
    expect(await meDoc()).toMatchObject({ isOnboarded: false, displayName: null });

    // Onboarded without a name: "Student" to others.
    const plain = await signedInUser(t);
    expect((await applyRevAccess(t, plain.cookie, { reviewer: 'let-elem' })).statusCode).toBe(200);
    const plainMe = (
      await t.app.inject({ url: '/api/me', headers: { cookie: plain.cookie } })
    ).json();
    expect(plainMe.displayName).toBeNull();

    const kept = await applyRevAccess(t, student.cookie, {
      reviewer: 'let-elem',
      displayName: 'Maria',
    });
    expect(kept.statusCode).toBe(200);
    expect(await meDoc()).toMatchObject({ isOnboarded: true, displayName: 'Maria' });
    expect(JSON.stringify(await board())).toContain('"name":"Maria"');
    expect(JSON.stringify(await board())).not.toContain('Clara');
  });
});
