// Issue 26 item 3: reading payment screenshots. Draws BENCH_RECEIPTS (default 120, half GCash, half
// Maya) phone screenshots of the wallets' receipts in Debian's Chromium, with a status bar, JPEG
// compression and a cropped edge (apps/server/test/payments/statements/receipt-screens.ts), then
// reads each with the server's OCR worker (receipt-reader.ts) and compares the reference, amount
// and date read with the ones drawn. Also samples the main thread's event-loop delay while the
// worker reads: the OCR runs in its own thread, so the server's requests should not wait on it.
// Goal (issue 26): references exact in ≥ 95 %, amounts in ≥ 98 %. Prints figures; judges nothing.
//   npm run bench:ocr
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { createReceiptReader } from '../../apps/server/src/modules/subscriptions/statements/receipt-reader.ts';
import {
  drawReceipt,
  type ReceiptNoise,
  type ReceiptSpec,
  renderReceipt,
  seededRandom,
} from '../../apps/server/test/payments/statements/receipt-screens.ts';

const COUNT = Number(process.env.BENCH_RECEIPTS ?? 120);
const SEED = Number(process.env.BENCH_SEED ?? 26);

const random = seededRandom(SEED);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const receipts: { spec: ReceiptSpec; noise: ReceiptNoise; image: Uint8Array }[] = [];
try {
  const page = await browser.newPage();
  for (let i = 0; i < COUNT; i += 1) {
    const { spec, noise } = drawReceipt(random, i % 2 === 0 ? 'gcash' : 'maya');
    receipts.push({ spec, noise, image: await renderReceipt(page, spec, noise) });
  }
} finally {
  await browser.close();
}

const reader = await createReceiptReader();
const delay = monitorEventLoopDelay({ resolution: 10 });
const tally = {
  gcash: { n: 0, reference: 0, amount: 0, date: 0 },
  maya: { n: 0, reference: 0, amount: 0, date: 0 },
};
const misses: string[] = [];
delay.enable();
const started = performance.now();
for (const { spec, noise, image } of receipts) {
  const reading = await reader.read(image);
  const t = tally[spec.layout];
  t.n += 1;
  const reference = reading.reference?.value === spec.reference;
  const amount = reading.amount?.centavos === spec.amountCentavos;
  const date = reading.paidAt?.at.getTime() === spec.paidAt.getTime();
  t.reference += Number(reference);
  t.amount += Number(amount);
  t.date += Number(date);
  if (!reference || !amount) {
    misses.push(
      `  ${spec.layout} ${spec.phone.width}x${spec.phone.height}@${spec.phone.scale} ` +
        `${noise.jpegQuality === null ? 'png' : `jpeg ${noise.jpegQuality}`}: ` +
        `reference ${spec.reference} → ${reading.reference?.value ?? '—'}, ` +
        `amount ${spec.amountCentavos} → ${reading.amount?.centavos ?? '—'}`,
    );
  }
}
const seconds = (performance.now() - started) / 1000;
delay.disable();
await reader.close();

const pct = (k: number, n: number) => ((100 * k) / Math.max(1, n)).toFixed(1);
const all = {
  n: tally.gcash.n + tally.maya.n,
  reference: tally.gcash.reference + tally.maya.reference,
  amount: tally.gcash.amount + tally.maya.amount,
  date: tally.gcash.date + tally.maya.date,
};
for (const [layout, t] of Object.entries(tally)) {
  console.info(
    `${layout}: ${t.n} receipts, reference exact ${pct(t.reference, t.n)} %, amount exact ${pct(t.amount, t.n)} %, date exact ${pct(t.date, t.n)} %`,
  );
}
if (misses.length > 0) console.info(`misread:\n${misses.join('\n')}`);
console.info(
  `main thread event-loop delay while reading: p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
);
console.info(
  `ocr receipts ${all.n} reference-exact ${pct(all.reference, all.n)} amount-exact ${pct(all.amount, all.n)} seconds-per-image ${(seconds / all.n).toFixed(2)}`,
);
