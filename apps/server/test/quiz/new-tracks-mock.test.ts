import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AttemptState, attemptStateSchema } from '@pasado/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBundledContent } from '../../src/modules/content/seed-bundled-content.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { questions, topics } from '../../src/platform/db/schema.ts';
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
 * Issue 24 item 5 on the real banks: migration 0016's CSE Subprofessional and the NLE seed from
 * content/bank at start, are offered at onboarding, and their full mocks start under their official
 * rules — the NLE in five sittings of 100 items and 120 minutes, passed at a 75 average with no
 * part below 60; CSE Subprofessional's 165 items in 160 minutes on one clock, its verbal, numerical
 * and general information drawn from CSE Professional's items where they fit both.
 */
describe.each(ENGINES)('the new tracks on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock();
  let seeded: Awaited<ReturnType<typeof seedBundledContent>>;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    // CSE Subprofessional shares CSE Professional's subjects, so both banks, as the server has them.
    const dir = mkdtempSync(path.join(tmpdir(), 'pasado-new-tracks-'));
    for (const file of ['cse-pro.json', 'cse-subpro.json', 'nle.json'])
      copyFileSync(path.join(BUNDLED_BANKS_DIR, file), path.join(dir, file));
    seeded = await seedBundledContent(t.app.database.db, { dir });
  }, 120_000);
  afterAll(() => t.close());

  const base = (reviewer: string) => `/api/quiz/${reviewer}`;
  const call = async (cookie: string, method: ApiMethod, url: string, payload?: object) => {
    const res = await callApi(t, cookie, method, url, payload);
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const state = (res: { status: number; body: unknown }): AttemptState => {
    expect(res.status).toBe(200);
    return attemptStateSchema.parse(res.body);
  };
  const subjectOf = async (ids: string[]) =>
    new Map(
      (
        await t.app.database.db
          .select({ id: questions.id, subjectId: topics.subjectId, key: questions.answerIndex })
          .from(questions)
          .innerJoin(topics, eq(topics.id, questions.topicId))
          .where(inArray(questions.id, ids))
      ).map((q) => [q.id, q]),
    );

  it('seeds both banks and offers both tracks, in the order of migration 0016', async () => {
    expect(seeded.map((r) => [r.file, r.status])).toEqual([
      ['content/bank/cse-pro.json', 'imported'],
      ['content/bank/cse-subpro.json', 'imported'],
      ['content/bank/nle.json', 'imported'],
    ]);
    const { cookie } = await signedInUser(t);
    const list = (await call(cookie, 'GET', '/api/reviewers')).body as {
      reviewers: { shorthand: string; name: string; offered: boolean }[];
    };
    expect(list.reviewers.map((r) => [r.shorthand, r.name, r.offered])).toEqual([
      ['cse-pro', 'Civil Service Exam — Professional', true],
      ['cse-subpro', 'Civil Service Exam — Subprofessional', true],
      ['let-elem', 'LET — Elementary', false],
      ['let-sec', 'LET — Secondary', false],
      ['nle', 'Nurse Licensure Exam', true],
      ['crim', 'Criminology Licensure Exam', false],
    ]);
  });

  it('an NLE mock: five sittings of 100 items and 120 minutes; 75 on average yet one part under 60 fails', async () => {
    const { cookie } = await signedInUser(t);
    expect((await applyRevAccess(t, cookie, { reviewer: 'nle' })).statusCode).toBe(200);
    const start = await call(cookie, 'POST', `${base('nle')}/mock`);
    expect(start.status).toBe(201);
    let s = attemptStateSchema.parse(start.body);
    expect(s.parts?.map((p) => [p.partId, p.items, p.minutes])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [`nle.mock.np${n}`, 100, 120]),
    );
    expect(s.sittings).toHaveLength(5);

    /** Answers the running sitting's first `right` items with the key; the rest stay blank. */
    const answer = async (n: number, right: number) => {
      const ids = s.items.map((i) => i.questionId);
      expect(ids).toHaveLength(100);
      const rows = await subjectOf(ids);
      expect([...rows.values()].every((q) => q.subjectId === `nle.np${n}`)).toBe(true);
      for (const id of ids.slice(0, right)) {
        const res = await call(
          cookie,
          'PUT',
          `${base('nle')}/attempts/${s.attemptId}/answers/${id}`,
          {
            choiceIndex: rows.get(id)?.key,
          },
        );
        expect(res.status).toBe(200);
      }
    };
    const finish = async (n: number) => {
      clock.advance(MINUTE);
      return state(
        await call(cookie, 'POST', `${base('nle')}/attempts/${s.attemptId}/sittings/${n}/finish`),
      );
    };
    // 80, 80, 80, 80 and 59: a 75.8 average, with Nursing Practice V under its floor of 60.
    const scores = [80, 80, 80, 80, 59];
    for (const [i, right] of scores.entries()) {
      await answer(i + 1, right);
      const done = await finish(i + 1);
      if (i === scores.length - 1) {
        s = done;
        break;
      }
      clock.advance(10 * MINUTE); // the break between sittings is the student's
      s = state(
        await call(
          cookie,
          'POST',
          `${base('nle')}/attempts/${s.attemptId}/sittings/${i + 2}/start`,
        ),
      );
    }
    const result = s.result as {
      correct: number;
      total: number;
      weightedRating: number;
      passed: boolean;
      parts: { partId: string; belowFloor: boolean }[];
    };
    expect(result).toMatchObject({ correct: 379, total: 500, passed: false });
    expect(result.weightedRating).toBeCloseTo(75.8, 5);
    expect(result.parts.map((p) => p.belowFloor)).toEqual([false, false, false, false, true]);
  }, 120_000);

  it('a CSE Subprofessional mock: 165 items in 160 minutes, on one clock', async () => {
    const { cookie } = await signedInUser(t);
    expect((await applyRevAccess(t, cookie, { reviewer: 'cse-subpro' })).statusCode).toBe(200);
    const start = await call(cookie, 'POST', `${base('cse-subpro')}/mock`);
    expect(start.status).toBe(201);
    const s = attemptStateSchema.parse(start.body);
    expect(s.parts?.map((p) => [p.partId, p.items, p.minutes])).toEqual([
      ['cse-subpro.mock.verbal', 50, 48],
      ['cse-subpro.mock.clerical', 40, 39],
      ['cse-subpro.mock.numerical', 40, 39],
      ['cse-subpro.mock.general', 35, 34],
    ]);
    expect(s.sittings).toBeNull();
    expect(s.items).toHaveLength(165);
    expect(Date.parse(s.deadlineAt ?? '') - Date.parse(s.serverNow)).toBe(160 * MINUTE);
    const rows = await subjectOf(s.items.map((i) => i.questionId));
    const subjects = (partId: string) =>
      new Set(
        s.items.filter((i) => i.partId === partId).map((i) => rows.get(i.questionId)?.subjectId),
      );
    // One item, not a copy: CSE Professional's own items are drawn where they fit both levels.
    expect(subjects('cse-subpro.mock.verbal')).toEqual(
      new Set(['cse-subpro.verbal', 'cse-pro.verbal']),
    );
    expect(subjects('cse-subpro.mock.clerical')).toEqual(new Set(['cse-subpro.clerical']));
    expect(subjects('cse-subpro.mock.general')).toEqual(new Set(['cse-pro.general']));

    clock.advance(MINUTE);
    const done = state(
      await call(cookie, 'POST', `${base('cse-subpro')}/attempts/${s.attemptId}/submit`),
    );
    expect(done.result).toMatchObject({ correct: 0, total: 165, passed: false });
  });
});
