// Issue 26 item 2: reconciling a busy month. Writes a 50,000-line GCash statement export (CSV, as
// the wallet writes it) and 10,000 purchases waiting for review, then times what the server does
// with an upload: read the CSV (csv-parse and core's normalisation), keep the lines not kept yet,
// and match every purchase (core `reconcile`). The generator plants the payments it expects found —
// by typed reference, by a reference read from a screenshot, and by amount and time for purchases
// with no reference — among lines nobody claims, amounts that differ, references not in the
// statement and references spent before. Goal (issue 26): under 10 s, every planted payment found,
// no false match. Prints figures; judges nothing.
//   npm run bench:reconcile          (BENCH_PURCHASES, BENCH_LINES, BENCH_SEED)
import {
  centavosOfPesos,
  GCASH_HISTORY_MAPPING,
  getPlan,
  type LineToMatch,
  newStatementLines,
  type PurchaseToMatch,
  quotePlan,
  reconcile,
} from '@pasado/core';
import { readCsvStatement } from '../../apps/server/src/modules/subscriptions/statements/csv-statement.ts';
import { seededRandom } from '../../apps/server/test/payments/statements/receipt-screens.ts';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 10_000);
const LINES = Number(process.env.BENCH_LINES ?? 50_000);
const random = seededRandom(Number(process.env.BENCH_SEED ?? 26));

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The statement covers 45 Manila days; purchases fall in its first 40. */
const START = Date.parse('2026-09-01T00:00:00+08:00');
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;

// What students are charged: each plan with and without the free-trial discount (core quotePlan).
const CHARGED = (['1-month', '3-months'] as const).flatMap((id) => {
  const plan = getPlan(id);
  if (!plan) throw new Error(`no plan ${id}`);
  return [quotePlan(plan, false).finalPrice, quotePlan(plan, true).finalPrice].map(centavosOfPesos);
});

const usedReferences = new Set<string>();
function newReference(): string {
  for (;;) {
    const ref = `${1 + Math.floor(random() * 9)}${String(Math.floor(random() * 1e12)).padStart(12, '0')}`;
    if (!usedReferences.has(ref)) {
      usedReferences.add(ref);
      return ref;
    }
  }
}

interface Row {
  at: number;
  description: string;
  reference: string;
  credit: number | null;
  debit: number | null;
}
const rows: Row[] = [];
const purchases: PurchaseToMatch[] = [];
/** subscriptionId → the reference of the line planted as its payment. */
const planted = new Map<string, string>();
const spentReferences = new Map<string, string>();
let id = 0;
function nextId(): string {
  id += 1;
  return `sub-${String(id).padStart(6, '0')}`;
}
const purchaseTime = () => START + Math.floor(random() * 40 * DAY);

function plantPayment(subscriptionId: string, at: number, amount: number, reference: string) {
  rows.push({
    at,
    description: `Received GCash from ${pick(['JUAN', 'MARIA', 'JOSE', 'ANGELICA'])} ${pick(['SANTOS', 'REYES', 'TAN'])} with account ending in ${Math.floor(random() * 9000 + 1000)}`,
    reference,
    credit: amount,
    debit: null,
  });
  planted.set(subscriptionId, reference);
}

// The purchases by the proof they carry (shares of BENCH_PURCHASES).
const share = (f: number) => Math.round(PURCHASES * f);
const typedPaid = share(0.7);
const screenshotPaid = share(0.1);
const amountDiffers = share(0.03);
const referenceSpent = share(0.01);
/** One purchase with no reference per charged amount every 6 days of the 40 (see below). */
const referencelessDays = (index: number) =>
  Array.from({ length: 40 }, (_, day) => day).filter(
    (day) => day >= 1 + index && (day - 1 - index) % 6 === 0,
  );
const referencelessCount = CHARGED.reduce((n, _, index) => n + referencelessDays(index).length, 0);
// The rest cite references the statement does not have.
const notInStatement =
  PURCHASES - typedPaid - screenshotPaid - amountDiffers - referenceSpent - referencelessCount;
for (let i = 0; i < typedPaid + screenshotPaid; i += 1) {
  const subscriptionId = nextId();
  const purchasedAt = purchaseTime();
  const chargedCentavos = pick(CHARGED);
  const reference = newReference();
  // Paid minutes to two days before submitting.
  plantPayment(
    subscriptionId,
    purchasedAt - Math.floor(random() * 2 * DAY),
    chargedCentavos,
    reference,
  );
  purchases.push({
    subscriptionId,
    purchasedAt: new Date(purchasedAt),
    chargedCentavos,
    references: [{ value: reference, from: i < typedPaid ? 'typed' : 'screenshot' }],
  });
}
for (let i = 0; i < amountDiffers; i += 1) {
  const purchasedAt = purchaseTime();
  const chargedCentavos = pick(CHARGED);
  const reference = newReference();
  rows.push({
    at: purchasedAt - HOUR,
    description: 'Received GCash from A STUDENT',
    reference,
    credit: chargedCentavos - 5000,
    debit: null,
  });
  purchases.push({
    subscriptionId: nextId(),
    purchasedAt: new Date(purchasedAt),
    chargedCentavos,
    references: [{ value: reference, from: 'typed' }],
  });
}
for (let i = 0; i < notInStatement; i += 1) {
  purchases.push({
    subscriptionId: nextId(),
    purchasedAt: new Date(purchaseTime()),
    chargedCentavos: pick(CHARGED),
    references: [{ value: newReference(), from: 'typed' }],
  });
}
for (let i = 0; i < referenceSpent; i += 1) {
  // A screenshot whose reading is a reference an approved purchase already spent.
  const reference = newReference();
  const purchasedAt = purchaseTime();
  rows.push({
    at: purchasedAt - HOUR,
    description: 'Received GCash',
    reference,
    credit: 19900,
    debit: null,
  });
  spentReferences.set(reference, `approved-${i}`);
  purchases.push({
    subscriptionId: nextId(),
    purchasedAt: new Date(purchasedAt),
    chargedCentavos: 19900,
    references: [{ value: reference, from: 'screenshot' }],
  });
}
// Purchases with no reference (screenshots not read yet): one planted line each, the only open line
// of that amount in its window, so amount and time can tell. Each amount gets one every 6 days.
let referenceless = 0;
for (const [index, amount] of CHARGED.entries()) {
  for (const day of referencelessDays(index)) {
    const subscriptionId = nextId();
    const purchasedAt = START + day * DAY + 10 * HOUR;
    plantPayment(subscriptionId, purchasedAt - 3 * HOUR, amount, newReference());
    purchases.push({
      subscriptionId,
      purchasedAt: new Date(purchasedAt),
      chargedCentavos: amount,
      references: [],
    });
    referenceless += 1;
  }
}
// The rest of the statement: other money in and out, never of a plan's price.
const plannedAmounts = new Set(CHARGED);
while (rows.length < LINES) {
  let amount = 100 + Math.floor(random() * 500_000);
  while (plannedAmounts.has(amount)) amount += 1;
  const incoming = random() < 0.6;
  rows.push({
    at: START + Math.floor(random() * 45 * DAY),
    description: incoming ? 'Received GCash from SOMEONE ELSE' : 'Transfer to 09171234567',
    reference: newReference(),
    credit: incoming ? amount : null,
    debit: incoming ? null : amount,
  });
}
rows.sort((a, b) => a.at - b.at);

const pad = (n: number) => String(n).padStart(2, '0');
function gcashDate(ms: number): string {
  const w = new Date(ms + 8 * HOUR);
  const h = w.getUTCHours();
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())} ${pad(h % 12 || 12)}:${pad(w.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}
const money = (c: number | null) =>
  c === null ? '' : `"${Math.floor(c / 100).toLocaleString('en-US')}.${pad(c % 100)}"`;
const csv = [
  'Date and Time,Description,Reference No.,Debit,Credit,Balance',
  ...rows.map(
    (r) =>
      `${gcashDate(r.at)},${r.description},${r.reference},${money(r.debit)},${money(r.credit)},`,
  ),
].join('\r\n');
const bytes = new Uint8Array(Buffer.from(csv, 'utf8'));

// What the server does with the upload: read, keep the new lines, match.
const started = performance.now();
const read = readCsvStatement(bytes, GCASH_HISTORY_MAPPING);
const fresh = newStatementLines(read.lines, new Set());
const lines: LineToMatch[] = fresh.map((line) => ({
  identity: line.identity,
  occurredAt: line.occurredAt,
  amountCentavos: line.amountCentavos,
  reference: line.reference,
  sender: line.sender,
  claimedBy: null,
}));
const report = reconcile({ purchases, lines, spentReferences });
const seconds = (performance.now() - started) / 1000;

// Found: a planted payment matched to its own line. False: any other match.
const referenceOf = new Map(fresh.map((line) => [line.identity, line.reference]));
let found = 0;
let falseMatches = 0;
const kinds = new Map<string, number>();
for (const outcome of report.purchases) {
  const key = outcome.kind === 'matched' ? `matched by ${outcome.by}` : outcome.kind;
  kinds.set(key, (kinds.get(key) ?? 0) + 1);
  if (outcome.kind !== 'matched') continue;
  const expected = planted.get(outcome.subscriptionId);
  if (expected !== undefined && referenceOf.get(outcome.lineIdentity) === expected) found += 1;
  else falseMatches += 1;
}
// Uploading the same statement again adds nothing.
const again = newStatementLines(
  readCsvStatement(bytes, GCASH_HISTORY_MAPPING).lines,
  new Set(fresh.map((line) => line.identity)),
);

console.info(
  `statement: ${rows.length.toLocaleString('en-US')} rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB; ${read.lines.length.toLocaleString('en-US')} lines of money in kept, ${read.outgoing.toLocaleString('en-US')} out counted; uploaded again: ${again.length} new lines`,
);
console.info(
  `purchases: ${[...kinds].map(([k, n]) => `${k} ${n.toLocaleString('en-US')}`).join(', ')}; paid but not claimed ${report.paidNotClaimed.length.toLocaleString('en-US')}`,
);
console.info(
  `planted: ${typedPaid} by typed reference, ${screenshotPaid} by a screenshot's reference, ${referenceless} by amount and time`,
);
console.info(
  `reconcile purchases ${purchases.length} lines ${rows.length} seconds ${seconds.toFixed(2)} planted ${planted.size} found ${found} false ${falseMatches}`,
);
