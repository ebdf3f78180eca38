import { REPORT_MESSAGES, REPORTS_PER_DAY } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { itemReports, questions } from '../../src/platform/db/schema.ts';
import { createOnboardedStudent, type TestUser } from '../helpers/factories.ts';
import { appWithLockHolder } from '../helpers/lock-holder.ts';
import { callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { REVIEWER, SUBJECT_A, SUBJECT_B, seedBank } from './fixtures.ts';

const base = `/api/quiz/${REVIEWER}`;

/**
 * Issue 21 finding 2: one student could empty every mock by reporting all its items. A report now
 * needs the item to have been served to the student, and a student sends at most REPORTS_PER_DAY a
 * Manila day; the items they report leave their own draws at once (lite, mock, drill).
 */
describe.each(ENGINES)('reports that cannot be weaponised on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-26T04:00:00.000Z'));
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    await seedBank(t.app.database.db);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const report = (s: TestUser, questionId: string) =>
    callApi(t, s.cookie, 'POST', `${base}/questions/${questionId}/report`, {
      reason: 'The key looks wrong.',
    });
  /** A submitted mock: every subject-A item and five of subject B were served. */
  const takeMock = async (s: TestUser) => {
    const mock = (await callApi(t, s.cookie, 'POST', `${base}/mock`)).json();
    await callApi(t, s.cookie, 'POST', `${base}/attempts/${mock.attemptId}/submit`);
    return mock.items.map((i: { questionId: string }) => i.questionId) as string[];
  };

  it('refuses an item the student was never served, and files nothing', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const res = await report(student, 'tst-a-1');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(REPORT_MESSAGES.notServed);
    expect(
      await db().select().from(itemReports).where(eq(itemReports.userId, student.userId)),
    ).toEqual([]);
    // Served in a lite quiz, the same item may be reported.
    const lite = (
      await callApi(t, student.cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A })
    ).json();
    const served = lite.items[0].questionId as string;
    expect((await report(student, served)).statusCode).toBe(201);
  });

  it(`caps a student at ${REPORTS_PER_DAY} reports a Manila day; the next day they may send more`, async () => {
    // Ten minutes before Manila midnight.
    clock.set(new Date('2026-11-26T15:50:00.000Z'));
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const served = await takeMock(student);
    expect(served.length).toBeGreaterThan(REPORTS_PER_DAY + 1);
    for (const id of served.slice(0, REPORTS_PER_DAY)) {
      expect((await report(student, id)).statusCode).toBe(201);
    }
    // Sending an open report again is no new report: never refused for the cap.
    expect((await report(student, served[0] ?? '')).statusCode).toBe(201);
    const over = await report(student, served[REPORTS_PER_DAY] ?? '');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(REPORT_MESSAGES.dailyCap);
    // Manila midnight: a new day.
    clock.set(new Date('2026-11-26T16:00:00.000Z'));
    // (Midnight in Manila is 16:00 UTC.)
    expect((await report(student, served[REPORTS_PER_DAY] ?? '')).statusCode).toBe(201);
    clock.set(new Date('2026-11-26T04:00:00.000Z'));
    await db()
      .update(itemReports)
      .set({ status: 'cleared' })
      .where(eq(itemReports.userId, student.userId));
  });

  it('the reported items leave the reporter’s lite quizzes and drills at once, no one else’s', async () => {
    const reporter = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const other = await createOnboardedStudent(t, { reviewer: REVIEWER });
    await takeMock(reporter);
    // Subject B has 8 items, 5 of them in the mock: report those 5.
    const inB = (await db().select({ id: questions.id }).from(questions))
      .map((q) => q.id)
      .filter((id) => id.startsWith('tst-b-'));
    const reported: string[] = [];
    for (const id of inB) {
      if ((await report(reporter, id)).statusCode === 201) reported.push(id);
    }
    expect(reported).toHaveLength(5);
    for (let i = 0; i < 3; i += 1) {
      const lite = (
        await callApi(t, reporter.cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_B })
      ).json();
      const ids = lite.items.map((x: { questionId: string }) => x.questionId);
      expect(ids).toHaveLength(3);
      for (const id of reported) expect(ids).not.toContain(id);
    }
    const theirs = (
      await callApi(t, other.cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_B })
    ).json();
    expect(theirs.items).toHaveLength(8);
    // Nothing is held for everyone by one student.
    const held = await db().select({ heldAt: questions.heldAt }).from(questions);
    expect(held.every((q) => q.heldAt === null)).toBe(true);
    await db()
      .update(itemReports)
      .set({ status: 'cleared' })
      .where(eq(itemReports.userId, reporter.userId));
  });
});

// Reports sent at once each read the day's count before any was written: all passed the cap. The
// interleaving is forced: another connection holds the reports table against inserts while five
// reports arrive together.
describe.runIf(ENGINES.includes('postgres'))('reports sent at once, on postgres', () => {
  const { app, holder } = appWithLockHolder(async (t) => {
    await seedBank(t.app.database.db);
  });

  it(`still stop at ${REPORTS_PER_DAY} a day`, async () => {
    const t = app();
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const lite = (
      await callApi(t, student.cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A })
    ).json();
    const served = lite.items.map((i: { questionId: string }) => i.questionId) as string[];
    // Two short of the cap already today, on items of another subject.
    const earlier = await t.app.database.db
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.topicId, 'tst-top-b'))
      .limit(REPORTS_PER_DAY - 2);
    await t.app.database.db
      .insert(itemReports)
      .values(
        earlier.map((q) => ({ questionId: q.id, userId: student.userId, reason: 'Earlier.' })),
      );
    await holder.hold('lock table item_reports in share mode');
    const sent = served.slice(0, 5).map((id) =>
      callApi(t, student.cookie, 'POST', `${base}/questions/${id}/report`, {
        reason: 'The key looks wrong.',
      }),
    );
    // One report waits for the table, the other four for it (or all five for the table).
    await expect.poll(() => holder.waiting()).toBeGreaterThanOrEqual(5);
    await holder.release();
    const codes = (await Promise.all(sent)).map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 429, 429, 429]);
    const stored = await t.app.database.db
      .select()
      .from(itemReports)
      .where(eq(itemReports.userId, student.userId));
    expect(stored).toHaveLength(REPORTS_PER_DAY);
  });
});
