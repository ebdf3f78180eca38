import {
  BUILTIN_STATEMENT_MAPPINGS,
  type ReconciliationView,
  type ReviewItem,
  type ReviewQueueResponse,
  STATEMENT_MESSAGES,
} from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { statementImports, subscriptions, users } from '../../src/platform/db/schema.ts';
import { openLiveStream } from '../helpers/live-stream.ts';
import { signedInUser, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  auditFor,
  newRefCode,
  pngBytes,
  startWithStaff,
  studentWithPurchase,
  subscriptionRow,
  type TestUser,
} from '../subscriptions/purchase-helpers.ts';
import {
  backdatePurchase,
  firstTransactionOf,
  gcashCsv,
  gcashDateText,
  keptCounts,
  lineByReference,
  setReading,
  uploadStatement,
} from './reconciliation-helpers.ts';
import { gcashStatementPage, makePdf } from './statements/pdf-fixtures.ts';

const BASE = '/api/admin/payments';
const HOUR = 3600_000;
const NIL_UUID = '00000000-0000-4000-8000-000000000000';
const ids = (items: { subscriptionId: string }[]) => items.map((i) => i.subscriptionId);

describe.each(ENGINES)('reconciliation against the statement on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  let student: TestUser;
  beforeAll(async () => {
    ({ t, staff } = await startWithStaff(engine));
    student = await signedInUser(t);
  });
  afterAll(() => t.close());

  const view = async (): Promise<ReconciliationView> => {
    const res = await t.app.inject({
      url: `${BASE}/reconciliation`,
      headers: { cookie: staff.cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const approveMatched = (cookie: string | null, subscriptionIds: string[]) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/reconciliation/approve-matched`,
      headers: { origin: t.origin, ...(cookie ? { cookie } : {}) },
      payload: { subscriptionIds },
    });
  /** A student's purchase by typed reference, submitted `hoursAgo` hours ago. */
  const purchase = async (hoursAgo = 2) => {
    const { user, subId } = await studentWithPurchase(t);
    await backdatePurchase(t, subId, new Date(Date.now() - hoursAgo * HOUR));
    const txn = await firstTransactionOf(t, subId);
    return { user, subId, ref: txn.refCode ?? '', centavos: txn.finalPrice * 100 };
  };

  describe('who may call it', () => {
    const routes: [string, string, unknown][] = [
      ['GET', `${BASE}/statement-mappings`, undefined],
      ['POST', `${BASE}/statement-mappings`, { id: 'x' }],
      ['POST', `${BASE}/statements?mapping=gcash-history`, 'Date and Time,Credit'],
      ['GET', `${BASE}/reconciliation`, undefined],
      ['POST', `${BASE}/reconciliation/approve-matched`, { subscriptionIds: [NIL_UUID] }],
    ];
    it.each(routes)(
      '%s %s: 401 anonymous, 403 for a student, nothing kept',
      async (method, url, body) => {
        const before = await keptCounts(t);
        for (const [cookie, status] of [
          [null, 401],
          [student.cookie, 403],
        ] as const) {
          const res = await t.app.inject({
            method: method as 'GET' | 'POST',
            url,
            headers: {
              origin: t.origin,
              ...(typeof body === 'string' ? { 'content-type': 'text/csv' } : {}),
              ...(cookie ? { cookie } : {}),
            },
            ...(body !== undefined ? { payload: body as string } : {}),
          });
          expect(res.statusCode).toBe(status);
        }
        expect(await keptCounts(t)).toEqual(before);
      },
    );

    it('a student cannot approve their own purchase through reconciliation', async () => {
      const p = await purchase();
      await uploadStatement(
        t,
        staff.cookie,
        gcashCsv([{ at: new Date(Date.now() - 3 * HOUR), reference: p.ref, centavos: p.centavos }]),
      );
      const res = await approveMatched(p.user.cookie, [p.subId]);
      expect(res.statusCode).toBe(403);
      expect((await subscriptionRow(t, p.subId)).status).toBe('pending');
    });
  });

  describe('column mappings', () => {
    it('ships GCash, Maya and BDO, as core defines them', async () => {
      const res = await t.app.inject({
        url: `${BASE}/statement-mappings`,
        headers: { cookie: staff.cookie },
      });
      expect(res.statusCode).toBe(200);
      const shipped = res.json().mappings.filter((m: { builtin: boolean }) => m.builtin);
      expect(shipped.map(({ builtin: _, ...m }: { builtin: boolean }) => m)).toEqual(
        expect.arrayContaining([...BUILTIN_STATEMENT_MAPPINGS]),
      );
      expect(shipped).toHaveLength(3);
    });

    const mapping = {
      id: 'landbank-csv',
      label: 'Landbank CSV',
      source: 'landbank',
      columns: { date: ['Txn Date'], credit: ['Deposit'], reference: ['Ref'] },
      dateFormats: ['MM/DD/YYYY'],
      referenceKind: 'digits',
    };
    const addMapping = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/statement-mappings`,
        headers: { origin: t.origin, cookie: staff.cookie },
        payload: body as object,
      });

    it('staff add one, audited, and a statement in that layout reads with it', async () => {
      const res = await addMapping(mapping);
      expect(res.statusCode).toBe(201);
      expect(res.json().mappings).toContainEqual({ ...mapping, builtin: false });
      expect((await auditFor(t, 'landbank-csv'))[0]?.action).toBe('addStatementMapping');
      const csv = Buffer.from('Txn Date,Deposit,Ref\r\n10/05/2026,"1,500.00",7012345678901\r\n');
      const up = await uploadStatement(t, staff.cookie, csv, { mapping: 'landbank-csv' });
      expect(up.statusCode).toBe(201);
      expect(up.json().import).toMatchObject({ lines: 1, newLines: 1 });
      expect(await lineByReference(t, '7012345678901')).toMatchObject({
        source: 'landbank',
        amountCentavos: 150_000,
      });
    });

    it.each([
      ['a taken id', { ...mapping, label: 'Again' }, 409],
      ['a repeated repetition', { ...mapping, id: 'bad-one', referencePattern: '(\\d+)+' }, 400],
      ['no money column', { ...mapping, id: 'bad-two', columns: { date: ['D'] } }, 400],
      [
        'a date format without a year',
        { ...mapping, id: 'bad-three', dateFormats: ['MM/DD'] },
        400,
      ],
    ])('refuses %s, adding nothing', async (_, body, status) => {
      if (status === 409) await addMapping(mapping);
      const before = (
        await t.app.inject({ url: `${BASE}/statement-mappings`, headers: { cookie: staff.cookie } })
      ).json();
      const res = await addMapping(body);
      expect(res.statusCode).toBe(status);
      const after = (
        await t.app.inject({ url: `${BASE}/statement-mappings`, headers: { cookie: staff.cookie } })
      ).json();
      expect(after).toEqual(before);
    });
  });

  describe('importing a statement', () => {
    it('keeps each line of money in once: the same file twice, then an overlapping one, add only the new', async () => {
      const base = Date.now() - 30 * HOUR;
      const rows = [0, 1, 2].map((i) => ({
        at: new Date(base + i * HOUR),
        reference: newRefCode(),
        centavos: 50_000 + i,
      }));
      const out = { at: new Date(base), reference: newRefCode(), centavos: 1000, debit: true };
      const before = await keptCounts(t);
      const first = await uploadStatement(t, staff.cookie, gcashCsv([...rows, out]));
      expect(first.statusCode).toBe(201);
      expect(first.json().import).toMatchObject({
        kind: 'csv',
        lines: 3,
        newLines: 3,
        outgoing: 1,
      });
      expect(await lineByReference(t, out.reference)).toBeNull();
      const again = await uploadStatement(t, staff.cookie, gcashCsv([...rows, out]));
      expect(again.json().import).toMatchObject({ lines: 3, newLines: 0 });
      const later = { at: new Date(base + 5 * HOUR), reference: newRefCode(), centavos: 70_000 };
      const overlap = await uploadStatement(
        t,
        staff.cookie,
        gcashCsv([rows[2] as (typeof rows)[0], later]),
      );
      expect(overlap.json().import).toMatchObject({ lines: 2, newLines: 1 });
      const after = await keptCounts(t);
      expect(after.lines - before.lines).toBe(4);
      expect(after.imports - before.imports).toBe(3);
      const line = await lineByReference(t, rows[0]?.reference ?? '');
      expect(line).toMatchObject({
        amountCentavos: 50_000,
        sender: 'JUAN DELA CRUZ',
        timeKnown: true,
      });
      // The date is the export's Manila wall clock, kept to the minute.
      expect(gcashDateText(line?.occurredAt ?? new Date(0))).toBe(
        gcashDateText(rows[0]?.at ?? new Date(0)),
      );
    });

    it('audits the upload with its figures and hash, never its lines', async () => {
      const reference = newRefCode();
      const res = await uploadStatement(
        t,
        staff.cookie,
        gcashCsv([
          {
            at: new Date(Date.now() - 40 * HOUR),
            reference,
            centavos: 12_345,
            description: 'Received GCash from SECRET SENDER',
          },
        ]),
      );
      const importId = res.json().import.importId;
      const [entry] = await auditFor(t, importId);
      expect(entry).toMatchObject({
        action: 'uploadStatement',
        actorEmail: staff.email,
        targetType: 'statementImport',
      });
      expect(entry?.details).toMatchObject({
        lines: 1,
        newLines: 1,
        fileSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const text = JSON.stringify(entry);
      expect(text).not.toContain(reference);
      expect(text).not.toContain('SECRET');
    });

    it('reads a PDF statement, and asks for the password of a protected one without keeping it', async () => {
      const reference = newRefCode();
      const page = gcashStatementPage([
        {
          date: gcashDateText(new Date(Date.now() - 50 * HOUR)),
          description: 'Received GCash from ANA REYES',
          reference,
          credit: '250.00',
          balance: '1,250.00',
        },
      ]);
      const plain = await uploadStatement(t, staff.cookie, makePdf({ pages: [page] }), {
        type: 'application/pdf',
      });
      expect(plain.statusCode).toBe(201);
      expect(plain.json().import).toMatchObject({ kind: 'pdf', lines: 1, newLines: 1 });

      const reference2 = newRefCode();
      const locked = makePdf({
        pages: [
          gcashStatementPage([
            {
              date: gcashDateText(new Date(Date.now() - 49 * HOUR)),
              description: 'Received GCash from ANA REYES',
              reference: reference2,
              credit: '260.00',
              balance: '1,510.00',
            },
          ]),
        ],
        password: 'last4-6789',
      });
      const before = await keptCounts(t);
      const asked = await uploadStatement(t, staff.cookie, locked, { type: 'application/pdf' });
      expect(asked.statusCode).toBe(400);
      expect(asked.json().error.reason).toBe('pdfPasswordRequired');
      const wrong = await uploadStatement(t, staff.cookie, locked, {
        type: 'application/pdf',
        password: 'nope',
      });
      expect(wrong.json().error.reason).toBe('pdfPasswordWrong');
      expect(await keptCounts(t)).toEqual(before);
      const opened = await uploadStatement(t, staff.cookie, locked, {
        type: 'application/pdf',
        password: 'last4-6789',
      });
      expect(opened.statusCode).toBe(201);
      expect(await lineByReference(t, reference2)).toMatchObject({ amountCentavos: 26_000 });
      const [entry] = await auditFor(t, opened.json().import.importId);
      expect(JSON.stringify(entry)).not.toContain('last4-6789');
    });

    const row = () => ({
      at: new Date(Date.now() - 20 * HOUR),
      reference: newRefCode(),
      centavos: 19_900,
    });
    it.each([
      [
        'a formula cell (CSV injection)',
        () =>
          Buffer.from(
            `Date and Time,Description,Reference No.,Debit,Credit,Balance\r\n2026-10-05 09:30 PM,=SUM(A1:A9),1234567890123,,199.00,\r\n`,
          ),
        400,
        'refused',
      ],
      [
        'a zip (an xlsx, or a zip bomb: never opened)',
        () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000)]),
        400,
        'archive',
      ],
      [
        'a PDF with a script',
        () =>
          Buffer.from(
            makePdf({ pages: [[{ x: 40, y: 700, text: 'x' }]], openActionScript: 'app.alert(1)' }),
          ),
        400,
        'pdfActiveContent',
      ],
      [
        'a PDF that inflates into a bomb',
        () =>
          Buffer.from(
            makePdf({
              pages: [[{ x: 40, y: 700, text: 'x' }]],
              compress: true,
              bombBytes: 80 * 1024 * 1024,
            }),
          ),
        400,
        'pdfTooComplex',
      ],
      ['an image', () => pngBytes(4000), 400, 'notText'],
      [
        'an unreadable row',
        () => Buffer.concat([gcashCsv([row()]), Buffer.from('\r\n2026-13-45 99:99 PM,x,1,,5.00,')]),
        400,
        'badRows',
      ],
      ['another export', () => Buffer.from('When,What,How much\r\n1,2,3\r\n'), 400, 'refused'],
      ['an empty file', () => Buffer.alloc(0), 400, undefined],
      ['more than 16 MB', () => Buffer.alloc(16 * 1024 * 1024 + 10, 0x41), 413, 'tooLarge'],
    ] as const)(
      'refuses %s with a clear error, keeping nothing',
      async (_, body, status, reason) => {
        const before = await keptCounts(t);
        const res = await uploadStatement(t, staff.cookie, body());
        expect(res.statusCode).toBe(status);
        expect(res.json().error.message.length).toBeGreaterThan(10);
        if (reason) expect(res.json().error.reason).toBe(reason);
        expect(await keptCounts(t)).toEqual(before);
      },
    );

    it('refuses an unknown mapping', async () => {
      const res = await uploadStatement(t, staff.cookie, gcashCsv([row()]), { mapping: 'nope' });
      expect(res.statusCode).toBe(404);
      expect(STATEMENT_MESSAGES.EMPTY).toBeTruthy();
    });
  });

  describe('matching and approving', () => {
    it('sorts each purchase into its list, and approves the matched in one audited action', async () => {
      const matched = await purchase(5);
      const differs = await purchase(5);
      const missing = await purchase(30);
      const spare = newRefCode();
      const up = await uploadStatement(
        t,
        staff.cookie,
        gcashCsv([
          {
            at: new Date(Date.now() - 6 * HOUR),
            reference: matched.ref,
            centavos: matched.centavos,
          },
          {
            at: new Date(Date.now() - 6 * HOUR),
            reference: differs.ref,
            centavos: differs.centavos - 5000,
          },
          {
            at: new Date(Date.now() - 1 * HOUR),
            reference: spare,
            centavos: 77_700,
            description: 'Received GCash from PEDRO PENDUKO with account ending in 1111',
          },
        ]),
      );
      expect(up.statusCode).toBe(201);
      const v = await view();
      expect(v.autoApproveMatched).toBe(false);
      const m = v.matched.find((i) => i.subscriptionId === matched.subId);
      expect(m).toMatchObject({
        matchedBy: 'reference',
        typedReferences: [matched.ref],
        line: { reference: matched.ref, amountCentavos: matched.centavos },
      });
      const d = v.amountDiffers.find((i) => i.subscriptionId === differs.subId);
      expect(d).toMatchObject({
        chargedCentavos: differs.centavos,
        line: { amountCentavos: differs.centavos - 5000 },
      });
      expect(ids(v.notInStatement)).toContain(missing.subId);
      expect(v.paidNotClaimed.find((l) => l.reference === spare)).toMatchObject({
        sender: 'PEDRO PENDUKO',
        amountCentavos: 77_700,
      });
      expect(ids(v.matched)).not.toContain(differs.subId);

      const res = await approveMatched(staff.cookie, [matched.subId, differs.subId]);
      expect(res.statusCode).toBe(200);
      expect(res.json().approved).toEqual([matched.subId]);
      expect(res.json().skipped).toEqual([
        { subscriptionId: differs.subId, why: expect.any(String) },
      ]);
      expect((await subscriptionRow(t, matched.subId)).status).toBe('approved');
      expect((await subscriptionRow(t, differs.subId)).status).toBe('pending');
      const line = await lineByReference(t, matched.ref);
      expect(line).toMatchObject({
        claimedBySubscriptionId: matched.subId,
        claimedVia: 'reconciliation',
      });
      const audit = (await auditFor(t, matched.subId)).filter(
        (e) => e.action === 'updateSubscriptionStatus',
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorEmail: staff.email,
        details: {
          from: 'pending',
          to: 'approved',
          via: 'reconciliation',
          statementLine: {
            identity: line?.identity,
            reference: matched.ref,
            amountCentavos: matched.centavos,
          },
        },
      });

      // Approved purchases leave the lists; their line is no longer unclaimed; approving again does nothing.
      const after = await view();
      expect(ids(after.matched)).not.toContain(matched.subId);
      expect(after.paidNotClaimed.map((l) => l.reference)).not.toContain(matched.ref);
      const again = await approveMatched(staff.cookie, [matched.subId]);
      expect(again.json()).toEqual({
        approved: [],
        skipped: [{ subscriptionId: matched.subId, why: expect.any(String) }],
      });
      expect(
        (await auditFor(t, matched.subId)).filter((e) => e.action === 'updateSubscriptionStatus'),
      ).toHaveLength(1);
    });

    it('a purchase newer than the statement waits; a purchase with no reference matches by amount and time only', async () => {
      const fresh = await purchase(-1);
      const v = await view();
      expect([...ids(v.matched), ...ids(v.notInStatement), ...ids(v.amountDiffers)]).not.toContain(
        fresh.subId,
      );
      expect(v.notYetCovered).toBeGreaterThan(0);
    });

    it('one reference, one purchase: across statements, typed codes and screenshot readings', async () => {
      // A purchase approved by hand before any statement: its typed code is spent.
      const byHand = await purchase(8);
      const approve = await t.app.inject({
        method: 'POST',
        url: `${BASE}/${byHand.subId}/actions`,
        headers: { origin: t.origin, cookie: staff.cookie },
        payload: { action: 'approve', reason: 'Seen in the app', expectedStatus: 'pending' },
      });
      expect(approve.statusCode).toBe(200);
      // A screenshot-only purchase whose reading is that same code, and one whose reading is new.
      const copycat = await studentWithPurchase(t, { screenshot: pngBytes(300) });
      const honest = await studentWithPurchase(t, { screenshot: pngBytes(300) });
      for (const s of [copycat, honest])
        await backdatePurchase(t, s.subId, new Date(Date.now() - 4 * HOUR));
      const honestRef = newRefCode();
      const copyTxn = await firstTransactionOf(t, copycat.subId);
      const honestTxn = await firstTransactionOf(t, honest.subId);
      await setReading(t, copyTxn.id, {
        reference: byHand.ref,
        amountCentavos: copyTxn.finalPrice * 100,
      });
      await setReading(t, honestTxn.id, {
        reference: honestRef,
        amountCentavos: honestTxn.finalPrice * 100,
      });
      await uploadStatement(
        t,
        staff.cookie,
        gcashCsv([
          { at: new Date(Date.now() - 9 * HOUR), reference: byHand.ref, centavos: byHand.centavos },
          {
            at: new Date(Date.now() - 5 * HOUR),
            reference: honestRef,
            centavos: honestTxn.finalPrice * 100,
          },
        ]),
      );
      const v = await view();
      const flagged = v.notInStatement.find((i) => i.subscriptionId === copycat.subId);
      expect(flagged?.referenceUsed).toEqual({ reference: byHand.ref, byOtherPurchase: true });
      expect(flagged?.readings[0]).toMatchObject({
        reference: byHand.ref,
        referenceUsedElsewhere: true,
      });
      expect(v.paidNotClaimed.map((l) => l.reference)).not.toContain(byHand.ref);
      const read = v.matched.find((i) => i.subscriptionId === honest.subId);
      expect(read).toMatchObject({ matchedBy: 'reference', typedReferences: [] });
      expect(read?.readings[0]).toMatchObject({
        reference: honestRef,
        referenceAgrees: true,
        amountAgrees: true,
        referenceUsedElsewhere: false,
      });

      const res = await approveMatched(staff.cookie, [copycat.subId, honest.subId]);
      expect(res.json().approved).toEqual([honest.subId]);
      expect((await subscriptionRow(t, copycat.subId)).status).toBe('pending');
      expect((await lineByReference(t, byHand.ref))?.claimedBySubscriptionId).toBeNull();
      // The same line, in a later overlapping statement, is still the honest purchase's alone.
      await uploadStatement(
        t,
        staff.cookie,
        gcashCsv([
          {
            at: new Date(Date.now() - 5 * HOUR),
            reference: honestRef,
            centavos: honestTxn.finalPrice * 100,
          },
        ]),
      );
      expect((await lineByReference(t, honestRef))?.claimedBySubscriptionId).toBe(honest.subId);
      expect(ids((await view()).matched)).not.toContain(honest.subId);
    });

    it("the student's banner changes live when reconciliation approves their purchase", async () => {
      const p = await purchase(3);
      const stream = await openLiveStream(t.url, p.user.cookie, [`subscriptions/${p.subId}`]);
      try {
        await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');
        await uploadStatement(
          t,
          staff.cookie,
          gcashCsv([
            { at: new Date(Date.now() - 4 * HOUR), reference: p.ref, centavos: p.centavos },
          ]),
        );
        expect((await approveMatched(staff.cookie, [p.subId])).json().approved).toEqual([p.subId]);
        const change = await stream.waitFor(
          (e) => (e.data as { data?: { status?: string } }).data?.status === 'approved',
        );
        expect(change).toBeTruthy();
      } finally {
        stream.close();
      }
    });
  });
});

describe.each(ENGINES)('AUTO_APPROVE_MATCHED=true on %s', (engine) => {
  it('a statement landing approves what it matches by reference, audited, and nothing else', async () => {
    const { startTestApp } = await import('../helpers/test-app.ts');
    const { createStaff } = await import('../helpers/factories.ts');
    const { tempDataDir } = await import('../subscriptions/purchase-helpers.ts');
    const t = await startTestApp(engine, { DATA_DIR: tempDataDir(), AUTO_APPROVE_MATCHED: 'true' });
    try {
      const staff = await createStaff(t);
      const a = await studentWithPurchase(t);
      const b = await studentWithPurchase(t);
      const ta = await firstTransactionOf(t, a.subId);
      const tb = await firstTransactionOf(t, b.subId);
      const res = await uploadStatement(
        t,
        staff.cookie,
        gcashCsv([
          {
            at: new Date(Date.now() - HOUR),
            reference: ta.refCode ?? '',
            centavos: ta.finalPrice * 100,
          },
          {
            at: new Date(Date.now() - HOUR),
            reference: tb.refCode ?? '',
            centavos: tb.finalPrice * 100 + 100,
          },
        ]),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().autoApproved).toEqual([a.subId]);
      expect((await subscriptionRow(t, a.subId)).status).toBe('approved');
      expect((await subscriptionRow(t, b.subId)).status).toBe('pending');
      const [entry] = (await auditFor(t, a.subId)).filter(
        (e) => e.action === 'updateSubscriptionStatus',
      );
      expect(entry).toMatchObject({
        actorEmail: 'auto-approve',
        details: { via: 'reconciliation', statementLine: { reference: ta.refCode } },
      });
      const imports = await t.app.database.db
        .select()
        .from(statementImports)
        .where(eq(statementImports.id, res.json().import.importId));
      expect(imports).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

const reconciliationOf = async (t: TestApp, staff: TestUser): Promise<ReconciliationView> =>
  (await t.app.inject({ url: `${BASE}/reconciliation`, headers: { cookie: staff.cookie } })).json();

/** A purchase proven by a screenshot not read (yet): it has no reference at all. */
const unreadPurchase = async (t: TestApp, hoursAgo: number) => {
  const { subId } = await studentWithPurchase(t, { screenshot: pngBytes(300) });
  await backdatePurchase(t, subId, new Date(Date.now() - hoursAgo * HOUR));
  return subId;
};

/** A statement with one line of the purchase's amount, an hour before it was made; its reference. */
const statementPaying = async (t: TestApp, staff: TestUser, subId: string) => {
  const charged = (await firstTransactionOf(t, subId)).finalPrice * 100;
  const reference = newRefCode();
  await uploadStatement(
    t,
    staff.cookie,
    gcashCsv([{ at: new Date(Date.now() - 4 * HOUR), reference, centavos: charged }]),
  );
  return reference;
};

// The reconciliation card sends a match by amount and time to the Payments tab, approved there one
// by one. That approval left the line unclaimed: free again, a second purchase of the same amount
// and time matched it, and one transfer paid for two purchases.
describe.each(ENGINES)('approving from the Payments tab on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    ({ t, staff } = await startWithStaff(engine));
  });
  afterAll(() => t.close());

  const view = () => reconciliationOf(t, staff);
  const unread = (hoursAgo: number) => unreadPurchase(t, hoursAgo);

  it('spends the statement line the purchase is matched to', async () => {
    const first = await unread(3);
    const reference = await statementPaying(t, staff, first);
    expect((await view()).matched.find((i) => i.subscriptionId === first)).toMatchObject({
      matchedBy: 'amountAndTime',
      line: { reference },
    });
    const approve = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${first}/actions`,
      headers: { origin: t.origin, cookie: staff.cookie },
      payload: { action: 'approve', reason: 'Amount and time agree', expectedStatus: 'pending' },
    });
    expect(approve.statusCode).toBe(200);
    expect(await lineByReference(t, reference)).toMatchObject({
      claimedBySubscriptionId: first,
      claimedVia: 'console',
    });
    const [entry] = (await auditFor(t, first)).filter(
      (e) => e.action === 'updateSubscriptionStatus',
    );
    expect(entry?.details).toMatchObject({ via: 'console', statementLine: { reference } });

    // A second purchase of that amount, in that window: the line is spent, so it is no match,
    // nor a candidate.
    const second = await unread(5);
    const after = await view();
    expect(ids(after.matched)).not.toContain(second);
    expect(after.notInStatement.find((i) => i.subscriptionId === second)?.candidates).toEqual([]);
    expect(after.paidNotClaimed.map((l) => l.reference)).not.toContain(reference);
  });
});

// The Payments card showed only a line citing the purchase's reference, so staff approving a
// purchase matched by amount and time did not see the line their Approve would claim. A fresh app:
// a purchase left pending by another test would make the match ambiguous.
describe.each(ENGINES)('the Payments queue on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    ({ t, staff } = await startWithStaff(engine));
  });
  afterAll(() => t.close());

  const queue = async (status: string): Promise<ReviewItem[]> => {
    const res = await t.app.inject({
      url: `${BASE}?status=${status}`,
      headers: { cookie: staff.cookie },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as ReviewQueueResponse).items;
  };
  const itemOf = (items: ReviewItem[], subId: string) =>
    items.find((i) => i.subscriptionId === subId);

  it('shows the statement line each Approve would claim and how it matched', async () => {
    const typed = await studentWithPurchase(t);
    await backdatePurchase(t, typed.subId, new Date(Date.now() - 3 * HOUR));
    const typedTxn = await firstTransactionOf(t, typed.subId);
    await uploadStatement(
      t,
      staff.cookie,
      gcashCsv([
        {
          at: new Date(Date.now() - 4 * HOUR),
          reference: typedTxn.refCode ?? '',
          centavos: typedTxn.finalPrice * 100,
        },
      ]),
    );
    const unread = await unreadPurchase(t, 3);
    const reference = await statementPaying(t, staff, unread);
    const charged = (await firstTransactionOf(t, unread)).finalPrice * 100;

    const waiting = await queue('needsAction');
    // No reference of its own cites the line: it is the one reconciliation matched by amount and time.
    expect(itemOf(waiting, unread)?.statementLine).toMatchObject({
      reference,
      amountCentavos: charged,
      matchedBy: 'amountAndTime',
      claimedBy: 'none',
    });
    expect(itemOf(waiting, typed.subId)?.statementLine).toMatchObject({
      reference: typedTxn.refCode,
      matchedBy: 'reference',
      claimedBy: 'none',
    });
    const detail = await t.app.inject({
      url: `${BASE}/${unread}`,
      headers: { cookie: staff.cookie },
    });
    expect(detail.json().item.statementLine).toMatchObject({
      reference,
      matchedBy: 'amountAndTime',
    });

    // Approving it claims that very line, which the card then shows as this purchase's.
    const approve = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${unread}/actions`,
      headers: { origin: t.origin, cookie: staff.cookie },
      payload: { action: 'approve', reason: 'Amount and time agree', expectedStatus: 'pending' },
    });
    expect(approve.statusCode).toBe(200);
    expect(await lineByReference(t, reference)).toMatchObject({ claimedBySubscriptionId: unread });
    expect(itemOf(await queue('approved'), unread)?.statementLine).toMatchObject({
      reference,
      claimedBy: 'this',
      matchedBy: null,
    });
  });
});

// Staff have two more doors to the same status change: the server function and the operator CLI.
// Neither claimed the line, so a second purchase matched it and was approved on it too. A fresh
// app each: a purchase left pending by another test would make the match ambiguous.
describe.each(
  ENGINES.flatMap((engine) =>
    (['cli', 'function'] as const).map((door) => [door, engine] as const),
  ),
)('approving through the %s on %s', (door, engine) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    ({ t, staff } = await startWithStaff(engine));
  });
  afterAll(() => t.close());

  const view = () => reconciliationOf(t, staff);
  const unread = (hoursAgo: number) => unreadPurchase(t, hoursAgo);

  it('an approval through it spends the line as well', async () => {
    const first = await unread(3);
    const reference = await statementPaying(t, staff, first);
    if (door === 'cli') {
      const code = await runAdminCommand(['set-status', first, 'approved', 'paid'], {
        db: t.app.database.db,
        out: () => undefined,
        err: () => undefined,
      });
      expect(code).toBe(0);
    } else {
      const [sub] = await t.app.database.db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(eq(subscriptions.id, first));
      const owner = await t.app.database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, sub?.userId ?? ''));
      const called = await t.app.inject({
        method: 'POST',
        url: '/api/functions/updateSubscriptionStatus',
        headers: { origin: t.origin, cookie: staff.cookie },
        payload: {
          data: {
            subId: first,
            newStat: 'approved',
            userId: sub?.userId,
            userEmail: owner[0]?.email,
          },
        },
      });
      expect(called.statusCode).toBe(200);
    }
    expect(await lineByReference(t, reference)).toMatchObject({
      claimedBySubscriptionId: first,
      claimedVia: door,
    });
    const second = await unread(5);
    expect(ids((await view()).matched)).not.toContain(second);
  });
});
