import {
  emptyStudentModel,
  manilaDayKey,
  quizHomeSchema,
  recordAnswer,
  seedDifficulty,
  trackReadinessResponseSchema,
} from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTrackPassChances } from '../../src/modules/progress/pass-chance.read-model.ts';
import { refreshPassChances } from '../../src/modules/progress/pass-chances.ts';
import { examSittings, questions, readinessModels } from '../../src/platform/db/schema.ts';
import { applyRevAccess, createOnboardedStudent, createStaff } from '../helpers/factories.ts';
import { ensureOffered } from '../helpers/offer-track.ts';
import { callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { REVIEWER, seedBank } from '../quiz/fixtures.ts';

/** The quiz fixture's track (two parts of 4-option items), its bank grown so it is offered. */
const TRACK = REVIEWER;
/** Offered through the sample blueprint (one part, `${track}.offer.part`). */
const SMALL_TRACK = 'cse-pro';
const URL = '/api/admin/readiness/tracks';

/** The parts and topics a model of `track` answers in. */
const PLACES: Record<string, { partId: string; topicId: string }[]> = {
  [TRACK]: [
    { partId: 'part-a', topicId: 'tst-top-a' },
    { partId: 'part-b', topicId: 'tst-top-b' },
  ],
  [SMALL_TRACK]: [{ partId: `${SMALL_TRACK}.offer.part`, topicId: `offer.${SMALL_TRACK}.topic` }],
};

/** A model of 60 answers in each of the track's parts, every one right (`strong`) or wrong. */
function modelOf(track: string, strong: boolean, now: Date) {
  let model = emptyStudentModel();
  for (const place of PLACES[track] ?? []) {
    for (let i = 0; i < 60; i += 1) {
      model = recordAnswer(
        model,
        { ...place, correct: strong, at: new Date(now.getTime() - (60 - i) * 60_000) },
        { difficulty: seedDifficulty(2), guess: 0.25 },
      ).model;
    }
  }
  return model;
}

// Issue 23 item 8: staff see aggregates only — per offered track, how many students are likely to
// pass at their next sitting — from chances the background job stores (ADR 034).
describe.each(ENGINES)('readiness for staff on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedBank(t.app.database.db);
    // Subject A's 12 items fill part A once; onboarding offers a track whose bank fills its mock
    // 1.5 times over.
    await t.app.database.db.insert(questions).values(
      Array.from({ length: 8 }, (_, i) => ({
        id: `tst-a-${12 + i}`,
        topicId: 'tst-top-a',
        stem: `Question a ${12 + i}?`,
        choices: ['Alpha', 'Beta', 'Gamma', 'Delta'],
        answerIndex: (12 + i) % 4,
        rationale: 'Because.',
      })),
    );
    await ensureOffered(t.app.database.db, SMALL_TRACK);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const now = () => new Date();

  async function studentWith(track: string, strong: boolean) {
    const student = await createOnboardedStudent(t, { reviewer: track });
    await db()
      .insert(readinessModels)
      .values({ userId: student.userId, reviewer: track, model: modelOf(track, strong, now()) });
    return student;
  }
  const tracks = async (cookie: string) => {
    const res = await callApi(t, cookie, 'GET', URL);
    expect(res.statusCode).toBe(200);
    return trackReadinessResponseSchema.parse(res.json());
  };

  it('may not be read by a student or signed out', async () => {
    const student = await createOnboardedStudent(t, { reviewer: TRACK });
    expect((await callApi(t, student.cookie, 'GET', URL)).statusCode).toBe(403);
    expect((await callApi(t, null, 'GET', URL)).statusCode).toBe(401);
  });

  it('counts students likely to pass at their next sitting per track, hiding a track under 5', async () => {
    const staff = await createStaff(t);
    // Before a sitting exists there is nothing to be likely to pass: every figure hidden.
    const strong = [];
    for (let i = 0; i < 4; i += 1) strong.push(await studentWith(TRACK, true));
    const weak = [await studentWith(TRACK, false), await studentWith(TRACK, false)];
    const few = [await studentWith(SMALL_TRACK, true), await studentWith(SMALL_TRACK, true)];
    // Staff practising are not a track's students.
    await db()
      .insert(readinessModels)
      .values({ userId: staff.userId, reviewer: TRACK, model: modelOf(TRACK, true, now()) });
    const examDay = manilaDayKey(new Date(Date.now() + 30 * 86_400_000));
    for (const track of [TRACK, SMALL_TRACK]) {
      await db()
        .insert(examSittings)
        .values({
          reviewerShorthand: track,
          startsOn: examDay,
          days: [{ date: examDay, partIds: [`${track}.offer.part`] }],
        });
    }
    const run = await refreshPassChances(db(), now());
    expect(run.students).toBe(strong.length + weak.length + few.length);
    // Nothing stale: the next run computes nothing.
    expect((await refreshPassChances(db(), now())).students).toBe(0);

    const body = await tracks(staff.cookie);
    expect(body).toMatchObject({ likelyChance: 0.5, minStudents: 5 });
    expect(body.computedAt).not.toBeNull();
    expect(body.tracks.find((r) => r.shorthand === TRACK)).toMatchObject({
      hidden: false,
      students: 6,
      likely: 4,
      likelyShare: 66.7,
    });
    const big = body.tracks.find((r) => r.shorthand === TRACK);
    // A seeded sitting of the track may come before the one added here.
    expect((big?.nextSitting ?? '9999') <= examDay).toBe(true);
    expect(big?.expectedShare ?? 0).toBeGreaterThan(40);
    expect(big?.expectedShare ?? 100).toBeLessThan(80);
    // Two students with a chance: their figures would point at them.
    expect(body.tracks.find((r) => r.shorthand === SMALL_TRACK)).toEqual({
      shorthand: SMALL_TRACK,
      name: expect.any(String),
      nextSitting: expect.any(String),
      hidden: true,
      students: null,
      likely: null,
      likelyShare: null,
      expectedShare: null,
    });
    // Aggregates only: no student's id, name or chance anywhere in the answer.
    const raw = JSON.stringify(body);
    for (const s of [...strong, ...weak, ...few]) expect(raw).not.toContain(s.userId);

    // A student's model changes (a finish): their chance is computed again on the next run.
    const [first] = weak;
    await db()
      .update(readinessModels)
      .set({ model: modelOf(TRACK, true, now()), updatedAt: new Date(Date.now() + 1000) })
      .where(
        and(eq(readinessModels.userId, first?.userId ?? ''), eq(readinessModels.reviewer, TRACK)),
      );
    expect((await refreshPassChances(db(), new Date(Date.now() + 2000))).students).toBe(1);
    expect((await tracks(staff.cookie)).tracks.find((r) => r.shorthand === TRACK)?.likely).toBe(5);
  });

  it("shares a run's cap among the tracks, a batch each in turn, and reads each track once", async () => {
    await studentWith(SMALL_TRACK, true);
    await db().update(readinessModels).set({ passChanceAt: null });
    const computed = async () => {
      const rows = await db()
        .select({ reviewer: readinessModels.reviewer, at: readinessModels.passChanceAt })
        .from(readinessModels);
      const done = (track: string) => rows.filter((r) => r.reviewer === track && r.at).length;
      return { [TRACK]: done(TRACK), [SMALL_TRACK]: done(SMALL_TRACK) };
    };
    // A cap of two, one model a batch: one for each track, whichever comes first in the offers
    // (taken in order, the first would have spent the whole cap).
    expect(await refreshPassChances(db(), now(), { batch: 1, perRun: 2 })).toEqual({ students: 2 });
    expect(await computed()).toEqual({ [TRACK]: 1, [SMALL_TRACK]: 1 });
    // One model a batch, each batch after the last: every stale chance is reached, none twice.
    const students = await db().$count(readinessModels);
    const staff = 1;
    expect(await refreshPassChances(db(), now(), { batch: 1, perRun: 100 })).toEqual({
      students: students - staff - 2,
    });
    expect((await refreshPassChances(db(), now())).students).toBe(0);
  });

  it('counts only students holding the track: a switch to another track takes them out', async () => {
    const staff = await createStaff(t);
    // A sitting of the small track ahead (another test may have added an earlier one).
    const examDay = manilaDayKey(new Date(Date.now() + 31 * 86_400_000));
    await db()
      .insert(examSittings)
      .values({
        reviewerShorthand: SMALL_TRACK,
        startsOn: examDay,
        days: [{ date: examDay, partIds: [`${SMALL_TRACK}.offer.part`] }],
      });
    const counted = async () => {
      const today = manilaDayKey(now());
      const { rows } = await countTrackPassChances(db(), { today, likelyChance: 0.5 });
      return rows.find((r) => r.reviewer === SMALL_TRACK)?.students ?? 0;
    };
    const switching = [];
    for (let i = 0; i < 5; i += 1) switching.push(await studentWith(SMALL_TRACK, true));
    await refreshPassChances(db(), now());
    const before = await counted();
    expect(before).toBeGreaterThanOrEqual(5);
    expect(
      (await tracks(staff.cookie)).tracks.find((r) => r.shorthand === SMALL_TRACK)?.hidden,
    ).toBe(false);

    // All five switch to the other track: their models stay, their grant goes.
    for (const s of switching) {
      expect((await applyRevAccess(t, s.cookie, { reviewer: TRACK })).statusCode).toBe(200);
    }
    await refreshPassChances(db(), now());
    expect(await counted()).toBe(before - 5);
    if (before - 5 < 5) {
      const small = (await tracks(staff.cookie)).tracks.find((r) => r.shorthand === SMALL_TRACK);
      expect(small?.hidden).toBe(true);
    }
  });

  it("a student's quiz home carries their own readiness and nothing of the track's", async () => {
    const student = await studentWith(TRACK, false);
    const res = await callApi(t, student.cookie, 'GET', `/api/quiz/${TRACK}/quiz-home`);
    expect(res.statusCode).toBe(200);
    const home = quizHomeSchema.parse(res.json());
    // Their own weak answers, not the strong majority's: a low chance.
    expect(home.readiness?.passChance?.today ?? 1).toBeLessThan(0.5);
    const raw = res.body;
    for (const word of ['likelyShare', 'expectedShare', 'likely"']) expect(raw).not.toContain(word);
  });

  it('on the second day of a two-day sitting its students still count against it, not the next one', async () => {
    const staff = await createStaff(t);
    const counted = async () => {
      const { rows } = await countTrackPassChances(db(), {
        today: manilaDayKey(now()),
        likelyChance: 0.5,
      });
      return rows.find((r) => r.reviewer === TRACK)?.students ?? 0;
    };
    await refreshPassChances(db(), now());
    const before = await counted();

    // Began yesterday, ends today: the NLE's two days. (A later sitting of the track exists.)
    const yesterday = manilaDayKey(new Date(Date.now() - 86_400_000));
    const today = manilaDayKey(now());
    const [sitting] = await db()
      .insert(examSittings)
      .values({
        reviewerShorthand: TRACK,
        startsOn: yesterday,
        days: [
          { date: yesterday, partIds: ['part-a'] },
          { date: today, partIds: ['part-b'] },
        ],
      })
      .returning();
    const student = await studentWith(TRACK, true);
    const picked = await callApi(t, student.cookie, 'PUT', `/api/reviewers/${TRACK}/sitting`, {
      sittingId: sitting?.id,
    });
    expect(picked.statusCode).toBe(200);

    await refreshPassChances(db(), now());
    const [row] = await db()
      .select()
      .from(readinessModels)
      .where(and(eq(readinessModels.userId, student.userId), eq(readinessModels.reviewer, TRACK)));
    expect(row?.passChanceExamDay).toBe(yesterday);
    expect(row?.passChance).toEqual(expect.any(Number));
    expect(await counted()).toBe(before + 1);
    expect(
      (await tracks(staff.cookie)).tracks.find((r) => r.shorthand === TRACK)?.nextSitting,
    ).toBe(yesterday);
  });
});
