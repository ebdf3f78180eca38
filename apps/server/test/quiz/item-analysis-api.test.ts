import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { itemReports, questions } from '../../src/platform/db/schema.ts';
import { createStaff, createStudent, type TestUser } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  addExcludedAttempts,
  addSyntheticClass,
  FEW,
  seedSyntheticItems,
  UNSUBMITTED,
} from './item-analysis-fixture.ts';

/**
 * The item-analysis job and its staff API (issue 12 item 6) on a synthetic class of 30 submitted
 * attempts whose figures are known (item-analysis-fixture.ts).
 */
describe.each(ENGINES)('item analysis on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  let student: TestUser;
  const clock = new ManualClock();

  const send = (method: 'GET' | 'POST', url: string, cookie: string | null) =>
    t.app.inject({
      method,
      url: `/api/admin/content${url}`,
      headers: { origin: t.origin, ...(cookie ? { cookie } : {}) },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
  const run = async () => {
    const res = await send('POST', '/item-analysis/run', staff.cookie);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const stats = async (query = '') => {
    const res = await send('GET', `/item-stats${query}`, staff.cookie);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const analysisFlags = () =>
    t.app.database.db.select().from(itemReports).where(eq(itemReports.source, 'analysis'));

  beforeAll(async () => {
    t = await startTestApp(engine, {}, { clock });
    staff = await createStaff(t);
    student = await createStudent(t);
    const db = t.app.database.db;
    await seedSyntheticItems(db);
    await addSyntheticClass(db, student.userId, new Date(clock.nowMs() - 24 * 60 * 60 * 1000));
    // They would change ia-sound's figures if they counted.
    await addExcludedAttempts(db, student.userId, clock.now());
  });
  afterAll(() => t.close());

  it('is for staff only: 401 without a session, 403 for a student', async () => {
    for (const [method, url] of [
      ['GET', '/item-stats'],
      ['POST', '/item-analysis/run'],
    ] as const) {
      expect((await send(method, url, null)).statusCode).toBe(401);
      expect((await send(method, url, student.cookie)).statusCode).toBe(403);
    }
    expect(await analysisFlags()).toEqual([]);
  });

  it('shows nothing before the job has run: reading the figures never computes them', async () => {
    expect(await stats()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
      computedAt: null,
    });
  });

  it('computes the known figures of the synthetic class and files the two flags', async () => {
    expect(await run()).toEqual({
      questions: 14,
      flagged: 2,
      filed: 2,
      computedAt: clock.now().toISOString(),
    });
    const page = await stats('?pageSize=100');
    expect(page.total).toBe(14);
    expect(page.computedAt).toBe(clock.now().toISOString());
    const byId = new Map(page.items.map((row: { questionId: string }) => [row.questionId, row]));
    expect(byId.has(UNSUBMITTED)).toBe(false);

    const close = (value: number) => expect.closeTo(value, 10);
    expect(byId.get('ia-sound')).toEqual({
      questionId: 'ia-sound',
      reviewerShorthand: 'cse-pro',
      subjectName: 'Analysis',
      topicName: 'Synthetic',
      stem: expect.stringMatching(/^Synthetic item ia-sound: /),
      choices: ['Option 1', 'Option 2', 'Option 3', 'Option 4'],
      answerIndex: 0,
      responses: 30,
      correct: 20,
      difficulty: close(20 / 30),
      discrimination: close(0.75),
      optionShares: [close(20 / 30), close(5 / 30), close(4 / 30), 0],
      upperOptionShares: [1, 0, 0, 0],
      lowerOptionShares: [0.25, 0.375, 0.25, 0],
      flag: null,
      computedAt: clock.now().toISOString(),
    });
    expect(byId.get('ia-flat')).toMatchObject({
      responses: 30,
      correct: 15,
      difficulty: 0.5,
      discrimination: 0,
      optionShares: [close(14 / 30), 0.5, close(1 / 30)],
      upperOptionShares: [0.5, 0.5, 0],
      lowerOptionShares: [0.375, 0.5, 0.125],
      flag: 'low-discrimination',
    });
    expect(byId.get('ia-distractor')).toMatchObject({
      responses: 30,
      correct: 11,
      difficulty: close(11 / 30),
      discrimination: 0.25,
      optionShares: [close(7 / 30), 0, close(11 / 30), 0.4],
      upperOptionShares: [0, 0, 0.375, 0.625],
      lowerOptionShares: [0.875, 0, 0.125, 0],
      flag: 'distractor-over-key',
    });
    expect(byId.get(FEW)).toMatchObject({
      responses: 5,
      correct: 5,
      difficulty: 1,
      discrimination: null,
      flag: null,
    });
    // A filler the middle group got right: upper 8 and middle 14 of 30 right, lower none.
    expect(byId.get('ia-filler-0')).toMatchObject({
      responses: 30,
      correct: 22,
      discrimination: 1,
      flag: null,
    });
  });

  it('puts the analysis flags in the reported-items queue, with no student as reporter', async () => {
    const queue = await send('GET', '/reports', staff.cookie);
    expect(queue.statusCode).toBe(200);
    const reports = queue.json().reports;
    expect(reports).toHaveLength(2);
    const byQuestion = new Map(
      reports.map((r: { question: { id: string } }) => [r.question.id, r]),
    );
    expect(byQuestion.get('ia-distractor')).toMatchObject({
      source: 'analysis',
      reporter: null,
      reason:
        'Item analysis on 30 responses (37 % correct): in the top 27 %, option D drew 63 % against 38 % for the key C. Check the key and that option.',
      // A statistical hint does not hold the item out of mocks; a student's report does.
      question: { id: 'ia-distractor', answerIndex: 2, heldAt: null },
    });
    expect(byQuestion.get('ia-flat')).toMatchObject({
      source: 'analysis',
      reporter: null,
      reason: expect.stringContaining('discrimination 0.00, below 0.10'),
    });
  });

  it('holds nothing itself: a student’s report on a flagged item holds it until that report closes', async () => {
    const db = t.app.database.db;
    const [report] = await db
      .insert(itemReports)
      .values({ questionId: 'ia-distractor', userId: student.userId, reason: 'Two answers fit.' })
      .returning();
    if (!report) throw new Error('report not filed');
    await db
      .update(questions)
      .set({ heldAt: clock.now() })
      .where(eq(questions.id, 'ia-distractor'));
    const queue = (await send('GET', '/reports', staff.cookie)).json().reports;
    expect(queue).toContainEqual(
      expect.objectContaining({
        id: report.id,
        source: 'student',
        reporter: { userId: student.userId, email: student.email, displayName: null },
        openReportsOnQuestion: 2,
      }),
    );
    // The analysis flag stays open, yet the item goes back into mocks with the student's report.
    const cleared = await send('POST', `/reports/${report.id}/clear`, staff.cookie);
    expect(cleared.json()).toEqual({ questionId: 'ia-distractor', resolved: 1, released: true });
    const [row] = await db.select().from(questions).where(eq(questions.id, 'ia-distractor'));
    expect(row?.heldAt).toBeNull();
    expect(await analysisFlags()).toHaveLength(2);
  });

  it('files nothing new on a re-run while the flags are open', async () => {
    clock.advance(5 * 60 * 1000);
    expect(await run()).toMatchObject({ questions: 14, flagged: 2, filed: 0 });
    expect(await analysisFlags()).toHaveLength(2);
  });

  it('does not re-flag a cleared item on the same figures, but does once 30 more responses say so', async () => {
    const [flat] = (await analysisFlags()).filter((f) => f.questionId === 'ia-flat');
    if (!flat) throw new Error('no flag on ia-flat');
    const cleared = await send('POST', `/reports/${flat.id}/clear`, staff.cookie);
    expect(cleared.json()).toEqual({ questionId: 'ia-flat', resolved: 1, released: true });

    clock.advance(5 * 60 * 1000);
    expect(await run()).toMatchObject({ flagged: 2, filed: 0 });
    const open = await t.app.database.db
      .select()
      .from(itemReports)
      .where(and(eq(itemReports.source, 'analysis'), eq(itemReports.status, 'open')));
    expect(open.map((f) => f.questionId)).toEqual(['ia-distractor']);

    // A second class like the first, after the clear: 60 responses, still not discriminating.
    clock.advance(60 * 1000);
    await addSyntheticClass(t.app.database.db, student.userId, clock.now());
    clock.advance(5 * 60 * 1000);
    expect(await run()).toMatchObject({ questions: 14, flagged: 2, filed: 1 });
    const reflagged = await t.app.database.db
      .select()
      .from(itemReports)
      .where(and(eq(itemReports.questionId, 'ia-flat'), eq(itemReports.status, 'open')));
    expect(reflagged).toEqual([
      expect.objectContaining({ source: 'analysis', userId: null, createdAt: clock.now() }),
    ]);
    expect((await stats('?pageSize=100')).items).toContainEqual(
      expect.objectContaining({ questionId: 'ia-flat', responses: 60, discrimination: 0 }),
    );
  });

  it('sorts by each column (missing figures last) and pages', async () => {
    const ids = async (query: string) =>
      (await stats(query)).items.map((row: { questionId: string }) => row.questionId);
    // Flagged first: "distractor-over-key" sorts before "low-discrimination".
    expect((await ids('?sort=flag&pageSize=3')).slice(0, 2)).toEqual(['ia-distractor', 'ia-flat']);
    expect(await ids('?sort=difficulty&pageSize=2')).toEqual(['ia-filler-5', 'ia-filler-6']);
    expect(await ids('?sort=responses&order=asc&pageSize=1')).toEqual([FEW]);
    expect(await ids('?sort=responses&order=desc&pageSize=1')).toEqual(['ia-distractor']);
    const byDiscrimination = await ids('?sort=discrimination&order=desc&pageSize=100');
    expect(byDiscrimination.at(-1)).toBe(FEW);
    expect(byDiscrimination.at(-2)).toBe('ia-flat');
    const ascending = await ids('?sort=discrimination&order=asc&pageSize=100');
    expect(ascending.slice(0, 1)).toEqual(['ia-flat']);
    expect(ascending.at(-1)).toBe(FEW);

    const second = await stats('?sort=responses&order=asc&page=2&pageSize=5');
    expect(second).toMatchObject({ total: 14, page: 2, pageSize: 5 });
    expect(second.items).toHaveLength(5);
    expect((await stats('?page=3&pageSize=5')).items).toHaveLength(4);
    for (const bad of ['?sort=stem', '?order=up', '?page=0', '?pageSize=101']) {
      expect((await send('GET', `/item-stats${bad}`, staff.cookie)).statusCode).toBe(400);
    }
  });
});
