import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, itemReports, questions } from '../../src/platform/db/schema.ts';
import { createStaff, createStudent, type TestUser } from '../helpers/factories.ts';
import { appWithLockHolder } from '../helpers/lock-holder.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { counts, fixtureText } from './content-fixtures.ts';

describe.each(ENGINES)('staff content API on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  let student: TestUser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    staff = await createStaff(t);
    student = await createStudent(t);
  });
  afterAll(() => t.close());

  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string | null,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/admin/content${url}`,
      headers: { origin: t.origin, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** What the student-side report endpoint does (not ours): a row in item_reports. */
  const fileReport = async (questionId: string, userId: string, reason: string) => {
    const [row] = await t.app.database.db
      .insert(itemReports)
      .values({ questionId, userId, reason })
      .returning();
    if (!row) throw new Error('report not filed');
    return row;
  };
  const questionRow = async (id: string) =>
    (await t.app.database.db.select().from(questions).where(eq(questions.id, id)))[0];

  it('is for staff only: 401 without a session, 403 for a student', async () => {
    const body = { fileName: 'small.json', text: fixtureText('small.json') };
    const id = randomUUID();
    for (const [method, url, payload] of [
      ['POST', '/import', body],
      ['GET', '/reports', undefined],
      ['POST', `/reports/${id}/clear`, {}],
      ['POST', `/reports/${id}/fix`, {}],
      ['POST', `/reports/${id}/hold`, {}],
      ['POST', `/reports/${id}/clear-all`, {}],
      ['POST', `/reporters/${id}/dismiss`, {}],
      ['GET', '/report-settings', undefined],
      ['PUT', '/report-settings', { holdThreshold: 1 }],
    ] as const) {
      expect((await send(method, url, null, payload)).statusCode).toBe(401);
      expect((await send(method, url, student.cookie, payload)).statusCode).toBe(403);
    }
    expect(await questionRow('fx-q1')).toBeUndefined();
  });

  it('dry-runs an import (nothing written), then imports it, audited with the staff member', async () => {
    const body = { fileName: 'small.json', text: fixtureText('small.json') };
    const dry = await send('POST', '/import', staff.cookie, { ...body, dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      ok: true,
      dryRun: true,
      report: { reviewer: 'cse-pro', questions: counts(3, 0, 0), blueprints: counts(1, 0, 0) },
    });
    expect(await questionRow('fx-q1')).toBeUndefined();

    const real = await send('POST', '/import', staff.cookie, body);
    expect(real.json()).toMatchObject({
      ok: true,
      dryRun: false,
      report: { questions: counts(3, 0, 0) },
    });
    expect((await questionRow('fx-q1'))?.stem).toBe('Which word is closest in meaning to RAPID?');
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.import'), eq(auditLog.targetId, 'small.json')));
    expect(audit).toEqual([
      expect.objectContaining({
        actorUserId: staff.userId,
        actorEmail: staff.email,
        details: expect.objectContaining({ via: 'console', sha256: expect.any(String) }),
      }),
    ]);
    const again = await send('POST', '/import', staff.cookie, body);
    expect(again.json().report.questions).toEqual(counts(0, 0, 3));
  });

  it('answers a file with problems with its line-numbered errors and writes nothing', async () => {
    const text = fixtureText('small.json')
      .replace(
        '"answerIndex": 1,\n      "rationale": "Rapid',
        '"answerIndex": 9,\n      "rationale": "Rapid',
      )
      .replace('"stem": "What is 2/3 of 9?"', '"stem": "What is 2/3 of 12?"');
    const line = text.split('\n').findIndex((l) => l.includes('"answerIndex": 9')) + 1;
    const res = await send('POST', '/import', staff.cookie, { fileName: 'small.json', text });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: false,
      errors: [
        {
          line,
          message: 'questions[0].answerIndex: answerIndex must point at one of the choices.',
        },
      ],
    });
    expect((await questionRow('fx-q3'))?.stem).toBe('What is 2/3 of 9?');
    const syntax = await send('POST', '/import', staff.cookie, {
      fileName: 'x.json',
      text: '{\n\n  nope\n}',
    });
    expect(syntax.json().errors[0].line).toBe(3);
  });

  it('refuses a malformed request with 400', async () => {
    for (const payload of [
      { fileName: 'small.json' },
      { fileName: 'small.txt', text: '{}' },
      { fileName: 'small.json', text: '' },
      { fileName: 'small.json', text: '{}', dryRun: 'yes' },
    ]) {
      expect((await send('POST', '/import', staff.cookie, payload)).statusCode).toBe(400);
    }
    expect((await send('POST', '/reports/not-a-uuid/clear', staff.cookie, {})).statusCode).toBe(
      400,
    );
  });

  it('lists open reports with the key; clear releases the item only when no report is left', async () => {
    const other = await createStudent(t);
    const db = t.app.database.db;
    await db.update(questions).set({ heldAt: new Date() }).where(eq(questions.id, 'fx-q1'));
    // One insert each: the queue is oldest first, and one statement gives both the same time.
    const first = await fileReport('fx-q1', student.userId, 'Swift and rapid are not the same.');
    const second = await fileReport('fx-q1', other.userId, 'Typo in the stem.');

    const queue = await send('GET', '/reports', staff.cookie);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().reports).toEqual([
      expect.objectContaining({
        id: first.id,
        reason: 'Swift and rapid are not the same.',
        reporter: { userId: student.userId, email: student.email, displayName: null },
        openReportsOnQuestion: 2,
        question: expect.objectContaining({
          id: 'fx-q1',
          reviewerShorthand: 'cse-pro',
          subjectName: 'Verbal Ability',
          topicName: 'Synonyms',
          answerIndex: 1,
          rationale: 'Rapid and swift both mean moving with great speed.',
          heldAt: expect.any(String),
        }),
      }),
      expect.objectContaining({ id: second.id, reason: 'Typo in the stem.' }),
    ]);

    const cleared = await send('POST', `/reports/${first.id}/clear`, staff.cookie, {});
    expect(cleared.json()).toEqual({ questionId: 'fx-q1', resolved: 1, released: false });
    expect((await questionRow('fx-q1'))?.heldAt).not.toBeNull();
    expect((await send('POST', `/reports/${first.id}/clear`, staff.cookie, {})).statusCode).toBe(
      409,
    );

    const last = await send('POST', `/reports/${second.id}/clear`, staff.cookie, {});
    expect(last.json()).toEqual({ questionId: 'fx-q1', resolved: 1, released: true });
    expect((await questionRow('fx-q1'))?.heldAt).toBeNull();
    expect((await send('GET', '/reports', staff.cookie)).json().reports).toEqual([]);
    const [resolved] = await db.select().from(itemReports).where(eq(itemReports.id, first.id));
    expect(resolved).toMatchObject({ status: 'cleared', resolvedBy: staff.userId });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.report.clear'), eq(auditLog.targetId, second.id)));
    expect(audit[0]).toMatchObject({
      actorEmail: staff.email,
      details: { questionId: 'fx-q1', released: true },
    });
    expect(
      (await send('POST', `/reports/${randomUUID()}/clear`, staff.cookie, {})).statusCode,
    ).toBe(404);
  });

  it('mark fixed edits the question, resolves every open report on it and releases it', async () => {
    const other = await createStudent(t);
    const db = t.app.database.db;
    await db.update(questions).set({ heldAt: new Date() }).where(eq(questions.id, 'fx-q2'));
    const mine = await fileReport('fx-q2', student.userId, 'The key is wrong.');
    const theirs = await fileReport('fx-q2', other.userId, 'Wrong key!');

    const invalid = await send('POST', `/reports/${mine.id}/fix`, staff.cookie, {
      question: { answerIndex: 5 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(
      'answerIndex: answerIndex must point at one of the choices.',
    );
    expect((await questionRow('fx-q2'))?.heldAt).not.toBeNull();

    const fixed = await send('POST', `/reports/${mine.id}/fix`, staff.cookie, {
      question: {
        stem: 'What is 1/2 + 1/4, in fourths?',
        rationale: '1/2 = 2/4; 2/4 + 1/4 = 3/4.',
      },
    });
    expect(fixed.json()).toEqual({ questionId: 'fx-q2', resolved: 2, released: true });
    expect(await questionRow('fx-q2')).toMatchObject({
      stem: 'What is 1/2 + 1/4, in fourths?',
      rationale: '1/2 = 2/4; 2/4 + 1/4 = 3/4.',
      answerIndex: 0,
      heldAt: null,
    });
    const statuses = await db.select().from(itemReports).where(eq(itemReports.questionId, 'fx-q2'));
    expect(statuses.map((r) => r.status).sort()).toEqual(['fixed', 'fixed']);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.report.fix'), eq(auditLog.targetId, mine.id)));
    expect(audit?.details).toMatchObject({
      questionId: 'fx-q2',
      changed: ['stem', 'rationale'],
      before: { stem: 'What is 1/2 + 1/4?' },
      resolvedReportIds: expect.arrayContaining([mine.id, theirs.id]),
    });
    expect((await send('POST', `/reports/${theirs.id}/fix`, staff.cookie, {})).statusCode).toBe(
      409,
    );
  });

  // Issue 21 finding 2: staff act on all of an item's reports, or a reporter's whole history, at once.
  it('holds an item for everyone, clears all its reports at once, and dismisses a reporter’s spree', async () => {
    const db = t.app.database.db;
    const other = await createStudent(t);
    const a = await fileReport('fx-q3', student.userId, 'Wrong.');
    await fileReport('fx-q3', other.userId, 'Also wrong.');
    expect((await questionRow('fx-q3'))?.heldAt).toBeNull();

    const held = await send('POST', `/reports/${a.id}/hold`, staff.cookie, {});
    expect(held.json()).toEqual({ questionId: 'fx-q3', resolved: 0, released: false });
    expect((await questionRow('fx-q3'))?.heldAt).toBeInstanceOf(Date);

    const cleared = await send('POST', `/reports/${a.id}/clear-all`, staff.cookie, {});
    expect(cleared.json()).toEqual({ questionId: 'fx-q3', resolved: 2, released: true });
    expect((await questionRow('fx-q3'))?.heldAt).toBeNull();
    expect((await send('POST', `/reports/${a.id}/clear-all`, staff.cookie, {})).statusCode).toBe(
      409,
    );
    const [clearAudit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.report.clear-all'), eq(auditLog.targetId, a.id)));
    expect(clearAudit?.details).toMatchObject({ questionId: 'fx-q3', released: true });

    // A spree: one student reports three items; another's report of one of them stays.
    const spree = await createStudent(t);
    for (const q of ['fx-q1', 'fx-q2', 'fx-q3']) await fileReport(q, spree.userId, 'Wrong!');
    await fileReport('fx-q1', other.userId, 'Really wrong.');
    await db.update(questions).set({ heldAt: new Date() }).where(eq(questions.id, 'fx-q2'));
    const queue = (await send('GET', '/reports', staff.cookie)).json().reports as {
      reporter: { userId: string } | null;
      reporterOpenReports: number;
    }[];
    expect(queue.find((r) => r.reporter?.userId === spree.userId)?.reporterOpenReports).toBe(3);
    const dismissed = await send('POST', `/reporters/${spree.userId}/dismiss`, staff.cookie, {});
    // fx-q2 and fx-q3 are back in every draw (no open report left); fx-q1 keeps the other
    // student's report.
    expect(dismissed.json()).toEqual({ resolved: 3, released: 2 });
    const open = await db
      .select()
      .from(itemReports)
      .where(and(eq(itemReports.status, 'open'), eq(itemReports.userId, spree.userId)));
    expect(open).toEqual([]);
    expect((await questionRow('fx-q2'))?.heldAt).toBeNull();
    const [spreeAudit] = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'content.reports.dismiss-reporter'),
          eq(auditLog.targetId, spree.userId),
        ),
      );
    expect(spreeAudit?.details).toMatchObject({ resolvedReportIds: expect.any(Array) });
    await db.update(itemReports).set({ status: 'cleared' }).where(eq(itemReports.status, 'open'));
  });

  it('staff set how many students’ reports hold an item for everyone; a lower threshold applies at once', async () => {
    const db = t.app.database.db;
    expect((await send('GET', '/report-settings', staff.cookie)).json()).toEqual({
      holdThreshold: 3,
    });
    expect(
      (await send('PUT', '/report-settings', staff.cookie, { holdThreshold: 0 })).statusCode,
    ).toBe(400);
    expect(
      (await send('PUT', '/report-settings', staff.cookie, { holdThreshold: 51 })).statusCode,
    ).toBe(400);
    await fileReport('fx-q1', student.userId, 'Wrong key.');
    expect((await questionRow('fx-q1'))?.heldAt).toBeNull();
    const saved = await send('PUT', '/report-settings', staff.cookie, { holdThreshold: 1 });
    expect(saved.json()).toEqual({ holdThreshold: 1 });
    expect((await questionRow('fx-q1'))?.heldAt).toBeInstanceOf(Date);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'content.reports.settings'));
    expect(audit?.details).toEqual({ from: 3, to: 1, heldIds: ['fx-q1'] });
    await send('PUT', '/report-settings', staff.cookie, { holdThreshold: 3 });
  });
});

// Two staff acting on two reports of one item at once: a fix locked its report, the question and
// then every open report on it; the other action locked its own report first, then waited on the
// question. Each held what the other waited on, and PostgreSQL failed one of them (deadlock, a
// 500). Every report action now takes the item's report lock first. The interleaving is forced:
// another connection holds the question's row while both actions arrive.
describe.runIf(ENGINES.includes('postgres'))('two staff on one item’s reports, on postgres', () => {
  let staff: TestUser;
  const { app, holder } = appWithLockHolder(async (t) => {
    staff = await createStaff(t);
  });

  it('one goes first, the other then finds its report resolved', async () => {
    const t = app();
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/import',
      headers: { origin: t.origin, cookie: staff.cookie },
      payload: { fileName: 'small.json', text: fixtureText('small.json') },
    });
    expect(imported.statusCode).toBe(200);
    const reporters = [await createStudent(t), await createStudent(t), await createStudent(t)];
    const [a, b] = await t.app.database.db
      .insert(itemReports)
      .values(reporters.map((r) => ({ questionId: 'fx-q3', userId: r.userId, reason: 'Wrong.' })))
      .returning();
    await holder.hold("select id from questions where id = 'fx-q3' for update");
    const act = (reportId: string | undefined, action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/content/reports/${reportId}/${action}`,
        headers: { origin: t.origin, cookie: staff.cookie },
        payload: {},
      });
    const fix = act(a?.id, 'fix');
    await expect.poll(() => holder.waiting()).toBeGreaterThanOrEqual(1);
    const clearAll = act(b?.id, 'clear-all');
    await expect.poll(() => holder.waiting()).toBeGreaterThanOrEqual(2);
    await holder.release();
    const statuses = (await Promise.all([fix, clearAll])).map((r) => r.statusCode);
    expect(statuses).toEqual([200, 409]);
    const open = await t.app.database.db
      .select({ status: itemReports.status })
      .from(itemReports)
      .where(eq(itemReports.questionId, 'fx-q3'));
    expect(open.map((r) => r.status)).toEqual(['fixed', 'fixed', 'fixed']);
  });
});
