import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, networkDown } from '../../testing/fake-api.ts';
import { databases, db } from '../../testing/fake-idb.ts';
import { getClaims } from '../session/get-claims.ts';
import { forgetPreviousStudent } from './clear-offline-data.ts';
import { forgetSnapshot, keepSnapshots, restoreSnapshot } from './offline-snapshot.ts';
import { clearOutbox } from './outbox.ts';

// The phone's IndexedDB (happy-dom has none).
vi.mock('idb-keyval', () => import('../../testing/fake-idb.ts'));

const claimsOf = (uid: string) => ({
  uid,
  email: `${uid}@example.com`,
  isOnboarded: true,
  subscriptionStatus: 'completed',
  role: 'student',
  access: { cse: 'Granted' },
});
const snapshotOf = (uid: string) => ({
  uid,
  savedAt: 1,
  queries: [
    { queryKey: ['claims'], queryHash: '["claims"]', data: claimsOf(uid), dataUpdatedAt: 1 },
  ],
});
const entryOf = (id: number, uid: string) => ({
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
const LITE_KEYS = {
  a: [
    'pasado.lite.unfinished.student-a.cse',
    'pasado.lite.offline.student-a.attempt-1',
    'pasado.lite.recent.student-a.cse',
    'pasado.lite.reported.student-a',
  ],
  // Another student's, one of them with an id that starts like the first's.
  others: ['pasado.lite.recent.student-b.cse', 'pasado.lite.reported.student-ab'],
};

/** Student A used this phone last; student B before, and B's kept data is still here. */
function aPhoneStudentAUsed() {
  db('pasado-offline').set('last-uid', 'student-a');
  db('pasado-offline').set('snapshot:student-a', snapshotOf('student-a'));
  db('pasado-offline').set('snapshot:student-b', snapshotOf('student-b'));
  for (const key of ['student-a:lite:cse', 'student-a:for-you:cse', 'student-b:lite:cse']) {
    db('pasado-content').set(key, { version: 'v1', bytes: 1, checkedAt: 1, data: {} });
  }
  for (const key of [...LITE_KEYS.a, ...LITE_KEYS.others]) localStorage.setItem(key, '{}');
  // A's rating kept after a 401, one written before the outbox knew who was signed in, and B's.
  db('pasado-outbox').set(1, entryOf(1, 'student-a'));
  db('pasado-outbox').set(2, entryOf(2, ''));
  db('pasado-outbox').set(3, entryOf(3, 'student-b'));
}

const restoredClaims = () => restoreSnapshot(new QueryClient());

afterEach(async () => {
  // The outbox keeps its entries in memory, as a page does: one a test had given to student A
  // stayed A's there, so the next test's stored copy of it (uid '') was never given to A.
  await clearOutbox();
  databases.clear();
});

// docs/offline.md: a shared phone. A session that ended without /logout (its 7-day idle or 30-day
// lifetime limit, a sign-out elsewhere, a sign-in on another device) left the student's snapshot,
// last-uid, kept content and lite keys on the phone, and an offline start then let whoever held
// it in as that student.
describe('the server says the session is gone', () => {
  it("forgets the last student's kept data and keeps their waiting changes", async () => {
    fakeApi({ 'GET /api/auth/claims': new Response(null, { status: 401 }) });
    aPhoneStudentAUsed();
    expect((await restoredClaims())?.uid).toBe('student-a');

    expect(await getClaims()).toBeNull();
    await vi.waitFor(() => expect(db('pasado-offline').has('snapshot:student-a')).toBe(false));
    await vi.waitFor(() => expect(db('pasado-outbox').get(2)).toMatchObject({ uid: 'student-a' }));

    expect(await restoredClaims()).toBeUndefined();
    expect(db('pasado-offline').has('last-uid')).toBe(false);
    expect([...db('pasado-content').keys()]).toEqual(['student-b:lite:cse']);
    expect(Object.keys(localStorage).sort()).toEqual([...LITE_KEYS.others].sort());
    // Sent only under their own session: A's next sign-in on this phone.
    expect([...db('pasado-outbox').values()].map((e) => (e as { uid: string }).uid)).toEqual([
      'student-a',
      'student-a',
      'student-b',
    ]);
    expect(db('pasado-offline').has('snapshot:student-b')).toBe(true);
  });

  it('keeps everything on a phone that merely has no connection', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({ 'GET /api/auth/claims': networkDown });
    aPhoneStudentAUsed();
    await expect(getClaims()).rejects.toThrow(TypeError);
    api.routes['GET /api/auth/claims'] = new Response(null, { status: 503 });
    await expect(getClaims()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect((await restoredClaims())?.uid).toBe('student-a');
    expect(db('pasado-content').size).toBe(3);
    expect(Object.keys(localStorage)).toHaveLength(LITE_KEYS.a.length + LITE_KEYS.others.length);
    expect(db('pasado-outbox').get(2)).toMatchObject({ uid: '' });
  });
});

// The half-second save of a student signed in on this page, due as their session ends, must not
// write back what was just deleted; a student signed in after them keeps saving.
describe('a save due as the session ends', () => {
  it('does not bring the forgotten student back', async () => {
    const client = new QueryClient();
    client.setQueryData(['claims'], claimsOf('student-a'));
    const stop = keepSnapshots(client, 'student-a');
    await forgetSnapshot('student-a');
    await new Promise((resolve) => setTimeout(resolve, 700));
    stop();
    expect(db('pasado-offline').has('snapshot:student-a')).toBe(false);
    expect(db('pasado-offline').has('last-uid')).toBe(false);

    client.setQueryData(['claims'], claimsOf('student-b'));
    const stopB = keepSnapshots(client, 'student-b');
    await vi.waitFor(() => expect(db('pasado-offline').get('last-uid')).toBe('student-b'));
    stopB();
  });
});

// A student who signs in on this browser ends the last one's session without the phone hearing a
// 401 (the one cookie is replaced): the last student's kept data stayed on the phone beside theirs.
describe('another student signed in on this phone', () => {
  it("forgets the last student's kept data, and keeps their waiting changes", async () => {
    aPhoneStudentAUsed();
    await forgetPreviousStudent('student-b');
    expect(db('pasado-offline').has('snapshot:student-a')).toBe(false);
    expect(db('pasado-offline').has('last-uid')).toBe(false);
    expect([...db('pasado-content').keys()]).toEqual(['student-b:lite:cse']);
    expect(Object.keys(localStorage).sort()).toEqual([...LITE_KEYS.others].sort());
    expect(db('pasado-outbox').get(1)).toMatchObject({ uid: 'student-a' });
    expect(db('pasado-offline').has('snapshot:student-b')).toBe(true);
  });

  it('forgets nothing when the last student is the one signed in', async () => {
    aPhoneStudentAUsed();
    await forgetPreviousStudent('student-a');
    expect(db('pasado-offline').has('snapshot:student-a')).toBe(true);
    expect(db('pasado-content').size).toBe(3);
  });
});
