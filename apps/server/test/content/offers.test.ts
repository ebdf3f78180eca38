import { attemptStateSchema, contentBundleSchema, quizHomeSchema } from '@pasado/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentImportError, importContent } from '../../src/modules/content/import-content.ts';
import { questions, quizAttempts, reviewerAccess } from '../../src/platform/db/schema.ts';
import { applyRevAccess, createOnboardedStudent } from '../helpers/factories.ts';
import {
  type ApiMethod,
  callApi,
  signedInUser,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { elementary, range, secondary } from './offer-fixtures.ts';

/**
 * Issue 12: a track is offered only when its bank fills its full mock 1.5 times over (core's
 * mockReadiness, the draw's own pools); LET Secondary shares LET Elementary's subjects and draws
 * its Specialization from the student's major; a mock prefers items the student has not seen and
 * keeps each part's topic mix. The bank: ./offer-fixtures.ts.
 */
describe.each(ENGINES)('offered tracks, shared subjects and the draw on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await importContent(t.app.database.db, elementary);
    await importContent(t.app.database.db, secondary);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const call = (cookie: string | null, method: ApiMethod, url: string, payload?: unknown) =>
    callApi(t, cookie, method, url, payload);
  const offers = async (cookie: string) =>
    (await call(cookie, 'GET', '/api/reviewers')).json().reviewers as {
      shorthand: string;
      offered: boolean;
      usable: boolean;
      majors: { subjectId: string; name: string }[];
    }[];

  it('lists every track with whether its bank fills its mock, and its majors', async () => {
    expect((await call(null, 'GET', '/api/reviewers')).statusCode).toBe(401);
    const { cookie } = await signedInUser(t);
    const list = await offers(cookie);
    expect(list.map((r) => [r.shorthand, r.offered, r.usable])).toEqual([
      ['cse-pro', false, false],
      ['cse-subpro', false, false],
      ['let-elem', true, true],
      ['let-sec', true, true],
      ['nle', false, false],
      ['crim', false, false],
    ]);
    expect(list.find((r) => r.shorthand === 'let-sec')?.majors).toEqual([
      { subjectId: 'off.eng', name: 'Specialization: English' },
      { subjectId: 'off.math', name: 'Specialization: Mathematics' },
    ]);
    expect(list.find((r) => r.shorthand === 'let-elem')?.majors).toEqual([]);
  });

  it('a track stays with its students while it fills one mock, not once it cannot', async () => {
    const { cookie } = await signedInUser(t);
    // The English major's part takes 4 items: with 3 of its 6 held it cannot fill a mock.
    const held = ['off.eng.t.q01', 'off.eng.t.q02', 'off.eng.t.q03'];
    await db().update(questions).set({ heldAt: new Date() }).where(inArray(questions.id, held));
    try {
      const secondary = (await offers(cookie)).find((r) => r.shorthand === 'let-sec');
      expect([secondary?.offered, secondary?.usable]).toEqual([false, false]);
    } finally {
      await db().update(questions).set({ heldAt: null }).where(inArray(questions.id, held));
    }
  });

  it('a held item takes a track at exactly 1.5 × out of the offer until it is cleared', async () => {
    const { cookie } = await signedInUser(t);
    await db()
      .update(questions)
      .set({ heldAt: new Date() })
      .where(eq(questions.id, 'off.eng.t.q01'));
    try {
      const list = await offers(cookie);
      // English is one short of 6; LET Elementary does not draw from it.
      expect(list.find((r) => r.shorthand === 'let-sec')?.offered).toBe(false);
      expect(list.find((r) => r.shorthand === 'let-elem')?.offered).toBe(true);
      // Its students keep it: the bank still fills one full mock.
      expect(list.find((r) => r.shorthand === 'let-sec')?.usable).toBe(true);
    } finally {
      await db().update(questions).set({ heldAt: null }).where(eq(questions.id, 'off.eng.t.q01'));
    }
    expect((await offers(cookie)).find((r) => r.shorthand === 'let-sec')?.offered).toBe(true);
  });

  it('onboarding refuses a track that is not offered, and changes nothing', async () => {
    const { cookie, userId } = await signedInUser(t);
    const res = await applyRevAccess(t, cookie, { reviewer: 'crim' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Choose one of the listed reviewers.',
    });
    expect(
      await db().select().from(reviewerAccess).where(eq(reviewerAccess.userId, userId)),
    ).toEqual([]);
  });

  it('a track with majors needs one of its majors at onboarding, and keeps it', async () => {
    const { cookie, userId } = await signedInUser(t);
    const without = await applyRevAccess(t, cookie, { reviewer: 'let-sec' });
    expect(without.json().error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Choose your major.',
    });
    const foreign = await applyRevAccess(t, cookie, { reviewer: 'let-sec', major: 'off.gen' });
    expect(foreign.json().error.message).toBe('Choose one of the listed majors.');
    expect(
      await db().select().from(reviewerAccess).where(eq(reviewerAccess.userId, userId)),
    ).toEqual([]);

    const ok = await applyRevAccess(t, cookie, { reviewer: 'let-sec', major: 'off.math' });
    expect(ok.statusCode).toBe(200);
    const home = quizHomeSchema.parse(
      (await call(cookie, 'GET', '/api/quiz/let-sec/quiz-home')).json(),
    );
    expect(home.major?.current).toBe('off.math');
    // The shared subject first (the reviewer's order), then the track's own.
    expect(home.subjects.map((s) => s.id)).toEqual(['off.gen', 'off.eng', 'off.math']);
    expect(home.mock?.parts.map((p) => [p.partId, p.items])).toEqual([
      ['gen', 12],
      ['spec', 4],
    ]);
  });

  it('PUT …/major: who may call it, bad input, and the next mock follows it', async () => {
    const student = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const url = '/api/reviewers/let-sec/major';
    expect((await call(null, 'PUT', url, { subjectId: 'off.eng' })).statusCode).toBe(401);
    // Not granted LET Secondary.
    expect((await call(student.cookie, 'PUT', url, { subjectId: 'off.eng' })).statusCode).toBe(403);

    const { cookie } = await signedInUser(t);
    await applyRevAccess(t, cookie, { reviewer: 'let-sec', major: 'off.eng' });
    const bad = await call(cookie, 'PUT', url, { subjectId: 'off.gen' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Choose one of the listed majors.');
    expect((await call(cookie, 'PUT', url, { subjectId: 7 })).statusCode).toBe(400);

    const changed = await call(cookie, 'PUT', url, { subjectId: 'off.math' });
    expect(changed.json()).toEqual({
      major: { subjectId: 'off.math', name: 'Specialization: Mathematics' },
    });
    const mock = attemptStateSchema.parse(
      (await call(cookie, 'POST', '/api/quiz/let-sec/mock')).json(),
    );
    const spec = mock.items.filter((i) => i.partId === 'spec').map((i) => i.questionId);
    expect(spec).toHaveLength(4);
    expect(spec.every((id) => id.startsWith('off.math.'))).toBe(true);
    const gen = mock.items.filter((i) => i.partId === 'gen').map((i) => i.questionId);
    expect(gen).toHaveLength(12);
    expect(gen.every((id) => id.startsWith('off.gen.'))).toBe(true);
  });

  it('a student of a track with majors who has none picked is asked for one before a mock', async () => {
    const { cookie, userId } = await signedInUser(t);
    await applyRevAccess(t, cookie, { reviewer: 'let-sec', major: 'off.eng' });
    // As after a content release that drops the major they had.
    await db()
      .update(reviewerAccess)
      .set({ majorSubjectId: null })
      .where(eq(reviewerAccess.userId, userId));
    const res = await call(cookie, 'POST', '/api/quiz/let-sec/mock');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Choose your major first: the mock draws its Specialization from it.',
    );
    expect(await db().select().from(quizAttempts).where(eq(quizAttempts.userId, userId))).toEqual(
      [],
    );
  });

  it('a shared subject is studied and practised under both tracks; a foreign one is not', async () => {
    const { cookie } = await signedInUser(t);
    await applyRevAccess(t, cookie, { reviewer: 'let-sec', major: 'off.eng' });
    const lite = await call(cookie, 'POST', '/api/quiz/let-sec/lite', { subjectId: 'off.gen' });
    expect(lite.statusCode).toBe(201);
    const study = (await call(cookie, 'GET', '/api/study/let-sec')).json();
    expect(study.subjects.map((s: { id: string }) => s.id)).toEqual([
      'off.gen',
      'off.eng',
      'off.math',
    ]);
    // LET Elementary does not see LET Secondary's majors.
    const elem = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const foreign = await call(elem.cookie, 'POST', '/api/quiz/let-elem/lite', {
      subjectId: 'off.eng',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('two consecutive mocks share at most half their items, unseen first, then the least recently shown, topic mix kept', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const sit = async () => {
      const start = attemptStateSchema.parse(
        (await call(cookie, 'POST', '/api/quiz/let-elem/mock')).json(),
      );
      const ids = start.items.map((i) => i.questionId);
      const submit = await call(
        cookie,
        'POST',
        `/api/quiz/let-elem/attempts/${start.attemptId}/submit`,
      );
      expect(submit.statusCode).toBe(200);
      return ids;
    };
    const first = await sit();
    const second = await sit();
    for (const ids of [first, second]) {
      expect(new Set(ids).size).toBe(12);
      // Topic one holds two thirds of the pool, so two thirds of the part.
      expect(ids.filter((id) => id.startsWith('off.gen.g1.'))).toHaveLength(8);
      expect(ids.filter((id) => id.startsWith('off.gen.g2.'))).toHaveLength(4);
    }
    const shared = second.filter((id) => first.includes(id));
    expect(shared.length).toBeLessThanOrEqual(6);
    // Every item the first mock left out is in the second.
    const pool = [...range(12).map((n) => `off.gen.g1.q${String(n).padStart(2, '0')}`)].concat(
      range(6).map((n) => `off.gen.g2.q${String(n).padStart(2, '0')}`),
    );
    const unseen = pool.filter((id) => !first.includes(id));
    expect(unseen.every((id) => second.includes(id))).toBe(true);
    // Every item seen now: the third takes the least recently shown first, the second's last.
    const third = await sit();
    expect(third.filter((id) => second.includes(id)).length).toBeLessThanOrEqual(6);
    expect(first.filter((id) => !second.includes(id)).every((id) => third.includes(id))).toBe(true);
  });

  it('a file without sharedSubjects keeps the shared subjects, and its blueprint may draw from them (ADR 018)', async () => {
    // Just LET Secondary's blueprint, which draws General Education from LET Elementary's subject.
    const blueprintOnly = contentBundleSchema.parse({
      reviewer: { shorthand: 'let-sec' },
      blueprints: secondary.blueprints,
    });
    await expect(importContent(db(), blueprintOnly)).resolves.toBeDefined();
    const { cookie } = await signedInUser(t);
    expect((await offers(cookie)).find((r) => r.shorthand === 'let-sec')?.offered).toBe(true);
  });

  it('the importer refuses to share a subject of its own or one that does not exist', async () => {
    const own = contentBundleSchema.parse({
      reviewer: { shorthand: 'let-sec' },
      sharedSubjects: [{ subjectId: 'off.eng' }],
    });
    const error = await importContent(db(), own).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentImportError);
    expect((error as ContentImportError).issues.map((i) => i.message)).toEqual([
      "Subject off.eng is let-sec's own; share only another reviewer's subjects.",
    ]);
    const unknown = contentBundleSchema.parse({
      reviewer: { shorthand: 'let-sec' },
      sharedSubjects: [{ subjectId: 'off.nope' }],
    });
    const missing = (await importContent(db(), unknown).catch(
      (e: unknown) => e,
    )) as ContentImportError;
    expect(missing.issues.map((i) => i.message)).toEqual([
      'Unknown subject off.nope: import the reviewer that owns it first.',
    ]);
    const badTopic = contentBundleSchema.parse({
      reviewer: { shorthand: 'let-elem' },
      blueprints: [
        {
          id: 'off.elem.mock',
          name: 'Elementary mock',
          spec: {
            ...elementary.blueprints[0]?.spec,
            parts: [{ ...elementary.blueprints[0]?.spec.parts[0], topicIds: ['off.eng.t'] }],
          },
        },
      ],
    });
    const wrongTopic = (await importContent(db(), badTopic).catch(
      (e: unknown) => e,
    )) as ContentImportError;
    expect(wrongTopic.issues.map((i) => i.message)).toEqual([
      "Topic off.eng.t is not a topic of this part's subjects.",
    ]);
  });
});
