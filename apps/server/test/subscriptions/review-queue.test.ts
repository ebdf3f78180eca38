import { ADMIN_MESSAGES, type ReviewCounts, type ReviewItem } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, transactions } from '../../src/platform/db/schema.ts';
import { openLiveStream } from '../helpers/live-stream.ts';
import { ensureOffered } from '../helpers/offer-track.ts';
import { signedInUser, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  auditFor,
  makeStaff,
  onboardedStudent,
  pngBytes,
  purchaseInput,
  startWithStaff,
  studentWithPurchase,
  subscribe,
  subscriptionRow,
  type TestUser,
  uploadScreenshot,
} from './purchase-helpers.ts';

const BASE = '/api/admin/payments';
const NIL_UUID = '00000000-0000-4000-8000-000000000000';

describe.each(ENGINES)('staff console: the payment review queue on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  let otherStaff: TestUser;
  let student: TestUser;
  beforeAll(async () => {
    ({ t, staff } = await startWithStaff(engine));
    await ensureOffered(t.app.database.db, 'let-elem');
    otherStaff = await makeStaff(t);
    student = await signedInUser(t);
  });
  afterAll(() => t.close());

  const get = (cookie: string | null, url: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const postAction = (cookie: string | null, subId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/${subId}/actions`,
      headers: { origin: t.origin, ...(cookie ? { cookie } : {}) },
      payload: body,
    });
  /** A well-formed staff action: what, why, and the status the staff member last saw. */
  const act = (
    cookie: string | null,
    subId: string,
    action: string,
    reason: string,
    expectedStatus: string,
  ) => postAction(cookie, subId, { action, reason, expectedStatus });

  async function queue(query = '') {
    const res = await get(staff.cookie, `${BASE}${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as {
      items: ReviewItem[];
      counts: ReviewCounts;
      nextCursor: string | null;
    };
  }

  async function allPages(filter: string): Promise<ReviewItem[]> {
    const items: ReviewItem[] = [];
    let cursor: string | null = null;
    do {
      const page = await queue(
        `?status=${filter}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  describe('who may call it', () => {
    it.each([
      ['GET', BASE],
      ['GET', `${BASE}/audit`],
      ['GET', `${BASE}/${NIL_UUID}`],
      ['POST', `${BASE}/${NIL_UUID}/actions`],
    ])(
      '%s %s: 401 without a session, 403 for a student (even with bad input)',
      async (method, url) => {
        const body =
          method === 'POST'
            ? { action: 'approve', reason: 'ok ok', expectedStatus: 'pending' }
            : undefined;
        const headers = { origin: t.origin };
        const anonymous = await t.app.inject({
          method: method as 'GET' | 'POST',
          url,
          headers,
          ...(body ? { payload: body } : {}),
        });
        expect(anonymous.statusCode).toBe(401);
        const asStudent = await t.app.inject({
          method: method as 'GET' | 'POST',
          url: `${url}${method === 'GET' ? '?limit=999' : ''}`,
          headers: { ...headers, cookie: student.cookie },
          ...(body ? { payload: { ...body, reason: '' } } : {}),
        });
        expect(asStudent.statusCode).toBe(403);
        expect(asStudent.json().error.status).toBe('PERMISSION_DENIED');
      },
    );

    it("a student cannot approve their own purchase through the console's endpoint", async () => {
      const { user, subId } = await studentWithPurchase(t);
      const res = await act(user.cookie, subId, 'approve', 'I paid, promise', 'pending');
      expect(res.statusCode).toBe(403);
      expect((await subscriptionRow(t, subId)).status).toBe('pending');
    });
  });

  describe('listing', () => {
    it('needs-action by default, oldest first, with counts that follow the actions', async () => {
      const before = await queue();
      const a = await studentWithPurchase(t);
      const b = await studentWithPurchase(t);
      const c = await studentWithPurchase(t);
      const after = await queue();
      expect(after.counts.needsAction).toBe(before.counts.needsAction + 3);
      expect(after.counts.pending).toBe(before.counts.pending + 3);

      const mine = (await allPages('needsAction'))
        .map((i) => i.subscriptionId)
        .filter((id) => [a.subId, b.subId, c.subId].includes(id));
      expect(mine).toEqual([a.subId, b.subId, c.subId]);
      const times = (await allPages('needsAction')).map((i) => Date.parse(i.submittedAt));
      expect(times).toEqual([...times].sort((x, y) => x - y));

      const approved = await act(
        staff.cookie,
        b.subId,
        'approve',
        'GCash statement matches',
        'pending',
      );
      expect(approved.statusCode).toBe(200);
      const later = await queue();
      expect(later.counts.needsAction).toBe(after.counts.needsAction - 1);
      expect(later.counts.approved).toBe(after.counts.approved + 1);
      expect((await allPages('needsAction')).map((i) => i.subscriptionId)).not.toContain(b.subId);
      expect((await allPages('approved')).map((i) => i.subscriptionId)).toContain(b.subId);
      expect((await allPages('pending')).every((i) => i.status === 'pending')).toBe(true);
    });

    it('never lists free trials', async () => {
      const onboarded = await onboardedStudent(t);
      for (const filter of ['completed', 'needsAction']) {
        const emails = (await allPages(filter)).map((i) => i.student.email);
        expect(emails).not.toContain(onboarded.email);
      }
    });

    it('pages with a cursor: no repeats, no gaps, in order', async () => {
      for (let i = 0; i < 3; i += 1) await studentWithPurchase(t);
      const everything = (await allPages('pending')).map((i) => i.subscriptionId);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await queue(
          `?status=pending&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.items.length).toBeLessThanOrEqual(2);
        paged.push(...page.items.map((i) => i.subscriptionId));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged).toEqual(everything);
    });

    it.each(['?status=paid', '?limit=0', '?limit=101', '?cursor=nonsense', '?extra=1'])(
      'refuses a bad query %s with 400',
      async (query) => {
        const res = await get(staff.cookie, `${BASE}${query}`);
        expect(res.statusCode).toBe(400);
      },
    );

    it('an item shows the student, the plan, the amounts, the proof and the time', async () => {
      const { user, subId } = await studentWithPurchase(t);
      const item = (await allPages('pending')).find((i) => i.subscriptionId === subId);
      const [txn] = await t.app.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.subscriptionId, subId));
      expect(item).toMatchObject({
        status: 'pending',
        student: { id: user.userId, email: user.email },
        plan: { id: '1-month', name: '1 Month', price: 199, durationInDays: 30 },
        isExtension: false,
        queued: false,
        amount: { expected: 199, recorded: 199, mismatch: false },
        flags: [],
        actions: ['approve', 'requestVerification', 'suspend', 'revoke'],
        transactions: [
          {
            id: txn?.id,
            price: 199,
            discountAmount: 0,
            finalPrice: 199,
            refCode: txn?.refCode,
            screenshotUrl: null,
          },
        ],
      });
    });

    it('shows a screenshot proof with its URL, which staff may open', async () => {
      const { subId } = await studentWithPurchase(t, { screenshot: pngBytes() });
      const item = (await allPages('pending')).find((i) => i.subscriptionId === subId);
      const url = item?.transactions[0]?.screenshotUrl;
      expect(url).toMatch(/^\/api\/files\/images\/paymentScreenshots\/\d+_/);
      expect(item?.transactions[0]?.refCode).toBeNull();
      const file = await get(staff.cookie, url ?? '');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
    });

    it('marks an extension bought while the current subscription runs as queued', async () => {
      const { user, subId } = await studentWithPurchase(t);
      await act(staff.cookie, subId, 'approve', 'Paid in full', 'pending');
      await t.app.inject({
        method: 'POST',
        url: '/api/functions/updateSubscriptionStatus',
        headers: { origin: t.origin, cookie: user.cookie },
        payload: {
          data: { userEmail: user.email, userId: user.userId, subId, newStat: 'completed' },
        },
      });
      const res = await subscribe(t, user.cookie, purchaseInput());
      expect(res.statusCode).toBe(200);
      const extension = res.json().result.subscriptionId as string;
      const item = (await allPages('pending')).find((i) => i.subscriptionId === extension);
      expect(item).toMatchObject({ isExtension: true, queued: true });
    });
  });

  describe('flags', () => {
    it('flags a screenshot another account also uploaded', async () => {
      const image = pngBytes();
      const { subId } = await studentWithPurchase(t, { screenshot: image });
      const clean = (await allPages('pending')).find((i) => i.subscriptionId === subId);
      expect(clean?.flags).toEqual([]);
      // Someone else uploads the very same picture (their purchase with it would be refused).
      const copycat = await signedInUser(t);
      expect((await uploadScreenshot(t, copycat.cookie, image)).statusCode).toBe(201);
      const item = (await allPages('pending')).find((i) => i.subscriptionId === subId);
      expect(item?.flags).toEqual([
        {
          kind: 'reusedScreenshot',
          message: 'Same screenshot also uploaded by 1 other account.',
        },
      ]);
    });

    it('does not flag a student re-uploading their own screenshot', async () => {
      const image = pngBytes();
      const { user, subId } = await studentWithPurchase(t, { screenshot: image });
      expect((await uploadScreenshot(t, user.cookie, image)).statusCode).toBe(201);
      const item = (await allPages('pending')).find((i) => i.subscriptionId === subId);
      expect(item?.flags).toEqual([]);
    });

    it('flags an amount that does not match the plan', async () => {
      const { subId } = await studentWithPurchase(t);
      await t.app.database.db
        .update(transactions)
        .set({ finalPrice: 150, discountAmount: 49 })
        .where(eq(transactions.subscriptionId, subId));
      const item = (await allPages('pending')).find((i) => i.subscriptionId === subId);
      expect(item?.amount).toEqual({
        expected: 199,
        recorded: 150,
        mismatch: true,
        problem: 'Discount 49 is neither 0 nor the free-trial 100.',
      });
      expect(item?.flags.map((f) => f.kind)).toEqual(['amountMismatch']);
    });
  });

  describe('actions', () => {
    it.each([
      ['approve', 'approved'],
      ['requestVerification', 'forVerification'],
      ['suspend', 'suspended'],
      ['revoke', 'revoked'],
    ])('%s: pending → %s, audited with who, when and why', async (action, status) => {
      const { subId } = await studentWithPurchase(t);
      const started = Date.now();
      const res = await act(
        staff.cookie,
        subId,
        action,
        '  Checked the wallet statement.  ',
        'pending',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ subscriptionId: subId, from: 'pending', status });
      expect((await subscriptionRow(t, subId)).status).toBe(status);
      const last = (await auditFor(t, subId)).at(-1);
      expect(last).toMatchObject({
        action: 'updateSubscriptionStatus',
        actorUserId: staff.userId,
        actorEmail: staff.email,
        targetType: 'subscription',
        details: {
          from: 'pending',
          to: status,
          reason: 'Checked the wallet statement.',
          via: 'console',
        },
      });
      expect(last?.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    });

    it.each([
      ['revoked', 'approve'],
      ['revoked', 'suspend'],
      ['approved', 'requestVerification'],
    ])('refuses %s → %s with 409 and writes nothing', async (from, action) => {
      const { subId } = await studentWithPurchase(t);
      const toStatus = { revoked: 'revoke', approved: 'approve' }[from] as string;
      await act(staff.cookie, subId, toStatus, 'first', 'pending');
      const auditBefore = await auditFor(t, subId);
      const res = await act(staff.cookie, subId, action, 'second', from);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.status).toBe('FAILED_PRECONDITION');
      expect((await subscriptionRow(t, subId)).status).toBe(from);
      expect(await auditFor(t, subId)).toEqual(auditBefore);
    });

    it('lifts a suspension: suspended → approved', async () => {
      const { subId } = await studentWithPurchase(t);
      await act(staff.cookie, subId, 'suspend', 'unclear', 'pending');
      const res = await act(
        staff.cookie,
        subId,
        'approve',
        'Student sent the receipt',
        'suspended',
      );
      expect(res.json()).toEqual({ subscriptionId: subId, from: 'suspended', status: 'approved' });
    });

    it.each([
      ['no reason', { action: 'approve', expectedStatus: 'pending' }],
      ['a blank reason', { action: 'approve', reason: '    ', expectedStatus: 'pending' }],
      ['a short reason', { action: 'approve', reason: 'ok', expectedStatus: 'pending' }],
      ['a long reason', { action: 'approve', reason: 'x'.repeat(501), expectedStatus: 'pending' }],
      ['an unknown action', { action: 'complete', reason: 'done now', expectedStatus: 'pending' }],
      ['no expected status', { action: 'approve', reason: 'paid in full' }],
    ])('400 for %s, nothing changes', async (_name, body) => {
      const { subId } = await studentWithPurchase(t);
      const auditBefore = await auditFor(t, subId);
      const res = await postAction(staff.cookie, subId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.status).toBe('INVALID_ARGUMENT');
      expect((await subscriptionRow(t, subId)).status).toBe('pending');
      expect(await auditFor(t, subId)).toEqual(auditBefore);
    });

    it('the reason message is the console text', async () => {
      const { subId } = await studentWithPurchase(t);
      const res = await act(staff.cookie, subId, 'approve', '', 'pending');
      expect(res.json().error.message).toContain(ADMIN_MESSAGES.REASON_REQUIRED);
    });

    it('refuses acting on a status the staff member did not see', async () => {
      const { subId } = await studentWithPurchase(t);
      await act(otherStaff.cookie, subId, 'requestVerification', 'Need the receipt', 'pending');
      const res = await act(staff.cookie, subId, 'revoke', 'Looks fake', 'pending');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(ADMIN_MESSAGES.changedMeanwhile('forVerification'));
      expect((await subscriptionRow(t, subId)).status).toBe('forVerification');
    });

    it('404 for an unknown subscription, 409 for a free trial', async () => {
      const unknown = await act(staff.cookie, NIL_UUID, 'approve', 'paid in full', 'pending');
      expect(unknown.statusCode).toBe(404);
      const onboarded = await onboardedStudent(t);
      const { trialId } = onboarded;
      expect((await get(staff.cookie, `${BASE}/${trialId}`)).statusCode).toBe(404);
      const res = await act(staff.cookie, trialId, 'suspend', 'abuse of trials', 'completed');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(ADMIN_MESSAGES.NOT_A_PAYMENT);
      expect((await subscriptionRow(t, trialId)).status).toBe('completed');
    });

    it("the student's live stream sees the approval", async () => {
      const { user, subId } = await studentWithPurchase(t);
      const stream = await openLiveStream(t.url, user.cookie, [`subscriptions/${subId}`]);
      try {
        await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');
        await act(staff.cookie, subId, 'approve', 'Paid in full', 'pending');
        const change = await stream.waitFor(
          (e) => (e.data as { data?: { status?: string } }).data?.status === 'approved',
        );
        expect(change).toBeTruthy();
      } finally {
        stream.close();
      }
    });
  });

  describe('two staff at once', () => {
    it('both approve: one succeeds, the other is told, one audit row', async () => {
      const { subId } = await studentWithPurchase(t);
      const results = await Promise.all([
        act(staff.cookie, subId, 'approve', 'Paid in full', 'pending'),
        act(otherStaff.cookie, subId, 'approve', 'Paid in full', 'pending'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = results.find((r) => r.statusCode === 409);
      expect(refused?.json().error.message).toBe(ADMIN_MESSAGES.changedMeanwhile('approved'));
      expect((await subscriptionRow(t, subId)).status).toBe('approved');
      const changes = (await auditFor(t, subId)).filter(
        (row) => row.action === 'updateSubscriptionStatus',
      );
      expect(changes).toHaveLength(1);
    });

    it('approve against revoke: exactly one decision, and the status is the winner’s', async () => {
      const { subId } = await studentWithPurchase(t);
      const results = await Promise.all([
        act(staff.cookie, subId, 'approve', 'Paid', 'pending'),
        act(otherStaff.cookie, subId, 'revoke', 'Fake', 'pending'),
      ]);
      const winners = results.filter((r) => r.statusCode === 200);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(1);
      const status = winners[0]?.json().status;
      expect((await subscriptionRow(t, subId)).status).toBe(status);
      const changes = (await auditFor(t, subId)).filter(
        (row) => row.action === 'updateSubscriptionStatus',
      );
      expect(changes.map((c) => c.details.to)).toEqual([status]);
    });
  });

  describe('audit views', () => {
    it("an item's trail: the purchase, then each staff action, oldest first", async () => {
      const { user, subId } = await studentWithPurchase(t);
      await act(staff.cookie, subId, 'requestVerification', 'Send the receipt', 'pending');
      await act(otherStaff.cookie, subId, 'approve', 'Receipt checked', 'forVerification');
      const res = await get(staff.cookie, `${BASE}/${subId}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json();
      expect(detail.item).toMatchObject({ subscriptionId: subId, status: 'approved' });
      expect(
        detail.audit.map((e: { action: string; actorEmail: string; details: { to?: string } }) => [
          e.action,
          e.actorEmail,
          e.details.to ?? null,
        ]),
      ).toEqual([
        ['subscribeUser', user.email, null],
        ['updateSubscriptionStatus', staff.email, 'forVerification'],
        ['updateSubscriptionStatus', otherStaff.email, 'approved'],
      ]);
      expect(detail.audit[1].details.reason).toBe('Send the receipt');
    });

    it('404 for an unknown item, 400 for a malformed id', async () => {
      expect((await get(staff.cookie, `${BASE}/${NIL_UUID}`)).statusCode).toBe(404);
      expect((await get(staff.cookie, `${BASE}/not-a-uuid`)).statusCode).toBe(400);
    });

    it('recent activity: newest first, paged by id', async () => {
      const { subId } = await studentWithPurchase(t);
      await act(staff.cookie, subId, 'suspend', 'Checking', 'pending');
      const first = (await get(staff.cookie, `${BASE}/audit?limit=2`)).json();
      expect(first.entries).toHaveLength(2);
      expect(first.entries[0]).toMatchObject({
        action: 'updateSubscriptionStatus',
        targetId: subId,
        actorEmail: staff.email,
        details: { to: 'suspended', reason: 'Checking' },
      });
      expect(first.entries[0].id).toBeGreaterThan(first.entries[1].id);
      expect(first.nextBefore).toBe(first.entries[1].id);
      const second = (
        await get(staff.cookie, `${BASE}/audit?limit=2&before=${first.nextBefore}`)
      ).json();
      expect(second.entries[0].id).toBeLessThan(first.entries[1].id);
      const total = await t.app.database.db.select().from(auditLog);
      expect(total.length).toBeGreaterThan(2);
    });
  });
});
