import {
  type AdminSittings,
  checkExamSitting,
  contentBundleSchema,
  EXAM_SITTING_MESSAGES,
  type QuizHome,
  type ReviewerOffer,
  type SittingChoice,
} from '@pasado/core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBlueprint } from '../../src/modules/content/bank.repository.ts';
import { importContent } from '../../src/modules/content/import-content.ts';
import { seedBundledContentForTests } from '../../src/modules/content/seed-bundled-content.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { auditLog, examSittings, reviewerAccess } from '../../src/platform/db/schema.ts';
import { applyRevAccess, createOnboardedStudent, createStaff } from '../helpers/factories.ts';
import { callApi, signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

/** LET Elementary with the bundled blueprint's part ids (the ids migration 0019 seeds with). */
function letElementary() {
  const subject = (id: string) => ({ id, name: id, sortOrder: 0 });
  const topic = (s: string) => ({ id: `${s}.t`, subjectId: s, name: `${s} topic`, sortOrder: 0 });
  const question = (s: string, n: number) => ({
    id: `${s}.t.q${n}`,
    topicId: `${s}.t`,
    stem: `Question ${n} of ${s}?`,
    choices: ['Yes', 'No'],
    answerIndex: 0,
    rationale: 'Yes is the key.',
    distractorNotes: [null, 'The key is Yes.'],
    difficulty: 2,
  });
  const part = (id: string, name: string, s: string, weight: number) => ({
    id,
    name,
    subjectIds: [s],
    items: 1,
    minutes: 2,
    weight,
    floor: 50,
  });
  return contentBundleSchema.parse({
    reviewer: { shorthand: 'let-elem' },
    subjects: [subject('sit.gen'), subject('sit.prof')],
    topics: [topic('sit.gen'), topic('sit.prof')],
    questions: [1, 2].flatMap((n) => [question('sit.gen', n), question('sit.prof', n)]),
    flashCards: [],
    notes: [],
    blueprints: [
      {
        id: 'let-elem.mock',
        name: 'LET Elementary mock',
        spec: {
          parts: [
            part('let-elem.mock.gened', 'General Education', 'sit.gen', 0.4),
            part('let-elem.mock.profed', 'Professional Education', 'sit.prof', 0.6),
          ],
          passingAverage: 75,
          sittings: 2,
        },
      },
    ],
  });
}

const GEN = 'let-elem.mock.gened';
const PROF = 'let-elem.mock.profed';
/** 26 November 2026, noon in Manila: the seeded 2027 sittings are all ahead. */
const NOW = new Date('2026-11-26T04:00:00Z');

/**
 * Issue 23 item 1: official sittings as data. Staff add, change and remove them (audited, checked
 * by core's checkExamSitting); students read their track's upcoming ones, pick theirs at
 * onboarding or later, and only their own.
 */
describe.each(ENGINES)('exam sittings on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    await importContent(t.app.database.db, letElementary());
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const call = (
    cookie: string | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
  ) => callApi(t, cookie, method, url, body);
  const remove = (cookie: string | null, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/admin/content/sittings/${id}`,
      headers: { origin: t.origin, ...(cookie ? { cookie } : {}) },
    });
  const letSittings = async () =>
    (await db().select().from(examSittings).where(eq(examSittings.reviewerShorthand, 'let-elem')))
      .map((r) => r.startsOn)
      .sort();
  const lastAudit = async () =>
    (await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  it('seeds the 2027 sittings of every offered track (migration 0019)', async () => {
    const rows = await db().select().from(examSittings);
    const byTrack = new Map<string, string[]>();
    for (const r of rows)
      byTrack.set(r.reviewerShorthand, [...(byTrack.get(r.reviewerShorthand) ?? []), r.startsOn]);
    expect(Object.fromEntries([...byTrack].map(([k, v]) => [k, v.sort()]))).toEqual({
      'cse-pro': ['2027-03-07', '2027-08-08'],
      'cse-subpro': ['2027-03-07', '2027-08-08'],
      'let-elem': ['2027-03-21', '2027-09-26'],
      'let-sec': ['2027-03-21', '2027-09-26'],
      nle: ['2027-05-08', '2027-11-13'],
    });
  });

  it('onboarding lists an offered track’s upcoming sittings with its part names', async () => {
    const { cookie } = await signedInUser(t);
    const offers = (await call(cookie, 'GET', '/api/reviewers')).json()
      .reviewers as ReviewerOffer[];
    const elem = offers.find((r) => r.shorthand === 'let-elem');
    expect(elem?.sittings.map((s) => [s.startsOn, s.days])).toEqual([
      [
        '2027-03-21',
        [
          {
            date: '2027-03-21',
            parts: [
              { id: GEN, name: 'General Education' },
              { id: PROF, name: 'Professional Education' },
            ],
          },
        ],
      ],
      ['2027-09-26', [{ date: '2027-09-26', parts: expect.any(Array) }]],
    ]);
    // A track not offered lists none: no one can pick it.
    expect(offers.find((r) => r.shorthand === 'crim')?.sittings).toEqual([]);
  });

  it('a student picks a sitting at onboarding; another track’s sitting is refused and nothing changes', async () => {
    const { cookie: c0 } = await signedInUser(t);
    const offers = (await call(c0, 'GET', '/api/reviewers')).json().reviewers as ReviewerOffer[];
    const march = offers.find((r) => r.shorthand === 'let-elem')?.sittings[0]?.id as string;
    const [nleSitting] = await db()
      .select()
      .from(examSittings)
      .where(eq(examSittings.reviewerShorthand, 'nle'));

    const refused = await signedInUser(t);
    const wrong = await applyRevAccess(t, refused.cookie, {
      reviewer: 'let-elem',
      sitting: nleSitting?.id,
    } as never);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(EXAM_SITTING_MESSAGES.unknownSitting);
    expect(
      await db().select().from(reviewerAccess).where(eq(reviewerAccess.userId, refused.userId)),
    ).toEqual([]);

    const student = await signedInUser(t);
    const ok = await applyRevAccess(t, student.cookie, {
      reviewer: 'let-elem',
      sitting: march,
    } as never);
    expect(ok.statusCode).toBe(200);
    const choice = (
      await call(student.cookie, 'GET', '/api/reviewers/let-elem/sitting')
    ).json() as SittingChoice;
    expect(choice.current?.startsOn).toBe('2027-03-21');
    expect(choice.options.map((s) => s.startsOn)).toEqual(['2027-03-21', '2027-09-26']);
    const home = (
      await call(student.cookie, 'GET', '/api/quiz/let-elem/quiz-home')
    ).json() as QuizHome;
    expect(home.sitting.current?.id).toBe(march);

    // Skipped at onboarding: no sitting.
    const skipper = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    expect(
      (await call(skipper.cookie, 'GET', '/api/reviewers/let-elem/sitting')).json().current,
    ).toBeNull();
  });

  it('a student changes or clears only their own sitting, under a track they hold', async () => {
    const a = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const b = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const { options } = (
      await call(a.cookie, 'GET', '/api/reviewers/let-elem/sitting')
    ).json() as SittingChoice;
    const [march, september] = options.map((s) => s.id);

    expect(
      (await call(null, 'PUT', '/api/reviewers/let-elem/sitting', { sittingId: march })).statusCode,
    ).toBe(401);
    const set = await call(a.cookie, 'PUT', '/api/reviewers/let-elem/sitting', {
      sittingId: september,
    });
    expect(set.statusCode).toBe(200);
    expect((set.json() as SittingChoice).current?.id).toBe(september);
    // B's pick is untouched by A's.
    expect(
      (await call(b.cookie, 'GET', '/api/reviewers/let-elem/sitting')).json().current,
    ).toBeNull();
    // A track A does not hold: refused, as every reviewer route is.
    const foreign = await call(a.cookie, 'PUT', '/api/reviewers/nle/sitting', { sittingId: march });
    expect(foreign.statusCode).toBe(403);
    // Another track's sitting under A's track: refused, nothing changed.
    const [nleSitting] = await db()
      .select()
      .from(examSittings)
      .where(eq(examSittings.reviewerShorthand, 'nle'));
    const wrong = await call(a.cookie, 'PUT', '/api/reviewers/let-elem/sitting', {
      sittingId: nleSitting?.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(EXAM_SITTING_MESSAGES.unknownSitting);
    expect((await call(a.cookie, 'GET', '/api/reviewers/let-elem/sitting')).json().current.id).toBe(
      september,
    );
    // Bad input: a clear 400.
    expect(
      (await call(a.cookie, 'PUT', '/api/reviewers/let-elem/sitting', { sittingId: 'x' }))
        .statusCode,
    ).toBe(400);

    const cleared = await call(a.cookie, 'PUT', '/api/reviewers/let-elem/sitting', {
      sittingId: null,
    });
    expect(cleared.json().current).toBeNull();
  });

  it('a past sitting cannot be picked, and a student’s own past sitting is still shown', async () => {
    const student = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const [past] = await db()
      .insert(examSittings)
      .values({
        reviewerShorthand: 'let-elem',
        startsOn: '2026-09-27',
        days: [{ date: '2026-09-27', partIds: [GEN, PROF] }],
      })
      .returning();
    const res = await call(student.cookie, 'PUT', '/api/reviewers/let-elem/sitting', {
      sittingId: past?.id,
    });
    expect(res.json().error.message).toBe(EXAM_SITTING_MESSAGES.pastSitting);
    await db()
      .update(reviewerAccess)
      .set({ examSittingId: past?.id })
      .where(eq(reviewerAccess.userId, student.userId));
    const choice = (
      await call(student.cookie, 'GET', '/api/reviewers/let-elem/sitting')
    ).json() as SittingChoice;
    expect(choice.current?.startsOn).toBe('2026-09-27');
    expect(choice.options.map((s) => s.startsOn)).not.toContain('2026-09-27');
    await db()
      .delete(examSittings)
      .where(eq(examSittings.id, past?.id as string));
  });

  it('staff add, change and remove sittings, each audited; students and strangers may not', async () => {
    const staff = await createStaff(t);
    const student = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const input = { reviewer: 'let-elem', days: [{ date: '2027-06-13', partIds: [PROF, GEN] }] };

    for (const [cookie, status] of [
      [null, 401],
      [student.cookie, 403],
    ] as const) {
      expect((await call(cookie, 'GET', '/api/admin/content/sittings')).statusCode).toBe(status);
      expect((await call(cookie, 'POST', '/api/admin/content/sittings', input)).statusCode).toBe(
        status,
      );
    }
    expect(await letSittings()).toEqual(['2027-03-21', '2027-09-26']);

    const list = (
      await call(staff.cookie, 'GET', '/api/admin/content/sittings')
    ).json() as AdminSittings;
    expect(list.tracks.find((x) => x.shorthand === 'let-elem')?.parts).toEqual([
      { id: GEN, name: 'General Education' },
      { id: PROF, name: 'Professional Education' },
    ]);

    const added = await call(staff.cookie, 'POST', '/api/admin/content/sittings', input);
    expect(added.statusCode).toBe(200);
    const sitting = added.json().sitting;
    // Stored in blueprint order.
    expect(sitting.days[0].parts.map((p: { id: string }) => p.id)).toEqual([GEN, PROF]);
    expect(await letSittings()).toEqual(['2027-03-21', '2027-06-13', '2027-09-26']);
    expect(await lastAudit()).toMatchObject({
      action: 'content.sittings.add',
      actorUserId: staff.userId,
      targetId: sitting.id,
    });

    // A student picks it; the console counts them.
    await call(student.cookie, 'PUT', '/api/reviewers/let-elem/sitting', { sittingId: sitting.id });
    const counted = (
      await call(staff.cookie, 'GET', '/api/admin/content/sittings')
    ).json() as AdminSittings;
    expect(counted.sittings.find((s) => s.id === sitting.id)?.students).toBe(1);

    // Students may not change or remove it.
    expect(
      (await call(student.cookie, 'PUT', `/api/admin/content/sittings/${sitting.id}`, input))
        .statusCode,
    ).toBe(403);
    expect((await remove(student.cookie, sitting.id)).statusCode).toBe(403);

    const changed = await call(staff.cookie, 'PUT', `/api/admin/content/sittings/${sitting.id}`, {
      reviewer: 'let-elem',
      days: [
        { date: '2027-06-20', partIds: [GEN] },
        { date: '2027-06-21', partIds: [PROF] },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().sitting.startsOn).toBe('2027-06-20');
    expect(await lastAudit()).toMatchObject({
      action: 'content.sittings.change',
      targetId: sitting.id,
    });

    expect((await remove(staff.cookie, sitting.id)).statusCode).toBe(204);
    expect(await lastAudit()).toMatchObject({
      action: 'content.sittings.remove',
      targetId: sitting.id,
      details: expect.objectContaining({ students: 1 }),
    });
    expect(await letSittings()).toEqual(['2027-03-21', '2027-09-26']);
    // The student who had picked it is left without one.
    expect(
      (await call(student.cookie, 'GET', '/api/reviewers/let-elem/sitting')).json().current,
    ).toBeNull();
    expect((await remove(staff.cookie, sitting.id)).statusCode).toBe(404);
  });

  it.each<[string, unknown, string]>([
    [
      'a day not in the future',
      { reviewer: 'let-elem', days: [{ date: '2026-11-26', partIds: [GEN, PROF] }] },
      EXAM_SITTING_MESSAGES.notFuture,
    ],
    [
      'a part of another track',
      {
        reviewer: 'let-elem',
        days: [{ date: '2027-06-13', partIds: [GEN, PROF, 'nle.mock.np1'] }],
      },
      EXAM_SITTING_MESSAGES.unknownPart,
    ],
    [
      'a part missing',
      { reviewer: 'let-elem', days: [{ date: '2027-06-13', partIds: [GEN] }] },
      EXAM_SITTING_MESSAGES.missingPart,
    ],
    ['no day', { reviewer: 'let-elem', days: [] }, EXAM_SITTING_MESSAGES.noDays],
    [
      'a track without a blueprint',
      { reviewer: 'crim', days: [{ date: '2027-06-13', partIds: ['x'] }] },
      'This exam has no blueprint: add its content first.',
    ],
  ])('staff are refused %s, and nothing is written', async (_label, body, message) => {
    const staff = await createStaff(t);
    const before = await db().select().from(examSittings);
    const res = await call(staff.cookie, 'POST', '/api/admin/content/sittings', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await db().select().from(examSittings)).toHaveLength(before.length);
  });

  it('a change that breaks a rule is refused and leaves the sitting as it was', async () => {
    const staff = await createStaff(t);
    const [march] = await db()
      .select()
      .from(examSittings)
      .where(eq(examSittings.startsOn, '2027-03-21'));
    const id = march?.id as string;
    const res = await call(staff.cookie, 'PUT', `/api/admin/content/sittings/${id}`, {
      reviewer: 'let-elem',
      days: [{ date: '2025-03-21', partIds: [GEN, PROF] }],
    });
    expect(res.json().error.message).toBe(EXAM_SITTING_MESSAGES.notFuture);
    const other = await call(staff.cookie, 'PUT', `/api/admin/content/sittings/${id}`, {
      reviewer: 'nle',
      days: [{ date: '2027-06-13', partIds: ['nle.mock.np1'] }],
    });
    expect(other.statusCode).toBe(400);
    const [after] = await db().select().from(examSittings).where(eq(examSittings.id, id));
    expect(after?.days).toEqual(march?.days);
  });
});

/**
 * The seeded sittings (migration 0019) name the bundled blueprints' parts: each one passes core's
 * own check against its track's blueprint, as if staff had entered it the day before the seed.
 */
describe('the seeded sittings and the bundled blueprints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { clock: new ManualClock(NOW) });
    await seedBundledContentForTests(t.app.database.db);
  });
  afterAll(() => t.close());

  it('every seeded sitting holds each part of its track once, on future days', async () => {
    const db = t.app.database.db;
    const rows = await db.select().from(examSittings);
    expect(rows.length).toBe(10);
    for (const row of rows) {
      const blueprint = await findBlueprint(db, row.reviewerShorthand);
      const parts = blueprint?.spec.parts.map((p) => p.id) ?? [];
      expect(checkExamSitting(row.days, parts, '2026-11-26'), row.reviewerShorthand).toEqual({
        ok: true,
        days: row.days,
      });
    }
  });
});
