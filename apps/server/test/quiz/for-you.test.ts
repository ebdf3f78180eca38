import {
  attemptStateSchema,
  FOR_YOU_ALONE,
  type ForYouKit,
  forYouKitSchema,
  quizHomeSchema,
} from '@pasado/core';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemHistories,
  itemReports,
  questions,
  quizAttempts,
  readinessModels,
} from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { type ApiMethod, callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, REVIEWER, SUBJECT_A, seedBank } from './fixtures.ts';
import { captureStatements } from './statement-plans.ts';

const base = `/api/quiz/${REVIEWER}`;
/** The fixture's bank: subject A's 12 items (part A) and subject B's 8 (part B). */
const BANK = [
  ...Array.from({ length: 12 }, (_, i) => `tst-a-${i}`),
  ...Array.from({ length: 8 }, (_, i) => `tst-b-${i}`),
];

// Issue 23 item 4 (ADR 032): the For-you lite set, chosen by the student model from the bank, with
// items missed before coming back when due; and the kit the phone keeps to choose it offline.
describe.each(ENGINES)('For-you sets on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedBank(t.app.database.db);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const call = (cookie: string | null, method: ApiMethod, url: string, payload?: unknown) =>
    callApi(t, cookie, method, url, payload);

  async function forYou(cookie: string) {
    const res = await call(cookie, 'POST', `${base}/lite`, { forYou: true });
    expect(res.statusCode, res.body).toBe(201);
    return attemptStateSchema.parse(res.json());
  }

  /** Answers every item (right when `right(id)`), then submits. */
  async function finish(
    cookie: string,
    attemptId: string,
    ids: string[],
    right: (id: string) => boolean,
  ) {
    for (const id of ids) {
      await call(cookie, 'PUT', `${base}/attempts/${attemptId}/answers/${id}`, {
        choiceIndex: right(id) ? keyOf(id) : (keyOf(id) + 1) % 4,
      });
    }
    const res = await call(cookie, 'POST', `${base}/attempts/${attemptId}/submit`);
    expect(res.statusCode).toBe(200);
  }

  const histories = (userId: string) =>
    db().select().from(itemHistories).where(eq(itemHistories.userId, userId));

  async function kit(cookie: string): Promise<ForYouKit> {
    const res = await call(cookie, 'GET', `${base}/offline-for-you`);
    expect(res.statusCode, res.body).toBe(200);
    return forYouKitSchema.parse(res.json());
  }

  it('a new student gets 10 distinct items of the exam, titled For you, as recent results say', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const state = await forYou(cookie);
    expect(state.kind).toBe('lite');
    expect(state.title).toBe('Lite quiz: for you');
    const ids = state.items.map((i) => i.questionId);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    expect(ids.every((id) => BANK.includes(id))).toBe(true);
    // Both parts of the exam, though the student has no model yet.
    expect(ids.some((id) => id.startsWith('tst-a-'))).toBe(true);
    expect(ids.some((id) => id.startsWith('tst-b-'))).toBe(true);
    // A reload reads the same title.
    const again = await call(cookie, 'GET', `${base}/attempts/${state.attemptId}`);
    expect(attemptStateSchema.parse(again.json()).title).toBe('Lite quiz: for you');
    await finish(cookie, state.attemptId, ids, () => true);
    const home = quizHomeSchema.parse((await call(cookie, 'GET', `${base}/quiz-home`)).json());
    expect(home.recent[0]?.title).toBe('Lite quiz: for you');
    expect(home.readiness?.parts.reduce((n, p) => n + p.answers, 0)).toBe(10);
  });

  it.each([
    { name: 'a subject', body: { forYou: true, subjectId: SUBJECT_A } },
    { name: 'a topic', body: { forYou: true, topicId: 'tst-top-a' } },
    { name: 'a retry', body: { forYou: true, retryOf: crypto.randomUUID() } },
  ])('refuses For-you with $name: 400, nothing started', async ({ body }) => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const res = await call(cookie, 'POST', `${base}/lite`, body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(FOR_YOU_ALONE);
    const [n] = await db()
      .select({ n: count() })
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, userId));
    expect(n?.n).toBe(0);
  });

  it('refuses forYou other than true, and an offline For-you set with a subject', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    expect((await call(cookie, 'POST', `${base}/lite`, { forYou: false })).statusCode).toBe(400);
    const start = Date.now() - 10 * 60_000;
    const res = await call(cookie, 'POST', `${base}/lite/offline-attempts`, {
      clientAttemptId: crypto.randomUUID(),
      forYou: true,
      subjectId: SUBJECT_A,
      startedAt: new Date(start).toISOString(),
      finishedAt: new Date(start + 60_000).toISOString(),
      answers: [
        {
          questionId: 'tst-a-1',
          choiceIndex: 1,
          answeredAt: new Date(start + 30_000).toISOString(),
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(FOR_YOU_ALONE);
  });

  it('never gives held items, nor those the student reported (online or in the kit)', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const held = ['tst-a-2', 'tst-a-3', 'tst-b-4', 'tst-b-5'];
    await db().update(questions).set({ heldAt: new Date() }).where(inArray(questions.id, held));
    try {
      // Reported by this student (as the report route stores it once the item was served).
      await db()
        .insert(itemReports)
        .values({ questionId: 'tst-a-7', userId, reason: 'The key looks wrong.' });
      const out = new Set([...held, 'tst-a-7']);
      const seen = new Set<string>();
      for (let n = 0; n < 6; n += 1) {
        const state = await forYou(cookie);
        for (const item of state.items) seen.add(item.questionId);
        await finish(
          cookie,
          state.attemptId,
          state.items.map((i) => i.questionId),
          (id) => id < 'tst-b',
        );
      }
      expect([...seen].filter((id) => out.has(id))).toEqual([]);
      // 15 items are left: six sets of 10 reach most of them.
      expect(seen.size).toBeGreaterThanOrEqual(12);
      expect((await kit(cookie)).pool.map((q) => q.id).filter((id) => out.has(id))).toEqual([]);
    } finally {
      await db().update(questions).set({ heldAt: null }).where(inArray(questions.id, held));
    }
  });

  it('a finish writes each item history once; missed items come back first once due', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const first = await forYou(cookie);
    const firstIds = first.items.map((i) => i.questionId);
    // The histories cost the finish no statement of its own: read with the items' facts and the
    // model, written with the model (ADR 032; the daily path's budget, ADR 031).
    const statements = await captureStatements(() =>
      finish(cookie, first.attemptId, firstIds, () => false),
    );
    const touching = statements.filter((s) => s.text.includes('"item_histories"'));
    expect(touching).toHaveLength(2);
    expect(touching.every((s) => /readiness_models/.test(s.text))).toBe(true);
    const rows = await histories(userId);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.lastCorrect === false && r.reviewStep === 0)).toBe(true);

    // Two days on (the rows moved back), the misses are due: the set opens with 3 of them.
    await db()
      .update(itemHistories)
      .set({ lastAt: sql`${itemHistories.lastAt} - interval '2 days'` })
      .where(eq(itemHistories.userId, userId));
    const second = await forYou(cookie);
    const secondIds = second.items.map((i) => i.questionId);
    const reviews = secondIds.slice(0, 3);
    expect(reviews.every((id) => firstIds.includes(id))).toBe(true);
    // A correct review moves the item one step along its schedule; the others missed again start over.
    await finish(cookie, second.attemptId, secondIds, (id) => id === reviews[0]);
    const after = new Map((await histories(userId)).map((r) => [r.questionId, r]));
    expect(after.get(reviews[0] as string)).toMatchObject({ lastCorrect: true, reviewStep: 1 });
    expect(after.get(reviews[1] as string)).toMatchObject({ lastCorrect: false, reviewStep: 0 });
    expect(after.size).toBe(new Set([...firstIds, ...secondIds]).size);
  });

  it("the kit is the student's own: their model and histories, never another student's", async () => {
    const a = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const b = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const set = await forYou(a.cookie);
    const missed = set.items.map((i) => i.questionId);
    await finish(a.cookie, set.attemptId, missed, () => false);

    const mine = await kit(a.cookie);
    expect(Object.keys(mine.history).sort()).toEqual([...missed].sort());
    expect(Object.values(mine.history).every((h) => h.reviewStep === 0)).toBe(true);
    expect(mine.pool.map((q) => q.id).sort()).toEqual([...BANK].sort());
    expect(mine.profile.parts.map((p) => p.partId)).toEqual(['part-a', 'part-b']);

    const theirs = await kit(b.cookie);
    expect(theirs.history).toEqual({});
    expect(theirs.model.parts).toEqual({});
    // B's own For-you set writes B's rows only.
    const bSet = await forYou(b.cookie);
    await finish(
      b.cookie,
      bSet.attemptId,
      bSet.items.map((i) => i.questionId),
      () => true,
    );
    expect((await histories(b.userId)).every((r) => r.lastCorrect)).toBe(true);
    expect((await histories(a.userId)).every((r) => !r.lastCorrect)).toBe(true);
  });

  it('the kit carries an ETag: unchanged, a 304; a finished set changes it', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const res = await call(cookie, 'GET', `${base}/offline-for-you`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const etag = String(res.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: `${base}/offline-for-you`,
      headers: { cookie, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const set = await forYou(cookie);
    await finish(
      cookie,
      set.attemptId,
      set.items.map((i) => i.questionId),
      () => true,
    );
    const changed = await t.app.inject({
      method: 'GET',
      url: `${base}/offline-for-you`,
      headers: { cookie, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('an offline For-you set, once sent, is titled so and teaches the model and histories', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const start = Date.now() - 10 * 60_000;
    const ids = ['tst-a-0', 'tst-a-5', 'tst-b-1', 'tst-b-6'];
    const res = await call(cookie, 'POST', `${base}/lite/offline-attempts`, {
      clientAttemptId: crypto.randomUUID(),
      forYou: true,
      startedAt: new Date(start).toISOString(),
      finishedAt: new Date(start + 4 * 60_000).toISOString(),
      answers: ids.map((questionId, n) => ({
        questionId,
        choiceIndex: n === 0 ? (keyOf(questionId) + 1) % 4 : keyOf(questionId),
        answeredAt: new Date(start + (n + 1) * 30_000).toISOString(),
      })),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(attemptStateSchema.parse(res.json()).title).toBe('Lite quiz: for you');
    const rows = new Map((await histories(userId)).map((r) => [r.questionId, r]));
    expect(rows.size).toBe(4);
    expect(rows.get('tst-a-0')).toMatchObject({ lastCorrect: false, reviewStep: 0 });
    expect(rows.get('tst-b-6')).toMatchObject({ lastCorrect: true, reviewStep: null });
    const [model] = await db()
      .select()
      .from(readinessModels)
      .where(and(eq(readinessModels.userId, userId), eq(readinessModels.reviewer, REVIEWER)));
    expect(model?.model.parts['part-a']?.ability.answers).toBe(2);
    expect(model?.model.parts['part-b']?.ability.answers).toBe(2);
  });

  it('a For-you set teaches the model, but not its self-check: the model chose the items (ADR 028)', async () => {
    const { cookie, userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const model = async () => {
      const [row] = await db()
        .select()
        .from(readinessModels)
        .where(and(eq(readinessModels.userId, userId), eq(readinessModels.reviewer, REVIEWER)));
      return row?.model;
    };
    const topics = (m: Awaited<ReturnType<typeof model>>) =>
      Object.values(m?.parts ?? {}).flatMap((part) => Object.values(part.topics));
    const chosen = await forYou(cookie);
    const chosenIds = chosen.items.map((i) => i.questionId);
    await finish(cookie, chosen.attemptId, chosenIds, () => true);
    const afterChosen = topics(await model());
    expect(afterChosen.reduce((n, topic) => n + topic.answers, 0)).toBe(10);
    expect(afterChosen.every((topic) => topic.surprise === undefined)).toBe(true);

    const res = await call(cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A });
    expect(res.statusCode, res.body).toBe(201);
    const plain = attemptStateSchema.parse(res.json());
    await finish(
      cookie,
      plain.attemptId,
      plain.items.map((i) => i.questionId),
      () => true,
    );
    const afterPlain = topics(await model());
    expect(afterPlain.some((topic) => (topic.surprise?.residual ?? 0) > 0)).toBe(true);
  });

  it('a drill run answering an item twice writes one row, as its last answer left it', async () => {
    const { userId } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const { recordReadiness } = await import('../../src/modules/progress/readiness.ts');
    const now = new Date();
    await db().transaction((tx) =>
      recordReadiness(tx, {
        userId,
        reviewer: REVIEWER,
        answers: [
          { questionId: 'tst-a-1', correct: false },
          { questionId: 'tst-a-1', correct: true },
          { questionId: 'tst-b-2', correct: true },
        ],
        fullMock: false,
        now,
      }),
    );
    const rows = new Map((await histories(userId)).map((r) => [r.questionId, r]));
    expect(rows.get('tst-a-1')).toMatchObject({ lastCorrect: true, reviewStep: 1 });
    expect(rows.get('tst-b-2')).toMatchObject({ lastCorrect: true, reviewStep: null });
    expect(rows.get('tst-a-1')?.lastAt.getTime()).toBe(now.getTime());
  });
});
