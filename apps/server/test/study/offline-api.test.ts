import { randomUUID } from 'node:crypto';
import {
  applyRating,
  DEVICE_TIME_HEADER,
  studyOfflinePackSchema,
  studyOfflineProgressSchema,
} from '@pasado/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flashCards } from '../../src/platform/db/schema.ts';
import { matchesIfNoneMatch } from '../../src/platform/versioned-json.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { callApi, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { type StudyFixture, useStudyApp } from './study-fixtures.ts';

const PACK = '/api/study/let-elem/offline-pack';
const PROGRESS = '/api/study/let-elem/offline-progress';

/** Issue 11 deliverable 2: what the phone keeps to study a reviewer with no signal. */
describe.each(ENGINES)('offline study API on %s', (engine) => {
  const suite = useStudyApp(engine);
  const t = (): TestApp => suite.t;
  const fx = (): StudyFixture => suite.fx;

  const get = (cookie: string | null, url: string, ifNoneMatch?: string) =>
    t().app.inject({
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
      },
    });

  it('answers 401 signed out and 403 without the reviewer granted', async () => {
    for (const url of [PACK, PROGRESS]) {
      expect((await get(null, url)).statusCode, url).toBe(401);
    }
    const { cookie } = await createOnboardedStudent(t(), { reviewer: 'cse-pro' });
    for (const url of [PACK, PROGRESS, '/api/study/nope/offline-pack']) {
      const res = await get(cookie, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.status).toBe('PERMISSION_DENIED');
    }
  });

  it('serves every card and note of the reviewer, in its order, with a strong ETag', async () => {
    const { cookie } = await createOnboardedStudent(t());
    const res = await get(cookie, PACK);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);

    const pack = studyOfflinePackSchema.parse(res.json());
    expect(pack.reviewer.shorthand).toBe('let-elem');
    const mine = pack.topics.filter((topic) => topic.id.startsWith('fx-'));
    expect(mine).toEqual([
      {
        id: fx().topicLearning,
        name: 'Theories of Learning',
        subjectId: fx().subjectId,
        subjectName: 'Professional Education',
      },
      {
        id: fx().topicAssessment,
        name: 'Assessment',
        subjectId: fx().subjectId,
        subjectName: 'Professional Education',
      },
    ]);
    expect(pack.cards.map((c) => c.id)).toEqual([
      fx().cards.a1,
      fx().cards.a2,
      fx().cards.a3,
      fx().cards.b1,
    ]);
    expect(pack.cards[0]).toEqual({
      id: fx().cards.a1,
      topicId: fx().topicLearning,
      front: 'Who proposed operant conditioning?',
      back: 'B. F. Skinner',
      rationale: 'Skinner showed that consequences shape behaviour.',
    });
    expect(pack.notes.map((n) => [n.id, n.title])).toEqual([
      [fx().notes.first, 'Behaviourism'],
      [fx().notes.second, 'Constructivism'],
    ]);
    // Another reviewer's content never travels in this pack.
    expect(JSON.stringify(pack)).not.toContain('CSE');

    // The pack is content, the same for every student of the reviewer.
    const other = await createOnboardedStudent(t());
    expect((await get(other.cookie, PACK)).headers.etag).toBe(res.headers.etag);
  });

  it('answers 304 with no body when the phone holds the current version', async () => {
    const { cookie } = await createOnboardedStudent(t());
    const first = await get(cookie, PACK);
    const etag = String(first.headers.etag);

    const again = await get(cookie, PACK, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // A list of tags, or the tag weakened by a proxy, matches too.
    expect((await get(cookie, PACK, `"older", W/${etag}`)).statusCode).toBe(304);

    const stale = await get(cookie, PACK, '"not-the-current-version"');
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);

    // HEAD says what a download would cost (the phone's "About N KB to download").
    const head = await t().app.inject({ method: 'HEAD', url: PACK, headers: { cookie } });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(first.body));
    const headCurrent = await t().app.inject({
      method: 'HEAD',
      url: PACK,
      headers: { cookie, 'if-none-match': etag },
    });
    expect(headCurrent.statusCode).toBe(304);
  });

  it('changes the ETag when a card changes', async () => {
    const { cookie } = await createOnboardedStudent(t());
    const before = await get(cookie, PACK);
    await t()
      .app.database.db.update(flashCards)
      .set({ back: 'Burrhus Frederic Skinner' })
      .where(eq(flashCards.id, fx().cards.a1));

    const after = await get(cookie, PACK, String(before.headers.etag));
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const card = studyOfflinePackSchema
      .parse(after.json())
      .cards.find((c) => c.id === fx().cards.a1);
    expect(card?.back).toBe('Burrhus Frederic Skinner');
    expect((await get(cookie, PACK, String(after.headers.etag))).statusCode).toBe(304);
  });

  it('serves the student’s own schedules and read notes, apart and small', async () => {
    const { cookie } = await createOnboardedStudent(t());
    const empty = await get(cookie, PROGRESS);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('private, no-store');
    expect(empty.json()).toEqual({
      schedules: [],
      notesRead: [],
      examDay: null,
      examLastDay: null,
    });
    const emptyTag = String(empty.headers.etag);
    expect((await get(cookie, PROGRESS, emptyTag)).statusCode).toBe(304);

    const reviewId = randomUUID();
    const rated = await callApi(t(), cookie, 'POST', '/api/study/let-elem/flash/reviews', {
      reviewId,
      cardId: fx().cards.a2,
      rating: 'good',
    });
    expect(rated.statusCode).toBe(200);
    const read = await callApi(
      t(),
      cookie,
      'POST',
      `/api/study/let-elem/notes/${fx().notes.first}/read`,
      {
        seconds: 30,
      },
    );
    expect(read.statusCode).toBe(200);

    const res = await get(cookie, PROGRESS, emptyTag);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(emptyTag);
    const progress = studyOfflineProgressSchema.parse(res.json());
    expect(progress.notesRead).toEqual([fx().notes.first]);
    expect(progress.schedules).toHaveLength(1);
    const [schedule] = progress.schedules;
    expect(schedule?.cardId).toBe(fx().cards.a2);
    expect(schedule?.state).toMatchObject({ reps: 1, state: 1, due: rated.json().due });
    expect(schedule?.state.firstReviewedAt).toBeDefined();
    // The review ids the server remembers stay there: the phone does not need them.
    expect(res.body).not.toContain(reviewId);

    // Another student's progress is theirs alone.
    const other = await createOnboardedStudent(t());
    expect((await get(other.cookie, PROGRESS)).json()).toEqual({
      schedules: [],
      notesRead: [],
      examDay: null,
      examLastDay: null,
    });
  });

  it('a rating given offline, sent later, is applied at the moment it was given, as the phone applied it', async () => {
    const { cookie } = await createOnboardedStudent(t());
    const given = new Date(Date.now() - 3 * 60 * 60_000);
    const reviewId = randomUUID();
    const res = await callApi(t(), cookie, 'POST', '/api/study/let-elem/flash/reviews', {
      reviewId,
      cardId: fx().cards.a3,
      rating: 'good',
      reviewedAt: given.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    // The phone's schedule of the same rating (core's rule) is the server's.
    const onPhone = applyRating(null, 'good', reviewId, given);
    expect(res.json().due).toBe(onPhone.due.toISOString());
    const progress = studyOfflineProgressSchema.parse(
      (await t().app.inject({ url: PROGRESS, headers: { cookie } })).json(),
    );
    expect(progress.schedules[0]?.state.last_review).toBe(given.toISOString());

    // From a phone whose clock runs 30 minutes fast, the time is moved by the send's device time.
    const fast = 30 * 60_000;
    const movedId = randomUUID();
    const moved = await t().app.inject({
      method: 'POST',
      url: '/api/study/let-elem/flash/reviews',
      headers: {
        origin: t().origin,
        cookie,
        [DEVICE_TIME_HEADER]: new Date(Date.now() + fast).toISOString(),
      },
      payload: {
        reviewId: movedId,
        cardId: fx().cards.a1,
        rating: 'good',
        reviewedAt: new Date(given.getTime() + fast).toISOString(),
      },
    });
    expect(moved.statusCode).toBe(200);
    const movedDue = Date.parse(moved.json().due);
    const asGiven = applyRating(null, 'good', movedId, given).due.getTime();
    // Within the second the request took on the wire.
    expect(Math.abs(movedDue - asGiven)).toBeLessThan(1_000);

    // A time in the future is taken as the server's now.
    const later = await callApi(t(), cookie, 'POST', '/api/study/let-elem/flash/reviews', {
      reviewId: randomUUID(),
      cardId: fx().cards.b1,
      rating: 'good',
      reviewedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(Date.parse(later.json().due)).toBeLessThan(Date.now() + 11 * 60_000);
  });
});

describe('If-None-Match', () => {
  it('matches the tag, a list holding it, its weak form and *, nothing else', () => {
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b", "a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('W/"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"ab"', '"a"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false);
    expect(matchesIfNoneMatch('', '"a"')).toBe(false);
  });
});
