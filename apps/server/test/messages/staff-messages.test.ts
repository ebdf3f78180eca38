import type { MessageCounts, StaffMessage } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUpload } from '../../src/modules/uploads/repository.ts';
import { auditLog, userMessages } from '../../src/platform/db/schema.ts';
import { createStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  makeStaff,
  pngBytes,
  type TestUser,
  tempDataDir,
} from '../subscriptions/purchase-helpers.ts';

const BASE = '/api/admin/messages';
const NIL_UUID = '00000000-0000-4000-8000-000000000000';
type MessageType = 'feedbacks' | 'suggestions' | 'issues';

describe.each(ENGINES)('staff console: the message inbox on %s', (engine) => {
  let t: TestApp;
  let dataDir: string;
  let staff: TestUser;
  let otherStaff: TestUser;
  let student: TestUser;
  beforeAll(async () => {
    dataDir = tempDataDir();
    t = await startTestApp(engine, { DATA_DIR: dataDir });
    staff = await makeStaff(t);
    otherStaff = await makeStaff(t);
    student = await createStudent(t);
  });
  afterAll(() => t.close());

  let clock = Date.parse('2026-11-01T00:00:00.000Z');
  /** A stored message as POST /api/messages writes it (docs/product.md#entities), each one a minute newer. */
  async function message(
    type: MessageType = 'feedbacks',
    overrides: Partial<typeof userMessages.$inferInsert> = {},
  ) {
    clock += 60_000;
    const [row] = await t.app.database.db
      .insert(userMessages)
      .values({
        messageType: type,
        message: `A ${type} message at ${new Date(clock).toISOString()}`,
        attachment: null,
        messageFromUserId: student.userId,
        messageFromUserEmail: student.email,
        submittedDate: new Date(clock),
        status: 'unread',
        isArchive: false,
        ...overrides,
      })
      .returning();
    if (!row) throw new Error('no message');
    return row;
  }

  const get = (cookie: string | null, url: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const patch = (cookie: string | null, id: string, body: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `${BASE}/${id}`,
      headers: { origin: t.origin, ...(cookie ? { cookie } : {}) },
      payload: body as Record<string, unknown>,
    });

  async function staffMessages(query = '') {
    const res = await get(staff.cookie, `${BASE}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      items: StaffMessage[];
      counts: MessageCounts;
      nextCursor: string | null;
    };
  }

  async function allIds(query: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await staffMessages(
        `${query}${query ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      ids.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  const auditOf = (id: string) =>
    t.app.database.db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.id);

  describe('who may call it', () => {
    it.each([
      ['GET', BASE],
      ['PATCH', `${BASE}/${NIL_UUID}`],
    ])('%s %s: 401 without a session, 403 for a student', async (method, url) => {
      const payload = method === 'PATCH' ? { status: 'read' } : undefined;
      const anonymous = await t.app.inject({
        method: method as 'GET' | 'PATCH',
        url,
        headers: { origin: t.origin },
        ...(payload ? { payload } : {}),
      });
      expect(anonymous.statusCode).toBe(401);
      const asStudent = await t.app.inject({
        method: method as 'GET' | 'PATCH',
        url,
        headers: { origin: t.origin, cookie: student.cookie },
        ...(payload ? { payload } : {}),
      });
      expect(asStudent.statusCode).toBe(403);
    });

    it('a student cannot mark their own message read or archive it', async () => {
      const row = await message();
      const res = await patch(student.cookie, row.id, { status: 'read', isArchive: true });
      expect(res.statusCode).toBe(403);
      const [after] = await t.app.database.db
        .select()
        .from(userMessages)
        .where(eq(userMessages.id, row.id));
      expect(after).toMatchObject({ status: 'unread', isArchive: false });
    });
  });

  describe('listing', () => {
    it('newest first, archived hidden unless asked, filtered by type and status', async () => {
      const feedback = await message('feedbacks');
      const suggestion = await message('suggestions');
      const issue = await message('issues', { status: 'read' });
      const archived = await message('issues', { isArchive: true });

      const all = await allIds('');
      const mine = all.filter((id) => [feedback.id, suggestion.id, issue.id].includes(id));
      expect(mine).toEqual([issue.id, suggestion.id, feedback.id]);
      expect(all).not.toContain(archived.id);

      expect(await allIds('?archived=true')).toContain(archived.id);
      expect(await allIds('?archived=true')).not.toContain(issue.id);

      const issues = await allIds('?type=issues');
      expect(issues).toContain(issue.id);
      expect(issues).not.toContain(feedback.id);
      const unread = await allIds('?status=unread');
      expect(unread).toContain(feedback.id);
      expect(unread).not.toContain(issue.id);
      const readIssues = await allIds('?type=issues&status=read');
      expect(readIssues).toContain(issue.id);
      const page = await staffMessages('?type=issues&status=read');
      expect(page.items.every((m) => m.messageType === 'issues' && m.status === 'read')).toBe(true);
    });

    it('counts unread and total per type, and the archive size', async () => {
      const before = (await staffMessages()).counts;
      await message('feedbacks');
      await message('suggestions', { status: 'read' });
      await message('feedbacks', { isArchive: true });
      const after = (await staffMessages()).counts;
      expect(after.feedbacks).toEqual({
        unread: before.feedbacks.unread + 1,
        total: before.feedbacks.total + 1,
      });
      expect(after.suggestions).toEqual({
        unread: before.suggestions.unread,
        total: before.suggestions.total + 1,
      });
      expect(after.all.total).toBe(before.all.total + 2);
      expect(after.archived).toBe(before.archived + 1);
      // The counts describe the inbox whatever the list's own filter.
      expect((await staffMessages('?type=issues&status=read')).counts).toEqual(after);
    });

    it('pages with a cursor: no repeats, no gaps', async () => {
      for (let i = 0; i < 3; i += 1) await message('suggestions');
      const everything = await allIds('?type=suggestions');
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await staffMessages(
          `?type=suggestions&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        paged.push(...page.items.map((m) => m.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged).toEqual(everything);
      expect(new Set(paged).size).toBe(paged.length);
    });

    it.each(['?type=bugs', '?status=new', '?archived=yes', '?limit=0', '?cursor=x', '?x=1'])(
      'refuses a bad query %s with 400',
      async (query) => {
        expect((await get(staff.cookie, `${BASE}${query}`)).statusCode).toBe(400);
      },
    );

    it('gives staff a link to the attachment that opens', async () => {
      const objectPath = `images/userFeedbacks/${student.userId}_${Date.now()}_screen.png`;
      const bytes = pngBytes();
      await t.app.storage.put(objectPath, bytes, 'image/png');
      await insertUpload(t.app.database.db, {
        path: objectPath,
        ownerUserId: student.userId,
        sha256: 'a'.repeat(64),
        contentType: 'image/png',
        sizeBytes: bytes.length,
      });
      const withImage = await message('issues', { attachment: `/api/files/${objectPath}` });
      const unsafe = await message('issues', { attachment: 'javascript:alert(1)' });
      const items = (await staffMessages('?type=issues&limit=100')).items;
      const item = items.find((m) => m.id === withImage.id);
      expect(item?.attachmentUrl).toBe(`/api/files/${objectPath}`);
      expect(items.find((m) => m.id === unsafe.id)?.attachmentUrl).toBeNull();
      const file = await get(staff.cookie, item?.attachmentUrl ?? '');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
    });
  });

  describe('actions', () => {
    it('mark read, then unread: each change audited with who and when', async () => {
      const row = await message();
      const read = await patch(staff.cookie, row.id, { status: 'read' });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ id: row.id, status: 'read', isArchive: false });
      const unread = await patch(otherStaff.cookie, row.id, { status: 'unread' });
      expect(unread.json().status).toBe('unread');
      const audit = await auditOf(row.id);
      expect(audit.map((a) => [a.action, a.actorEmail, a.targetType])).toEqual([
        ['message.markRead', staff.email, 'user_message'],
        ['message.markUnread', otherStaff.email, 'user_message'],
      ]);
      expect(audit[0]?.details).toMatchObject({ from: 'unread', to: 'read', via: 'console' });
    });

    it('archive hides it from the inbox, unarchive brings it back', async () => {
      const row = await message('suggestions');
      const archived = await patch(staff.cookie, row.id, { isArchive: true, status: 'read' });
      expect(archived.json()).toMatchObject({ isArchive: true, status: 'read' });
      expect(await allIds('')).not.toContain(row.id);
      expect(await allIds('?archived=true')).toContain(row.id);
      await patch(staff.cookie, row.id, { isArchive: false });
      expect(await allIds('')).toContain(row.id);
      expect((await auditOf(row.id)).map((a) => a.action)).toEqual([
        'message.markRead',
        'message.archive',
        'message.unarchive',
      ]);
    });

    it('a change to what it already is writes no audit row', async () => {
      const row = await message();
      const res = await patch(staff.cookie, row.id, { status: 'unread', isArchive: false });
      expect(res.statusCode).toBe(200);
      expect(await auditOf(row.id)).toEqual([]);
    });

    it('two staff archiving at once: archived once, one audit row', async () => {
      const row = await message();
      const results = await Promise.all([
        patch(staff.cookie, row.id, { isArchive: true }),
        patch(otherStaff.cookie, row.id, { isArchive: true }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await auditOf(row.id)).map((a) => a.action)).toEqual(['message.archive']);
    });

    it.each([
      ['nothing to change', {}],
      ['an unknown status', { status: 'deleted' }],
      ['a string flag', { isArchive: 'yes' }],
      ['an unknown field', { message: 'edited' }],
    ])('400 for %s, nothing changes', async (_name, body) => {
      const row = await message();
      const res = await patch(staff.cookie, row.id, body);
      expect(res.statusCode).toBe(400);
      const [after] = await t.app.database.db
        .select()
        .from(userMessages)
        .where(eq(userMessages.id, row.id));
      expect(after).toMatchObject({ status: 'unread', isArchive: false, message: row.message });
      expect(await auditOf(row.id)).toEqual([]);
    });

    it('404 for an unknown message, 400 for a malformed id', async () => {
      expect((await patch(staff.cookie, NIL_UUID, { status: 'read' })).statusCode).toBe(404);
      expect((await patch(staff.cookie, 'nope', { status: 'read' })).statusCode).toBe(400);
    });

    it('refuses a cross-site request', async () => {
      const row = await message();
      const res = await t.app.inject({
        method: 'PATCH',
        url: `${BASE}/${row.id}`,
        headers: { origin: 'https://evil.example', cookie: staff.cookie },
        payload: { isArchive: true },
      });
      expect(res.statusCode).toBe(403);
      expect(await auditOf(row.id)).toEqual([]);
    });
  });
});
