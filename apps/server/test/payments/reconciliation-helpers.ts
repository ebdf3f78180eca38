import { eq, sql } from 'drizzle-orm';
import {
  screenshotReadings,
  statementImports,
  statementLines,
  subscriptions,
  transactions,
} from '../../src/platform/db/schema.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** A statement line as a GCash export writes it (money in unless `debit`). */
export interface GcashRow {
  at: Date;
  reference: string;
  centavos: number;
  description?: string;
  debit?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-10-05 09:30 PM" in Manila time, as the GCash history writes it. */
export function gcashDateText(at: Date): string {
  const w = new Date(at.getTime() + 8 * 3600_000);
  const h = w.getUTCHours();
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())} ${pad(h % 12 || 12)}:${pad(w.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

const money = (c: number) => `"${Math.floor(c / 100).toLocaleString('en-US')}.${pad(c % 100)}"`;

/** A GCash history CSV with these rows. */
export function gcashCsv(rows: readonly GcashRow[]): Buffer {
  return Buffer.from(
    [
      'Date and Time,Description,Reference No.,Debit,Credit,Balance',
      ...rows.map(
        (r) =>
          `${gcashDateText(r.at)},${r.description ?? 'Received GCash from JUAN DELA CRUZ with account ending in 4567'},${r.reference},${r.debit ? money(r.centavos) : ''},${r.debit ? '' : money(r.centavos)},`,
      ),
    ].join('\r\n'),
  );
}

export function uploadStatement(
  t: TestApp,
  cookie: string | null,
  body: Buffer | Uint8Array,
  options: { mapping?: string; password?: string; type?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/statements?mapping=${options.mapping ?? 'gcash-history'}`,
    headers: {
      origin: t.origin,
      'content-type': options.type ?? 'text/csv',
      ...(options.password !== undefined
        ? { 'x-statement-password': encodeURIComponent(options.password) }
        : {}),
      ...(cookie ? { cookie } : {}),
    },
    payload: Buffer.from(body),
  });
}

/** Moves a purchase's submission back in time (the statement's window is in days). */
export async function backdatePurchase(t: TestApp, subscriptionId: string, at: Date) {
  await t.app.database.db
    .update(subscriptions)
    .set({ createdAt: at })
    .where(eq(subscriptions.id, subscriptionId));
}

export async function firstTransactionOf(t: TestApp, subscriptionId: string) {
  const [row] = await t.app.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.subscriptionId, subscriptionId));
  if (!row) throw new Error(`no transaction for ${subscriptionId}`);
  return row;
}

/** A finished reading of a purchase's screenshot, as the OCR job stores one. */
export async function setReading(
  t: TestApp,
  transactionId: string,
  reading: { reference: string | null; amountCentavos: number | null },
) {
  await t.app.database.db
    .insert(screenshotReadings)
    .values({
      transactionId,
      status: 'done',
      attempts: 1,
      layout: 'gcash',
      reference: reading.reference,
      referenceConfidence: 0.95,
      amountCentavos: reading.amountCentavos,
      amountConfidence: 0.97,
      finishedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: screenshotReadings.transactionId,
      set: { status: 'done', reference: reading.reference, amountCentavos: reading.amountCentavos },
    });
}

/** How many statement lines and imports are kept. */
export async function keptCounts(t: TestApp) {
  const db = t.app.database.db;
  const [lines] = await db.select({ n: sql<number>`count(*)::int` }).from(statementLines);
  const [imports] = await db.select({ n: sql<number>`count(*)::int` }).from(statementImports);
  return { lines: lines?.n ?? 0, imports: imports?.n ?? 0 };
}

export async function lineByReference(t: TestApp, reference: string) {
  const [row] = await t.app.database.db
    .select()
    .from(statementLines)
    .where(eq(statementLines.reference, reference));
  return row ?? null;
}
