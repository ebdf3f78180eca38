import { deobfuscate, LOCAL_DB_NAME, MESSAGES, obfuscate } from '@pasado/core/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordAlerts } from '../testing/alerts.ts';
import { fakeApi, networkDown } from '../testing/fake-api.ts';
import { databases, db } from '../testing/fake-idb.ts';
import * as outbox from './offline/outbox.ts';

// The phone's IndexedDB (happy-dom has none).
vi.mock('idb-keyval', () => import('../testing/fake-idb.ts'));
// endSession runs once a page (its module remembers it has begun), so each test loads a page of
// its own: a copy of the module with memory of its own.
type EndSession = typeof import('./end-session.ts');
const pages = {
  otherDevice: ((await import(`./end-session.ts?${'other-device'}`)) as EndSession).endSession,
  noSignal: ((await import(`./end-session.ts?${'no-signal'}`)) as EndSession).endSession,
  leftBehind: ((await import(`./end-session.ts?${'left-behind'}`)) as EndSession).endSession,
  noSnapshot: ((await import(`./end-session.ts?${'no-snapshot'}`)) as EndSession).endSession,
};

const LOGOUT = 'POST /api/auth/logout';
const REVIEWS = 'POST /api/study/cse/flash/reviews';

const storedDeviceId = () => {
  const stored = db(LOCAL_DB_NAME).get('deviceId');
  return typeof stored === 'string' ? deobfuscate(stored) : null;
};

/** Student A is signed in on this phone ('phone-1'); a rating of theirs made offline waits. */
async function signedInWithARatingWaiting() {
  db(LOCAL_DB_NAME).set('deviceId', obfuscate('phone-1'));
  db('pasado-offline').set('last-uid', 'student-a');
  db('pasado-offline').set('snapshot:student-a', { uid: 'student-a', savedAt: 1, queries: [] });
  db('pasado-content').set('student-a:lite:cse', { version: 'v1', bytes: 1, checkedAt: 1 });
  db('pasado-outbox').set(1, {
    id: 1,
    key: 'flash-review:r1',
    kind: 'flash-review',
    uid: 'student-a',
    method: 'POST',
    path: '/api/study/cse/flash/reviews',
    body: { reviewId: 'r1' },
    meta: { reviewer: 'cse' },
    createdAt: 1,
  });
  recordAlerts();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const opened = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
  return { stop: outbox.startOutbox('student-a'), opened };
}

const waiting = () => [...db('pasado-outbox').values()].map((e) => (e as { uid: string }).uid);

afterEach(async () => {
  await outbox.clearOutbox();
  databases.clear();
});

// docs/offline.md: a forced sign-out (another device signed in) flushed what waited, which the
// server refused with a 401 as the session had ended, and then deleted it, although the outbox
// keeps such entries for the student's next session. It also deleted before the sign-out had
// reached the server.
describe('a forced sign-out', () => {
  it("after another device's sign-in, forgets the kept data and keeps the waiting rating", async () => {
    fakeApi({
      [REVIEWS]: new Response(null, { status: 401 }),
      [LOGOUT]: new Response(null, { status: 401 }),
    });
    const { stop, opened } = await signedInWithARatingWaiting();
    try {
      await pages.otherDevice(MESSAGES.OTHER_DEVICE_LOGOUT, 'login', 'phone-1');
      expect(opened).toHaveBeenCalledWith('/login');
      expect(storedDeviceId()).toBeNull();
      expect(db('pasado-offline').has('snapshot:student-a')).toBe(false);
      expect(db('pasado-content').size).toBe(0);
      expect(waiting()).toEqual(['student-a']);
    } finally {
      stop();
    }
  });

  // A phone that has kept no snapshot yet has no last student: the page says whose session ended.
  it('forgets the student the page names, on a phone with no snapshot yet', async () => {
    fakeApi({
      [REVIEWS]: new Response(null, { status: 401 }),
      [LOGOUT]: new Response(null, { status: 401 }),
    });
    const { stop, opened } = await signedInWithARatingWaiting();
    db('pasado-offline').clear();
    db('pasado-content').set('student-b:lite:cse', { version: 'v1', bytes: 1, checkedAt: 1 });
    try {
      await pages.noSnapshot(MESSAGES.OTHER_DEVICE_LOGOUT, 'login', 'phone-1', 'student-a');
      expect(opened).toHaveBeenCalledWith('/login');
      expect([...db('pasado-content').keys()]).toEqual(['student-b:lite:cse']);
      expect(waiting()).toEqual(['student-a']);
    } finally {
      stop();
    }
  });

  it('deletes nothing when the sign-out does not reach the server', async () => {
    fakeApi({ [REVIEWS]: networkDown, [LOGOUT]: networkDown });
    const { stop, opened } = await signedInWithARatingWaiting();
    try {
      await pages.noSignal(MESSAGES.OTHER_DEVICE_LOGOUT, 'login', 'phone-1');
      expect(opened).toHaveBeenCalledWith('/login');
      expect(db('pasado-offline').get('last-uid')).toBe('student-a');
      expect(db('pasado-content').size).toBe(1);
      expect(waiting()).toEqual(['student-a']);
    } finally {
      stop();
    }
  });
});

// docs/product.md#single-device: each tab of a browser ends the session on its own, and a tab in the
// background shows its alert only when the student looks at it. Meanwhile the student had signed in
// again in another tab; once the alert was dismissed, this tab deleted the new device id and sent
// the sign-out with the browser's one cookie, the new session's, so the new sign-in was revoked.
describe('a forced sign-out in a tab left behind', () => {
  it('after a sign-in again in another tab, only reloads: the new id and session stay', async () => {
    const api = fakeApi({ [REVIEWS]: networkDown, [LOGOUT]: new Response(null, { status: 204 }) });
    const { stop, opened } = await signedInWithARatingWaiting();
    const reloaded = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    // While this tab's alert waits, the other tab signs the student in again: a new device id.
    vi.stubGlobal('alert', () => db(LOCAL_DB_NAME).set('deviceId', obfuscate('phone-2')));
    try {
      await pages.leftBehind(MESSAGES.OTHER_DEVICE_LOGOUT, 'login', 'phone-1');
      expect(api.sentTo(LOGOUT)).toEqual([]);
      expect(storedDeviceId()).toBe('phone-2');
      expect(db('pasado-offline').get('last-uid')).toBe('student-a');
      expect(reloaded).toHaveBeenCalled();
      expect(opened).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
