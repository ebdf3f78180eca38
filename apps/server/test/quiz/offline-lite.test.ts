import { gunzipSync } from 'node:zlib';
import { attemptStateSchema, offlineLitePoolSchema } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leaderboardScores,
  questions,
  quizAnswers,
  quizAttempts,
  subjects,
  topics,
  userStreaks,
  users,
  userTopicStats,
} from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { type ApiMethod, callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, REVIEWER, rationaleOf, SUBJECT_A, SUBJECT_B, seedBank } from './fixtures.ts';

const base = `/api/quiz/${REVIEWER}`;
const upload = `${base}/lite/offline-attempts`;

/** Quizzes built so far: each is taken in a window of its own (issue 21: never two at once). */
let built = 0;

/**
 * A lite quiz as the device sends it: four minutes long, earlier than the last one built, answers
 * in between.
 */
function offlineBody(
  answers: { questionId: string; choiceIndex: number }[],
  extra: Record<string, unknown> = {},
) {
  built += 1;
  const start = Date.now() - (5 + 5 * built) * 60_000;
  return {
    clientAttemptId: crypto.randomUUID(),
    subjectId: SUBJECT_A,
    startedAt: new Date(start).toISOString(),
    finishedAt: new Date(start + 4 * 60_000).toISOString(),
    answers: answers.map((a, n) => ({
      ...a,
      answeredAt: new Date(start + (n + 1) * 20_000).toISOString(),
    })),
    ...extra,
  };
}

describe.each(ENGINES)('lite quizzes offline on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedBank(t.app.database.db);
    // An item of another reviewer, to send under this one.
    await t.app.database.db
      .insert(subjects)
      .values({ id: 'tst-other-sub', reviewerShorthand: 'nle', name: 'Other', sortOrder: 9 });
    await t.app.database.db
      .insert(topics)
      .values({ id: 'tst-other-top', subjectId: 'tst-other-sub', name: 'Other topic' });
    await t.app.database.db.insert(questions).values({
      id: 'tst-other-1',
      topicId: 'tst-other-top',
      stem: 'Another reviewer?',
      choices: ['A', 'B'],
      answerIndex: 0,
      rationale: 'Other.',
    });
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const call = (cookie: string | null, method: ApiMethod, url: string, payload?: unknown) =>
    callApi(t, cookie, method, url, payload);

  /** What finishing quizzes gave a student: gems, streak, leaderboard points, topic tallies. */
  async function progressOf(userId: string) {
    const [user] = await db().select().from(users).where(eq(users.id, userId));
    const [streak] = await db().select().from(userStreaks).where(eq(userStreaks.userId, userId));
    const points = await db()
      .select({ board: leaderboardScores.board, points: leaderboardScores.points })
      .from(leaderboardScores)
      .where(eq(leaderboardScores.userId, userId));
    const tallies = await db()
      .select({
        topicId: userTopicStats.topicId,
        answered: userTopicStats.answered,
        correct: userTopicStats.correct,
      })
      .from(userTopicStats)
      .where(eq(userTopicStats.userId, userId));
    return {
      gems: user?.gemsCollection,
      streak: streak?.current ?? 0,
      points: points.map((p) => p.points).sort(),
      tallies,
    };
  }

  const attemptsOf = (userId: string) =>
    db().select().from(quizAttempts).where(eq(quizAttempts.userId, userId));

  const endpoints: [ApiMethod, string, unknown][] = [
    ['GET', `${base}/offline-items`, undefined],
    ['POST', upload, offlineBody([{ questionId: 'tst-a-1', choiceIndex: 1 }])],
  ];

  it.each(endpoints)('%s %s answers 401 signed out', async (method, url, payload) => {
    expect((await call(null, method, url, payload)).statusCode).toBe(401);
  });

  it.each(endpoints)('%s %s answers 403 without the grant', async (method, url, payload) => {
    const other = await createOnboardedStudent(t, { reviewer: 'nle' });
    const res = await call(other.cookie, method, url, payload);
    expect(res.statusCode).toBe(403);
    expect(await attemptsOf(other.userId)).toEqual([]);
  });

  it('the pool: every active item per subject with its key, the same for everyone, 304 when unchanged', async () => {
    const one = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const two = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const res = await call(one.cookie, 'GET', `${base}/offline-items`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const pool = offlineLitePoolSchema.parse(res.json());
    expect(pool.subjects.map((s) => [s.id, s.items.length])).toEqual([
      [SUBJECT_A, 12],
      [SUBJECT_B, 8],
    ]);
    expect(pool.subjects[0]?.items.find((i) => i.id === 'tst-a-5')).toMatchObject({
      topicId: 'tst-top-a',
      topicName: 'Topic A',
      answerIndex: keyOf('tst-a-5'),
      rationale: rationaleOf('tst-a-5'),
      distractorNotes: ['Not alpha.', null, 'Not gamma.', null],
    });

    const again = await call(two.cookie, 'GET', `${base}/offline-items`);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(res.body);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `${base}/offline-items`,
      headers: { origin: t.origin, cookie: two.cookie, 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // Gzipped for a phone that takes it: the same JSON, its own tag, and either tag revalidates.
    const zipped = await t.app.inject({
      method: 'GET',
      url: `${base}/offline-items`,
      headers: { origin: t.origin, cookie: two.cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(res.body);
    expect(zipped.rawPayload.length).toBeLessThan(res.rawPayload.length);
    const zippedTag = String(zipped.headers.etag);
    expect(zippedTag).not.toBe(etag);
    for (const tag of [zippedTag, etag]) {
      const revalidated = await t.app.inject({
        method: 'GET',
        url: `${base}/offline-items`,
        headers: {
          origin: t.origin,
          cookie: two.cookie,
          'accept-encoding': 'gzip',
          'if-none-match': tag,
        },
      });
      expect(revalidated.statusCode).toBe(304);
    }

    // Holding an item changes the pool, so its version.
    await db().update(questions).set({ heldAt: new Date() }).where(eq(questions.id, 'tst-b-7'));
    try {
      const changed = await t.app.inject({
        method: 'GET',
        url: `${base}/offline-items`,
        headers: { origin: t.origin, cookie: two.cookie, 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      const held = offlineLitePoolSchema.parse(changed.json());
      expect(held.subjects[1]?.items.map((i) => i.id)).not.toContain('tst-b-7');
    } finally {
      await db().update(questions).set({ heldAt: null }).where(eq(questions.id, 'tst-b-7'));
    }
  });

  it('grades as an online lite quiz does for the same answers, and awards the same', async () => {
    const online = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const offline = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const start = await call(online.cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A });
    const state = attemptStateSchema.parse(start.json());
    // Right on every third item, wrong on the others.
    const answers = state.items.map((item, n) => ({
      questionId: item.questionId,
      choiceIndex: n % 3 === 0 ? keyOf(item.questionId) : (keyOf(item.questionId) + 1) % 4,
    }));
    for (const a of answers) {
      const saved = await call(
        online.cookie,
        'PUT',
        `${base}/attempts/${state.attemptId}/answers/${a.questionId}`,
        { choiceIndex: a.choiceIndex },
      );
      expect(saved.statusCode).toBe(200);
    }
    const done = attemptStateSchema.parse(
      (await call(online.cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`)).json(),
    );

    const sent = await call(offline.cookie, 'POST', upload, offlineBody(answers));
    expect(sent.statusCode).toBe(201);
    const graded = attemptStateSchema.parse(sent.json());
    expect(graded).toMatchObject({ kind: 'lite', status: 'submitted', title: done.title });
    expect(graded.result).toEqual(done.result);
    expect(graded.result).toMatchObject({ correct: 4, total: 10, gemsEarned: 4 });
    const verdicts = (s: typeof done) =>
      s.items.map((i) => [i.questionId, i.choiceIndex, i.isCorrect, i.reveal?.answerIndex]);
    expect(verdicts(graded)).toEqual(verdicts(done));

    const a = await progressOf(online.userId);
    const b = await progressOf(offline.userId);
    expect(b).toEqual(a);
    expect(b).toMatchObject({ gems: { emerald: 4 }, streak: 1 });
    expect(b.points.length).toBeGreaterThan(0);
  });

  it('the same client attempt id again returns the first result and awards nothing more', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const body = offlineBody(
      ['tst-a-1', 'tst-a-2', 'tst-a-3'].map((id) => ({ questionId: id, choiceIndex: keyOf(id) })),
    );
    const first = await call(cookie, 'POST', upload, body);
    expect(first.statusCode).toBe(201);
    const after = await progressOf(userId);
    expect(after.gems).toEqual({ emerald: 3 });

    // A retry, even one whose answers were changed on the way, is the first result.
    const retried = await call(cookie, 'POST', upload, {
      ...body,
      answers: body.answers.map((a) => ({ ...a, choiceIndex: 0 })),
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().attemptId).toBe(first.json().attemptId);
    expect(retried.json().result).toEqual(first.json().result);
    expect(await progressOf(userId)).toEqual(after);
    expect(await attemptsOf(userId)).toHaveLength(1);

    // Two at once (a second tab) store one attempt.
    const racing = offlineBody([{ questionId: 'tst-a-4', choiceIndex: keyOf('tst-a-4') }]);
    const both = await Promise.all([
      call(cookie, 'POST', upload, racing),
      call(cookie, 'POST', upload, racing),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await attemptsOf(userId)).toHaveLength(2);
    expect((await progressOf(userId)).gems).toEqual({ emerald: 4 });
  });

  it('a quiz queued on a phone under the old /api/learning path still lands (issue 22)', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const body = offlineBody([{ questionId: 'tst-a-1', choiceIndex: keyOf('tst-a-1') }]);
    const old = await call(cookie, 'POST', `/api/learning/${REVIEWER}/lite/offline-attempts`, body);
    expect(old.statusCode).toBe(201);
    expect(await attemptsOf(userId)).toHaveLength(1);
    // The same entry sent again under the new path is the same quiz.
    const again = await call(cookie, 'POST', upload, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().attemptId).toBe(old.json().attemptId);
  });

  it('ignores any score the device sends', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const wrong = ['tst-a-1', 'tst-a-2'].map((id) => ({
      questionId: id,
      choiceIndex: (keyOf(id) + 1) % 4,
    }));
    const res = await call(
      cookie,
      'POST',
      upload,
      offlineBody(wrong, {
        score: 2,
        gemsEarned: 500,
        result: { correct: 2, total: 2, gemsEarned: 500 },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().result).toMatchObject({ correct: 0, total: 2, gemsEarned: 0 });
    expect((await progressOf(userId)).gems).toEqual({});
    const [row] = await attemptsOf(userId);
    expect(row?.gemsEarned).toBe(0);
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const right = { questionId: 'tst-a-1', choiceIndex: keyOf('tst-a-1') };
    const cases: [string, unknown, string][] = [
      [
        "another reviewer's item",
        offlineBody([right, { questionId: 'tst-other-1', choiceIndex: 0 }], { subjectId: null }),
        'not part of this reviewer',
      ],
      [
        'an item of another subject',
        offlineBody([right, { questionId: 'tst-b-1', choiceIndex: 0 }]),
        'not part of the subject',
      ],
      [
        'a subject of another reviewer',
        offlineBody([right], { subjectId: 'tst-other-sub' }),
        'No such subject',
      ],
      ['a choice that does not exist', offlineBody([{ ...right, choiceIndex: 4 }]), 'Choose one'],
      [
        'finished in the future',
        offlineBody([right], { finishedAt: new Date(Date.now() + 3_600_000).toISOString() }),
        'in the future',
      ],
      [
        'taken a month ago',
        offlineBody([right], {
          startedAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
          finishedAt: new Date(Date.now() - 30 * 86_400_000 + 60_000).toISOString(),
        }),
        'too long ago',
      ],
      ['the same item twice', offlineBody([right, right]), 'answered once'],
      ['no answers', offlineBody([]), ''],
      ['not a uuid', offlineBody([right], { clientAttemptId: 'abc' }), ''],
    ];
    for (const [name, body, message] of cases) {
      const res = await call(cookie, 'POST', upload, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message, name).toContain(message);
    }
    expect(await attemptsOf(userId)).toEqual([]);
    expect(await progressOf(userId)).toMatchObject({ gems: {}, streak: 0, points: [] });
  });

  it('an item held since the device kept it drops out; the others count', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    await db().update(questions).set({ heldAt: new Date() }).where(eq(questions.id, 'tst-a-9'));
    try {
      const ids = ['tst-a-8', 'tst-a-9', 'tst-a-10'];
      const res = await call(
        cookie,
        'POST',
        upload,
        offlineBody(ids.map((id) => ({ questionId: id, choiceIndex: keyOf(id) }))),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().result).toMatchObject({ correct: 2, total: 2, gemsEarned: 2 });
      const [row] = await attemptsOf(userId);
      const stored = await db()
        .select()
        .from(quizAnswers)
        .where(and(eq(quizAnswers.attemptId, row?.id ?? '')));
      expect(stored.map((a) => a.questionId).sort()).toEqual(['tst-a-10', 'tst-a-8']);
    } finally {
      await db().update(questions).set({ heldAt: null }).where(eq(questions.id, 'tst-a-9'));
    }
  });

  it("an item outside the offline pool drops out: its key is never sent (an open mock's items)", async () => {
    // A subject one item larger than its pool (100): the last id is not in it.
    const ids = Array.from({ length: 101 }, (_, i) => `tst-big-${String(i).padStart(3, '0')}`);
    await db()
      .insert(subjects)
      .values({ id: 'tst-big-sub', reviewerShorthand: REVIEWER, name: 'Big', sortOrder: 8 });
    await db().insert(topics).values({ id: 'tst-big-top', subjectId: 'tst-big-sub', name: 'Big' });
    await db()
      .insert(questions)
      .values(
        ids.map((id) => ({
          id,
          topicId: 'tst-big-top',
          stem: `${id}?`,
          choices: ['A', 'B'],
          answerIndex: 1,
          rationale: `Why ${id}.`,
        })),
      );
    // The last test of the file: the subject stays (the database goes with the file).
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const pool = offlineLitePoolSchema.parse(
      (await call(cookie, 'GET', `${base}/offline-items`)).json(),
    );
    const big = pool.subjects.find((subject) => subject.id === 'tst-big-sub');
    expect(big?.items.map((item) => item.id)).toEqual(ids.slice(0, 100));
    const outside = 'tst-big-100';
    const body = (answers: string[]) =>
      offlineBody(
        answers.map((id) => ({ questionId: id, choiceIndex: 1 })),
        { subjectId: 'tst-big-sub' },
      );
    const res = await call(cookie, 'POST', upload, body(['tst-big-000', outside]));
    expect(res.statusCode).toBe(201);
    expect(res.json().result).toMatchObject({ correct: 1, total: 1 });
    expect(res.body).not.toContain(outside);
    // Alone, nothing is left to grade: refused, nothing stored.
    const alone = await call(cookie, 'POST', upload, body([outside]));
    expect(alone.statusCode).toBe(400);
    expect(alone.body).not.toContain(`Why ${outside}`);
  });
});
