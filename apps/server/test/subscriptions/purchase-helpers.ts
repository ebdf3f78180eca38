import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { auditLog, subscriptions, transactions, users } from '../../src/platform/db/schema.ts';
import { callFunction, signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import type { Engine } from '../helpers/test-database.ts';

/** A temporary DATA_DIR, so uploaded files land outside the repository. */
export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'pasado-payments-'));
}

import { createStaff, type TestUser } from '../helpers/factories.ts';

export {
  createOnboardedStudent as onboardedStudent,
  createStaff as makeStaff,
} from '../helpers/factories.ts';
export type { TestUser };

/** The app on a fresh database, uploads in a temporary DATA_DIR, and a staff member to act. */
export async function startWithStaff(engine: Engine): Promise<{ t: TestApp; staff: TestUser }> {
  const t = await startTestApp(engine, { DATA_DIR: tempDataDir() });
  return { t, staff: await createStaff(t) };
}

/** Moves the account's creation back, closing the 24 h discount window (docs/product.md#constants). */
export async function ageAccount(t: TestApp, userId: string, hours = 25) {
  await t.app.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - hours * 3600_000) })
    .where(eq(users.id, userId));
}

let refCounter = 0;
/** A fresh 13-digit reference code. */
export function newRefCode(): string {
  refCounter += 1;
  return (
    `${Date.now() % 1_000_000_000}`.padStart(9, '0') + String(refCounter % 10_000).padStart(4, '0')
  );
}

/** A minimal PNG signature followed by random bytes: a distinct image each call. */
export function pngBytes(size = 256): Buffer {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, randomBytes(Math.max(0, size - sig.length))]);
}

export function uploadScreenshot(
  t: TestApp,
  cookie: string | null,
  body: Buffer | string,
  options: { type?: string; name?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads/payment-screenshot',
    headers: {
      origin: t.origin,
      'content-type': options.type ?? 'image/png',
      'x-file-name': options.name ?? 'gcash receipt.png',
      ...(cookie ? { cookie } : {}),
    },
    payload: body,
  });
}

export function purchaseInput(
  overrides: {
    plan?: string;
    finalPrice?: number;
    refCode?: string | null;
    screenshot?: string | null;
    idempotencyKey?: string;
    price?: number;
    discountAmount?: number;
  } = {},
) {
  const screenshot = overrides.screenshot ?? null;
  return {
    idempotencyKey: overrides.idempotencyKey ?? randomUUID(),
    transactionInfo: {
      ...(overrides.price !== undefined ? { price: overrides.price } : {}),
      ...(overrides.discountAmount !== undefined
        ? { discountAmount: overrides.discountAmount }
        : {}),
      finalPrice: overrides.finalPrice ?? 199,
      refCode: screenshot ? null : (overrides.refCode ?? newRefCode()),
      paymentScreenshotUrl: screenshot,
      purchasedBy: 'user',
    },
    subscriptionInfo: {
      selectedPlan: { id: overrides.plan ?? '1-month', name: '1 Month' },
      coachId: null,
      coachEmail: null,
      isExtention: false,
    },
  };
}

export function subscribe(t: TestApp, cookie: string | null, input: unknown) {
  return callFunction(t, cookie, 'subscribeUser', input);
}

/**
 * A signed-in student with one pending purchase bought through the API: by reference code, or
 * with `screenshot` uploaded first as the proof.
 */
export async function studentWithPurchase(t: TestApp, options: { screenshot?: Buffer } = {}) {
  const user = await signedInUser(t);
  let screenshot: string | null = null;
  if (options.screenshot) {
    const up = await uploadScreenshot(t, user.cookie, options.screenshot);
    if (up.statusCode !== 201) throw new Error(up.body);
    screenshot = up.json().path;
  }
  const res = await subscribe(t, user.cookie, purchaseInput({ screenshot }));
  if (res.statusCode !== 200) throw new Error(res.body);
  return { user, subId: res.json().result.subscriptionId as string };
}

/** Rows written for a user: subscriptions (trial included), transactions and audit entries. */
export async function countsFor(t: TestApp, userId: string) {
  const db = t.app.database.db;
  const count = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  return {
    subscriptions: await count(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId)),
    ),
    transactions: await count(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(transactions)
        .where(eq(transactions.userId, userId)),
    ),
  };
}

export async function auditFor(t: TestApp, targetId: string) {
  return t.app.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(auditLog.id);
}

export async function subscriptionRow(t: TestApp, id: string) {
  const [row] = await t.app.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  if (!row) throw new Error(`no subscription ${id}`);
  return row;
}

export async function me(t: TestApp, cookie: string) {
  return (await t.app.inject({ url: '/api/me', headers: { cookie } })).json();
}

export function setStatus(
  t: TestApp,
  caller: TestUser,
  owner: { userId: string; email: string },
  subId: string,
  newStat: string,
  reason?: string,
) {
  return callFunction(t, caller.cookie, 'updateSubscriptionStatus', {
    userEmail: owner.email,
    userId: owner.userId,
    subId,
    newStat,
    ...(reason !== undefined ? { reason } : {}),
  });
}
