import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as outbox from '../../lib/offline/outbox.ts';
import { claimsQueryKey } from '../../lib/session/get-claims.ts';
import { fakeApi, networkDown } from '../../testing/fake-api.ts';
import { databases, db } from '../../testing/fake-idb.ts';
import { renderScreen, testQueryClient } from '../../testing/render.tsx';
import { LogoutPage } from './logout-page.tsx';

// The phone's IndexedDB (happy-dom has none).
vi.mock('idb-keyval', () => import('../../testing/fake-idb.ts'));

const LOGOUT = 'POST /api/auth/logout';
const REVIEWS = 'POST /api/study/cse/flash/reviews';
const LITE_KEY = 'pasado.lite.unfinished.student-a.cse';

const ratingOf = (id: number, uid: string) => ({
  id,
  key: `flash-review:r${id}`,
  kind: 'flash-review',
  uid,
  method: 'POST',
  path: '/api/study/cse/flash/reviews',
  body: { reviewId: `r${id}` },
  meta: { reviewer: 'cse' },
  createdAt: id,
});

/**
 * Student A is signed in and has a rating made offline waiting; student B's rating, kept after a
 * 401 for B's next session, waits beside it.
 */
async function signedInWithWorkWaiting() {
  db('pasado-offline').set('last-uid', 'student-a');
  db('pasado-offline').set('snapshot:student-a', { uid: 'student-a', savedAt: 1, queries: [] });
  db('pasado-content').set('student-a:lite:cse', { version: 'v1', bytes: 1, checkedAt: 1 });
  localStorage.setItem(LITE_KEY, '{}');
  db('pasado-outbox').set(1, ratingOf(1, 'student-a'));
  db('pasado-outbox').set(2, ratingOf(2, 'student-b'));
  const client = testQueryClient();
  client.setQueryData(claimsQueryKey, { uid: 'student-a' });
  // As the signed-in services do (app/signed-in-services.tsx); A's first try has failed.
  const stop = outbox.startOutbox('student-a');
  await outbox.flush();
  return { client, stop };
}

const waiting = () =>
  [...db('pasado-outbox').values()].map((e) => (e as { id: number; uid: string }).uid);

function expectEverythingKept() {
  expect(waiting()).toEqual(['student-a', 'student-b']);
  expect(db('pasado-offline').get('last-uid')).toBe('student-a');
  expect(db('pasado-content').has('student-a:lite:cse')).toBe(true);
  expect(localStorage.getItem(LITE_KEY)).toBe('{}');
}

afterEach(async () => {
  await outbox.clearOutbox();
  databases.clear();
});

// docs/offline.md: the phone's data is deleted only once the server has ended the session. It was
// deleted first: offline or on flaky data the outbox, kept content and lite keys were wiped, then
// the sign-out failed and the page said "You are still signed in", with the offline quizzes,
// ratings and note reads gone; and a student's sign-out deleted another student's kept entries.
describe('/logout and the work waiting on the phone', () => {
  it('with no connection, says so at once and deletes nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = fakeApi({ [REVIEWS]: networkDown, [LOGOUT]: networkDown });
    const { client, stop } = await signedInWithWorkWaiting();
    try {
      renderScreen(<LogoutPage />, { path: '/logout', client });
      await screen.findByRole('heading', { name: 'We could not sign you out' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.sentTo(LOGOUT)).toHaveLength(0);
      expectEverythingKept();
    } finally {
      stop();
    }
  });

  it('on flaky data, deletes nothing when the sign-out does not reach the server', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({ [REVIEWS]: networkDown, [LOGOUT]: networkDown });
    const { client, stop } = await signedInWithWorkWaiting();
    try {
      renderScreen(<LogoutPage />, { path: '/logout', client });
      await screen.findByRole('heading', { name: 'We could not sign you out' });
      expect(api.sentTo(LOGOUT)).toHaveLength(1);
      // The last chance came first, while the session still existed.
      expect(api.sentTo(REVIEWS)).toHaveLength(2);
      expectEverythingKept();
      expect(client.getQueryData(claimsQueryKey)).toEqual({ uid: 'student-a' });
    } finally {
      stop();
    }
  });

  it("once signed out, forgets the student's kept data and keeps what the server has not taken", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({
      [REVIEWS]: new Response(null, { status: 503 }),
      [LOGOUT]: new Response(null, { status: 204 }),
    });
    const { client, stop } = await signedInWithWorkWaiting();
    try {
      const { router } = renderScreen(<LogoutPage />, { path: '/logout', client });
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      // The last chance came first, while the session still existed.
      expect(api.sent.map((r) => `${r.method} ${r.path}`).slice(-2)).toEqual([REVIEWS, LOGOUT]);
      expect(db('pasado-offline').has('snapshot:student-a')).toBe(false);
      expect(db('pasado-offline').has('last-uid')).toBe(false);
      expect(db('pasado-content').size).toBe(0);
      expect(localStorage.getItem(LITE_KEY)).toBeNull();
      // A's rating waits for A's next sign-in on this phone; B's for B's.
      expect(waiting()).toEqual(['student-a', 'student-b']);
    } finally {
      stop();
    }
  });

  // /logout is public: loaded by itself (a reload, a new tab) it renders before the claims are
  // read. The sign-out then knew no student, and one whose phone had kept no snapshot yet (no
  // last-uid) kept everything else: a CI run of offline-outbox found their lite pool and For-you
  // kit still on the phone at /login.
  it('loaded at /logout before the claims are read, still forgets whose session it ended', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    db('pasado-content').set('student-a:lite:cse', { version: 'v1', bytes: 1, checkedAt: 1 });
    db('pasado-content').set('student-a:for-you:cse', { version: 'v1', bytes: 1, checkedAt: 1 });
    db('pasado-content').set('student-b:lite:cse', { version: 'v1', bytes: 1, checkedAt: 1 });
    localStorage.setItem(LITE_KEY, '{}');
    const api = fakeApi({
      'GET /api/auth/claims': {
        claims: { uid: 'student-a' },
        subscriptionExpired: false,
        expiredSubscriptionId: null,
      },
      [LOGOUT]: new Response(null, { status: 204 }),
    });
    const client = testQueryClient();
    const { router } = renderScreen(<LogoutPage />, { path: '/logout', client });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/auth/claims', LOGOUT]);
    expect([...db('pasado-content').keys()]).toEqual(['student-b:lite:cse']);
    expect(localStorage.getItem(LITE_KEY)).toBeNull();
  });
});
