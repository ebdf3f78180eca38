import type { ReviewItem } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CHROMIUM } from '../../../../scripts/test-chromium.mjs';
import { READER_DIED } from '../../src/modules/subscriptions/reconciliation.repository.ts';
import {
  MAX_ATTEMPTS,
  readNextScreenshot,
} from '../../src/modules/subscriptions/screenshot-reading.service.ts';
import {
  createReceiptReader,
  type ReceiptReader,
} from '../../src/modules/subscriptions/statements/receipt-reader.ts';
import { screenshotReadings } from '../../src/platform/db/schema.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  pngBytes,
  startWithStaff,
  studentWithPurchase,
  type TestUser,
} from '../subscriptions/purchase-helpers.ts';
import {
  backdatePurchase,
  firstTransactionOf,
  gcashCsv,
  setReading,
  uploadStatement,
} from './reconciliation-helpers.ts';
import { PHONE_SCREENS, renderReceipt } from './statements/receipt-screens.ts';

// Issue 26 item 3: a student's payment screenshot is read by OCR in a background job whose queue
// is a table, so it survives a restart; what it reads makes a screenshot-only proof matchable.

let browser: Browser;
let reader: ReceiptReader;
beforeAll(async () => {
  [browser, reader] = await Promise.all([
    chromium.launch({
      executablePath: TEST_CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    }),
    createReceiptReader(),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), reader?.close()]);
});

/** A GCash receipt of `centavos` with `reference`, as a phone's JPEG screenshot. */
async function gcashReceipt(reference: string, centavos: number): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const bytes = await renderReceipt(
      page,
      {
        layout: 'gcash',
        reference,
        amountCentavos: centavos,
        paidAt: new Date(Date.now() - 3 * 3600_000),
        recipientName: 'PA***O R.',
        recipientNumber: '+63 917 000 0000',
        phone: PHONE_SCREENS[1] ?? { width: 390, height: 844, scale: 3 },
        statusBarTime: '9:41',
        batteryPercent: 80,
      },
      { jpegQuality: 85, crop: { top: 0, right: 0, bottom: 0, left: 0 } },
    );
    return Buffer.from(bytes);
  } finally {
    await page.close();
  }
}

describe.each(ENGINES)('reading payment screenshots on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    ({ t, staff } = await startWithStaff(engine));
  });
  afterAll(() => t.close());

  const readingRow = async (transactionId: string) => {
    const [row] = await t.app.database.db
      .select()
      .from(screenshotReadings)
      .where(eq(screenshotReadings.transactionId, transactionId));
    return row;
  };
  const runJob = (now = new Date()) =>
    readNextScreenshot(t.app.database.db, {
      storage: t.app.storage,
      reader: async () => reader,
      now: () => now,
    });
  /** Runs the job until the queue is empty. */
  const drain = async () => {
    for (let i = 0; i < 20; i += 1) if ((await runJob()).kind === 'idle') return;
  };
  const reviewItem = async (subId: string): Promise<ReviewItem> =>
    (
      await t.app.inject({
        url: `/api/admin/payments/${subId}`,
        headers: { cookie: staff.cookie },
      })
    ).json().item;

  it('queues the screenshot with the purchase, reads it off the request, and makes it matchable', async () => {
    // A reference fixed, so the image is: this test holds the pipeline, not the reader's accuracy
    // (bench:ocr measures that). A reference from the clock was misread by one digit in one of six
    // clean-clone runs on 2026-11-28 ('8357218590007' read as '8357218500007'), failing the run.
    const reference = '4711902365548';
    const { subId } = await studentWithPurchase(t, {
      screenshot: await gcashReceipt(reference, 19_900),
    });
    const txn = await firstTransactionOf(t, subId);
    expect(await readingRow(txn.id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await reviewItem(subId)).transactions[0]?.reading).toMatchObject({
      status: 'queued',
      summary: null,
    });

    await drain();
    const row = await readingRow(txn.id);
    expect(row).toMatchObject({
      status: 'done',
      attempts: 1,
      layout: 'gcash',
      reference,
      amountCentavos: 19_900,
    });
    // Stored beside what was read; its size depends on which of the reader's passes found the
    // reference (a busy machine's slower pass may vote it in at 0), so only its presence is held.
    expect(row?.referenceConfidence).toEqual(expect.any(Number));
    expect((await reviewItem(subId)).transactions[0]?.reading?.summary).toBe(
      `Read from the screenshot: reference ${reference}, amount ₱199.00 ✓`,
    );

    // The statement has it: the screenshot-only purchase is matched by its read reference.
    await backdatePurchase(t, subId, new Date(Date.now() - 2 * 3600_000));
    await uploadStatement(
      t,
      staff.cookie,
      gcashCsv([{ at: new Date(Date.now() - 3 * 3600_000), reference, centavos: 19_900 }]),
    );
    const view = (
      await t.app.inject({
        url: '/api/admin/payments/reconciliation',
        headers: { cookie: staff.cookie },
      })
    ).json();
    const matched = view.matched.find(
      (i: { subscriptionId: string }) => i.subscriptionId === subId,
    );
    expect(matched).toMatchObject({
      matchedBy: 'reference',
      readings: [{ reference, referenceAgrees: true, amountAgrees: true }],
    });
    const item = await reviewItem(subId);
    expect(item.statementLine).toMatchObject({
      reference,
      amountCentavos: 19_900,
      claimedBy: 'none',
    });
    expect(item.transactions[0]?.reading?.summary).toBe(
      `Read from the screenshot: reference ${reference} ✓, amount ₱199.00 ✓`,
    );
  });

  it('a file that is not an image fails for good with a reason; nothing is retried', async () => {
    const { subId } = await studentWithPurchase(t, { screenshot: pngBytes(600) });
    const txn = await firstTransactionOf(t, subId);
    await drain();
    const row = await readingRow(txn.id);
    expect(row?.status).toBe('failed');
    expect(row?.error?.length).toBeGreaterThan(5);
    expect((await runJob()).kind).toBe('idle');
  });

  it('survives a restart: a reading whose reader died is taken again once its lease ends', async () => {
    const { subId } = await studentWithPurchase(t, { screenshot: pngBytes(500) });
    const txn = await firstTransactionOf(t, subId);
    const now = new Date();
    // A process takes it and dies mid-read.
    await t.app.database.db
      .update(screenshotReadings)
      .set({ status: 'reading', attempts: 1, leaseUntil: new Date(now.getTime() + 60_000) })
      .where(eq(screenshotReadings.transactionId, txn.id));
    expect((await runJob(now)).kind).toBe('idle');
    const later = await runJob(new Date(now.getTime() + 61_000));
    expect(later).toMatchObject({ transactionId: txn.id });
    expect((await readingRow(txn.id))?.attempts).toBe(2);
  });

  it('a reading whose reader died on its last attempt fails for good, out of the backlog', async () => {
    const { subId } = await studentWithPurchase(t, { screenshot: pngBytes(500) });
    const txn = await firstTransactionOf(t, subId);
    const now = new Date();
    await t.app.database.db
      .update(screenshotReadings)
      .set({ status: 'reading', attempts: MAX_ATTEMPTS, leaseUntil: new Date(now.getTime() - 1) })
      .where(eq(screenshotReadings.transactionId, txn.id));
    expect((await runJob(now)).kind).toBe('idle');
    expect(await readingRow(txn.id)).toMatchObject({
      status: 'failed',
      error: READER_DIED,
      attempts: MAX_ATTEMPTS,
    });
  });

  it('a read reference another purchase already cites is flagged like a reused code', async () => {
    const first = await studentWithPurchase(t);
    const firstRef = (await firstTransactionOf(t, first.subId)).refCode ?? '';
    const copy = await studentWithPurchase(t, { screenshot: pngBytes(400) });
    const copyTxn = await firstTransactionOf(t, copy.subId);
    expect((await reviewItem(copy.subId)).flags.map((f) => f.kind)).not.toContain('reusedRefCode');
    await setReading(t, copyTxn.id, { reference: firstRef, amountCentavos: 19_900 });
    const item = await reviewItem(copy.subId);
    expect(item.flags).toContainEqual({
      kind: 'reusedRefCode',
      message: 'Reference code also used in 1 other payment.',
    });
    expect(item.transactions[0]?.reading?.summary).toBe(
      `Read from the screenshot: reference ${firstRef}, amount ₱199.00 ✓`,
    );
  });
});
