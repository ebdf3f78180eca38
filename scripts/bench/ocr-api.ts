// Issue 26 "Measured": the server's `GET /api/me` p99 while the screenshot-reading job runs. One
// server process (PGlite, or PostgreSQL with TEST_DATABASE_URL / DATABASE_URL) with payment
// screenshots queued; `GET /api/me` is loaded over HTTP (autocannon, 10 connections) first with
// the job idle, then while the job reads the queue in the same process, as main.ts runs it.
// Prints both; judges nothing.   npm run bench:ocr:api   (BENCH_SCREENSHOTS, BENCH_SECONDS)
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { readNextScreenshot } from '../../apps/server/src/modules/subscriptions/screenshot-reading.service.ts';
import { createReceiptReader } from '../../apps/server/src/modules/subscriptions/statements/receipt-reader.ts';
import { signedInUser, startTestApp } from '../../apps/server/test/helpers/test-app.ts';
import {
  PHONE_SCREENS,
  renderReceipt,
} from '../../apps/server/test/payments/statements/receipt-screens.ts';
import {
  newRefCode,
  studentWithPurchase,
  tempDataDir,
} from '../../apps/server/test/subscriptions/purchase-helpers.ts';

const SCREENSHOTS = Number(process.env.BENCH_SCREENSHOTS ?? 12);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
// Assigning undefined to process.env would store the string "undefined".
if (!process.env.TEST_DATABASE_URL && process.env.DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
}
const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

const t = await startTestApp(engine, { DATA_DIR: tempDataDir(), RATE_LIMITS: 'off' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const reader = await createReceiptReader();
try {
  const page = await browser.newPage();
  for (let i = 0; i < SCREENSHOTS; i += 1) {
    const bytes = await renderReceipt(
      page,
      {
        layout: 'gcash',
        reference: newRefCode(),
        amountCentavos: 19_900,
        paidAt: new Date(),
        recipientName: 'PA***O R.',
        recipientNumber: '+63 917 000 0000',
        phone: PHONE_SCREENS[i % PHONE_SCREENS.length] ?? { width: 390, height: 844, scale: 3 },
        statusBarTime: '9:41',
        batteryPercent: 80,
      },
      { jpegQuality: 80, crop: { top: 0, right: 0, bottom: 0, left: 0 } },
    );
    await studentWithPurchase(t, { screenshot: Buffer.from(bytes) });
  }
  await browser.close();
  console.info(`${SCREENSHOTS} screenshots queued`);
  const student = await signedInUser(t);
  const load = async () => {
    const result = await autocannon({
      url: `${t.url}/api/me`,
      connections: 10,
      duration: SECONDS,
      headers: { cookie: student.cookie },
    });
    return {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
    };
  };
  await autocannon({
    url: `${t.url}/api/me`,
    connections: 10,
    duration: 3,
    headers: { cookie: student.cookie },
  });
  const idle = await load();

  let read = 0;
  let running = true;
  const job = (async () => {
    while (running) {
      const outcome = await readNextScreenshot(t.app.database.db, {
        storage: t.app.storage,
        reader: async () => reader,
        now: () => new Date(),
      });
      if (outcome.kind === 'idle') break;
      read += 1;
    }
  })();
  const started = performance.now();
  const busy = await load();
  running = false;
  await job;
  const seconds = (performance.now() - started) / 1000;
  console.info(`${engine}; GET /api/me, 10 connections, ${SECONDS} s each`);
  console.info(`job idle:    ${idle.rps} req/s, p50 ${idle.p50} ms, p99 ${idle.p99} ms`);
  console.info(
    `job reading: ${busy.rps} req/s, p50 ${busy.p50} ms, p99 ${busy.p99} ms (${read} screenshots in ${seconds.toFixed(1)} s)`,
  );
  console.info(`ocr-api me-p99-idle ${idle.p99} me-p99-reading ${busy.p99} screenshots ${read}`);
} finally {
  await reader.close();
  await browser.close().catch(() => undefined);
  await t.close();
}
