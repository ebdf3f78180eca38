import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AttemptState, attemptStateSchema, quizHomeSchema } from '@pasado/core';
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBundledContent } from '../../src/modules/content/seed-bundled-content.ts';
import { recordReadiness } from '../../src/modules/progress/readiness.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { questions } from '../../src/platform/db/schema.ts';
import { BUNDLED_BANKS_DIR } from '../../src/platform/paths.ts';
import { MINUTE } from '../helpers/durations.ts';
import { applyRevAccess } from '../helpers/factories.ts';
import {
  type ApiMethod,
  callApi,
  signedInUser,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

/**
 * Issue 12 item 5 on the real banks: LET Secondary's mock — General Education and Professional
 * Education from LET Elementary's items, Specialization from the student's major — taken in three
 * sittings and rated 20 / 40 / 40 % with no part below 50 % (docs/exam-coverage.md, PRC).
 */
const base = '/api/quiz/let-sec';
describe.each(ENGINES)("LET Secondary's three-part mock on %s", (engine) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    // The two banks LET Secondary is made of, imported as the server imports them at start.
    const dir = mkdtempSync(path.join(tmpdir(), 'pasado-let-'));
    for (const file of ['let-elem.json', 'let-sec.json']) {
      copyFileSync(path.join(BUNDLED_BANKS_DIR, file), path.join(dir, file));
    }
    await seedBundledContent(t.app.database.db, { dir });
  });
  afterAll(() => t.close());

  const call = async (cookie: string, method: ApiMethod, url: string, payload?: object) => {
    const res = await callApi(t, cookie, method, url, payload);
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const state = (res: { status: number; body: unknown }): AttemptState => {
    expect(res.status).toBe(200);
    return attemptStateSchema.parse(res.body);
  };

  it('is offered with its majors, draws each part from its subjects, and rates by weights and floors', async () => {
    const { cookie } = await signedInUser(t);
    const offer = (await call(cookie, 'GET', '/api/reviewers')).body as {
      reviewers: { shorthand: string; offered: boolean; majors: { subjectId: string }[] }[];
    };
    expect(offer.reviewers.filter((r) => r.offered).map((r) => r.shorthand)).toEqual([
      'let-elem',
      'let-sec',
    ]);
    expect(offer.reviewers.find((r) => r.shorthand === 'let-sec')?.majors).toEqual([
      { subjectId: 'let-sec.english', name: 'Specialization: English' },
      { subjectId: 'let-sec.math', name: 'Specialization: Mathematics' },
    ]);
    const onboard = await applyRevAccess(t, cookie, { reviewer: 'let-sec', major: 'let-sec.math' });
    expect(onboard.statusCode).toBe(200);

    const start = await call(cookie, 'POST', `${base}/mock`);
    expect(start.status).toBe(201);
    let s = attemptStateSchema.parse(start.body);
    expect(s.parts?.map((p) => [p.partId, p.items, p.minutes])).toEqual([
      ['let-sec.mock.gened', 150, 150],
      ['let-sec.mock.profed', 150, 180],
      ['let-sec.mock.specialization', 150, 180],
    ]);
    expect(s.sittings).toHaveLength(3);

    const keys = async (ids: string[]) =>
      new Map(
        (
          await t.app.database.db
            .select({ id: questions.id, key: questions.answerIndex })
            .from(questions)
            .where(inArray(questions.id, ids))
        ).map((q) => [q.id, q.key]),
      );
    /** Answers the running part: the first `right` items with the key, the rest left blank. */
    const answerPart = async (part: AttemptState, prefix: string, right: number) => {
      const ids = part.items.map((i) => i.questionId);
      expect(ids).toHaveLength(150);
      expect(ids.every((id) => id.startsWith(prefix))).toBe(true);
      const key = await keys(ids);
      for (const id of ids.slice(0, right)) {
        const res = await call(cookie, 'PUT', `${base}/attempts/${part.attemptId}/answers/${id}`, {
          choiceIndex: key.get(id),
        });
        expect(res.status).toBe(200);
      }
    };
    const next = async (n: number) => {
      clock.advance(MINUTE);
      state(await call(cookie, 'POST', `${base}/attempts/${s.attemptId}/sittings/${n}/finish`));
      clock.advance(10 * MINUTE); // the break is theirs
      return state(
        await call(cookie, 'POST', `${base}/attempts/${s.attemptId}/sittings/${n + 1}/start`),
      );
    };

    // General Education 90 %, Professional Education 45 % (below its floor), Mathematics 100 %.
    await answerPart(s, 'let-elem.gened.', 135);
    s = await next(1);
    await answerPart(s, 'let-elem.profed.', 68);
    s = await next(2);
    await answerPart(s, 'let-sec.math.', 150);
    clock.advance(MINUTE);
    const done = state(
      await call(cookie, 'POST', `${base}/attempts/${s.attemptId}/sittings/3/finish`),
    );

    // 0.2 × 90 + 0.4 × 45.33… + 0.4 × 100 = 76.13…: above the 75 % average, yet not passed.
    expect(done.result).toMatchObject({ correct: 353, total: 450, passed: false });
    const result = done.result as {
      weightedRating: number;
      parts: { partId: string; percentage: number; belowFloor: boolean }[];
    };
    expect(result.weightedRating).toBeCloseTo(0.2 * 90 + 0.4 * (68 / 1.5) + 0.4 * 100, 1);
    expect(result.weightedRating).toBeGreaterThan(75);
    expect(result.parts.map((p) => [p.partId, p.belowFloor])).toEqual([
      ['let-sec.mock.gened', false],
      ['let-sec.mock.profed', true],
      ['let-sec.mock.specialization', false],
    ]);
  });

  it("the other major's items teach a student's Specialization nothing (docs/product.md#readiness)", async () => {
    const { cookie, userId } = await signedInUser(t);
    const onboard = await applyRevAccess(t, cookie, {
      reviewer: 'let-sec',
      major: 'let-sec.english',
    });
    expect(onboard.statusCode).toBe(200);
    const answersOf = async (): Promise<Record<string, number>> => {
      const res = await call(cookie, 'GET', `${base}/quiz-home`);
      expect(res.status).toBe(200);
      const readiness = quizHomeSchema.parse(res.body).readiness;
      return Object.fromEntries(readiness?.parts.map((p) => [p.partId, p.answers]) ?? []);
    };

    // An English major practises Mathematics specialization items, all right: a lite set…
    const started = await call(cookie, 'POST', `${base}/lite`, { subjectId: 'let-sec.math' });
    expect(started.status).toBe(201);
    const start = attemptStateSchema.parse(started.body);
    const ids = start.items.map((i) => i.questionId);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id.startsWith('let-sec.math.'))).toBe(true);
    const key = new Map(
      (
        await t.app.database.db
          .select({ id: questions.id, key: questions.answerIndex })
          .from(questions)
          .where(inArray(questions.id, ids))
      ).map((q) => [q.id, q.key]),
    );
    for (const id of ids) {
      const res = await call(cookie, 'PUT', `${base}/attempts/${start.attemptId}/answers/${id}`, {
        choiceIndex: key.get(id),
      });
      expect(res.status).toBe(200);
    }
    state(await call(cookie, 'POST', `${base}/attempts/${start.attemptId}/submit`));
    // …and the same answers through a drill's path (recordReadiness reads the major itself).
    await t.app.database.db.transaction((tx) =>
      recordReadiness(tx, {
        userId,
        reviewer: 'let-sec',
        answers: ids.map((questionId) => ({ questionId, correct: true })),
        fullMock: false,
        now: clock.now(),
      }),
    );
    expect(await answersOf()).toEqual({
      'let-sec.mock.gened': 0,
      'let-sec.mock.profed': 0,
      'let-sec.mock.specialization': 0,
    });
  });
  it('a change of major: Specialization is not predicted from the old major’s answers (docs/product.md#readiness)', async () => {
    const { cookie, userId } = await signedInUser(t);
    expect(
      (await applyRevAccess(t, cookie, { reviewer: 'let-sec', major: 'let-sec.english' }))
        .statusCode,
    ).toBe(200);
    const specialization = async () => {
      const res = await call(cookie, 'GET', `${base}/quiz-home`);
      expect(res.status).toBe(200);
      return quizHomeSchema
        .parse(res.body)
        .readiness?.parts.find((p) => p.partId === 'let-sec.mock.specialization');
    };
    const ofSubject = async (prefix: string, n: number) =>
      (
        await t.app.database.db
          .select({ id: questions.id })
          .from(questions)
          .where(like(questions.id, `${prefix}%`))
          .orderBy(questions.id)
          .limit(n)
      ).map((q) => q.id);
    const learn = (ids: string[]) =>
      t.app.database.db.transaction((tx) =>
        recordReadiness(tx, {
          userId,
          reviewer: 'let-sec',
          answers: ids.map((questionId, i) => ({ questionId, correct: i % 10 < 9 })),
          fullMock: false,
          now: clock.now(),
        }),
      );
    // 40 English answers, 90 % right: the English major's Specialization is predicted.
    await learn(await ofSubject('let-sec.english.', 40));
    expect(await specialization()).toMatchObject({ answers: 40, needed: 0 });
    expect((await specialization())?.predicted).not.toBeNull();

    // Now a Mathematics major, with no Mathematics answer yet: nothing is predicted from English.
    expect(
      (await call(cookie, 'PUT', '/api/reviewers/let-sec/major', { subjectId: 'let-sec.math' }))
        .status,
    ).toBe(200);
    expect(await specialization()).toMatchObject({ answers: 0, predicted: null, needed: 30 });
    // The first Mathematics answer starts the part afresh.
    await learn(await ofSubject('let-sec.math.', 1));
    expect(await specialization()).toMatchObject({ answers: 1, predicted: null, needed: 29 });
  });
});
