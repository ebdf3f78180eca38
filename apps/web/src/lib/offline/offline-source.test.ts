import { KEPT_FORMAT } from '@pasado/core/rules';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { databases, db } from '../../testing/fake-idb.ts';
import * as store from './content-store.ts';
import { refreshSource } from './offline-source.ts';

// The content store on an in-memory IndexedDB; the server answers when the test says so.
vi.mock('idb-keyval', () => import('../../testing/fake-idb.ts'));
/** The downloads asked for and not answered yet, oldest first: the test answers each. */
const downloads: ((response: Response) => void)[] = [];
/** What each download was asked with (its headers). */
const fetchOptions: RequestInit[] = [];
vi.mock('../api.ts', () => ({
  apiFetch: (_path: string, init: RequestInit) =>
    new Promise<Response>((resolve) => {
      fetchOptions.push(init);
      downloads.push(resolve);
    }),
}));

/** The next download once it has been asked for: its answer. */
async function nextDownload(): Promise<(response: Response) => void> {
  await vi.waitFor(() => expect(downloads.length).toBeGreaterThan(0));
  return downloads.shift() as (response: Response) => void;
}

// Each test starts with nothing kept and no download waiting, whichever test ran before it.
beforeEach(() => {
  databases.clear();
  downloads.length = 0;
  fetchOptions.length = 0;
  // Each test's students are signed in, as keep-offline.ts says when it starts: an earlier test's
  // sign-out of the same id keeps nothing of theirs otherwise.
  for (const uid of ['student-a', 'student-b']) store.resumeContent(uid);
});

const lite = { kind: 'lite', label: 'Lite quiz items', path: (r: string) => `/api/quiz/${r}/pool` };

// A shared phone: the pool carries answer keys, and sign-out deletes it. A download that was on
// its way when the student signed out put it back, under an id no later sign-out clears.
describe('offline content and sign-out (docs/decisions/019-offline-caching.md)', () => {
  it('keeps nothing a download brings after the sign-out it began before', async () => {
    const refreshing = refreshSource('student-a', lite, 'cse');
    const answer = await nextDownload();
    await store.forgetContent('student-a');
    answer(new Response('{"items":[1]}', { status: 200, headers: { ETag: '"v1"' } }));
    await refreshing;
    expect(await store.readContent('student-a', 'lite', 'cse')).toBeNull();
    expect(db('pasado-content').size).toBe(0);
    // A download begun after it is kept.
    const next = refreshSource('student-b', lite, 'cse');
    (await nextDownload())(
      new Response('{"items":[2]}', { status: 200, headers: { ETag: '"v2"' } }),
    );
    await next;
    expect(await store.readContent('student-b', 'lite', 'cse')).toEqual({ items: [2] });
  });
});

// The background refresh goes on to its next source until the signed-in services stop, a moment
// after the sign-out's deletion: a download begun in that moment put the pool back (a CI run of
// the offline-outbox browser flow found the lite pool and the For-you kit kept after sign-out).
describe('offline content after the sign-out, before the services stop', () => {
  it("keeps nothing a download begun after the deletion brings, until the student's next session", async () => {
    await store.forgetContent('student-a');
    const late = refreshSource('student-a', lite, 'cse');
    (await nextDownload())(
      new Response('{"items":[6]}', { status: 200, headers: { ETag: '"v6"' } }),
    );
    await late;
    expect(await store.readContent('student-a', 'lite', 'cse')).toBeNull();
    // Signed in again on this page: kept again.
    store.resumeContent('student-a');
    const again = refreshSource('student-a', lite, 'cse');
    (await nextDownload())(
      new Response('{"items":[7]}', { status: 200, headers: { ETag: '"v7"' } }),
    );
    await again;
    expect(await store.readContent('student-a', 'lite', 'cse')).toEqual({ items: [7] });
  });
});

// docs/offline.md: when the server says a student's session is gone, their kept content is
// deleted and other students' stays. A download of theirs on its way must not put it back, and
// one of another student's must still be kept.
describe("offline content and one student's ended session", () => {
  it("keeps nothing of theirs a download brings after, and another student's download", async () => {
    const waiting = async (uid: string) => {
      const refreshing = refreshSource(uid, lite, 'gen');
      return { refreshing, respond: await nextDownload() };
    };
    const a = await waiting('student-a');
    const b = await waiting('student-b');
    await store.forgetContent('student-a');
    a.respond(new Response('{"items":[3]}', { status: 200, headers: { ETag: '"v3"' } }));
    b.respond(new Response('{"items":[4]}', { status: 200, headers: { ETag: '"v4"' } }));
    await Promise.all([a.refreshing, b.refreshing]);
    expect(await store.readContent('student-a', 'lite', 'gen')).toBeNull();
    expect(await store.readContent('student-b', 'lite', 'gen')).toEqual({ items: [4] });
  });
});

// ADR 019: the phone reads what it kept unchecked, so a copy kept by an app of another format
// (core KEPT_FORMAT) reads as none, and its refresh downloads it in full instead of
// asking whether the server's version changed (the server's 304 would keep the old shape).
describe('a copy kept by an app of another format', () => {
  it('reads as nothing kept and is downloaded again in full', async () => {
    const key = 'student-a:lite:cse';
    db('pasado-content').set(key, { version: '"v1"', bytes: 9, checkedAt: 1, data: { old: 1 } });
    expect(await store.readContent('student-a', 'lite', 'cse')).toBeNull();
    expect(await store.holdingOf('student-a', 'lite', 'cse')).toBeNull();
    const refreshing = refreshSource('student-a', lite, 'cse');
    const answer = await nextDownload();
    answer(new Response('{"items":[5]}', { status: 200, headers: { ETag: '"v1"' } }));
    await refreshing;
    expect(fetchOptions).toEqual([{ headers: {} }]);
    expect(await store.readContent('student-a', 'lite', 'cse')).toEqual({ items: [5] });
    expect(db('pasado-content').get(key)).toMatchObject({ format: KEPT_FORMAT });
  });
});
