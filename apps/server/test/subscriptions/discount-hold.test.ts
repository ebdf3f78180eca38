import { PURCHASE_MESSAGES } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { users } from '../../src/platform/db/schema.ts';
import { DAY, HOUR, MINUTE } from '../helpers/durations.ts';
import { callApi, signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  auditFor,
  countsFor,
  onboardedStudent,
  purchaseInput,
  subscribe,
  tempDataDir,
} from './purchase-helpers.ts';

// docs/product.md#free-trial-discount: a purchase started inside the window keeps its price an
// hour past it (ADR 043).
describe.each(ENGINES)('the free-trial discount held for a started purchase on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await startTestApp(engine, { DATA_DIR: tempDataDir() }, { clock });
  });
  afterAll(() => t.close());

  const hold = (cookie: string | null) => callApi(t, cookie, 'POST', '/api/purchase/discount-hold');
  const heldUntilOf = async (userId: string) =>
    (
      await t.app.database.db
        .select({ at: users.discountHeldUntil })
        .from(users)
        .where(eq(users.id, userId))
    )[0]?.at ?? null;
  /** A trial student whose 24 h window closes `leftMs` from the clock's now (past when negative). */
  const studentWithWindowLeft = async (leftMs: number) => {
    // A session that outlives the clock's jumps.
    const student = await onboardedStudent(t, { ttlMs: DAY });
    await t.app.database.db
      .update(users)
      .set({ createdAt: new Date(clock.nowMs() - 24 * HOUR + leftMs) })
      .where(eq(users.id, student.userId));
    return student;
  };
  const windowEnd = (leftMs: number) => clock.nowMs() + leftMs;

  it('refuses a caller without a session, and a request from another origin, holding nothing', async () => {
    expect((await hold(null)).statusCode).toBe(401);
    const student = await studentWithWindowLeft(MINUTE);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/purchase/discount-hold',
      headers: { origin: 'https://evil.example', cookie: student.cookie },
    });
    expect(forged.statusCode).toBe(403);
    expect(await heldUntilOf(student.userId)).toBeNull();
  });

  it('held in the last minute, the discounted price is bought half an hour after the window', async () => {
    const student = await studentWithWindowLeft(MINUTE);
    const heldUntil = new Date(windowEnd(MINUTE) + HOUR).toISOString();
    const first = await hold(student.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ heldUntil });
    // Asked again, inside the window or after it, the hold is the same: it never moves.
    expect((await hold(student.cookie)).json()).toEqual({ heldUntil });
    clock.advance(30 * MINUTE);
    expect((await hold(student.cookie)).json()).toEqual({ heldUntil });

    const res = await subscribe(t, student.cookie, purchaseInput({ finalPrice: 99 }));
    expect(res.statusCode).toBe(200);
    const bought = res.json().result;
    expect(bought).toMatchObject({ price: 199, discountAmount: 100, finalPrice: 99 });
    const [audit] = await auditFor(t, bought.subscriptionId);
    expect(audit?.details).toMatchObject({ discountLive: true, discountHeld: true });
    // Bought and queued, nothing is held any more (the discount's own condition).
    expect((await hold(student.cookie)).json()).toEqual({ heldUntil: null });
  });

  it('ends an hour past the window: then the discounted price is refused, and nothing written', async () => {
    const student = await studentWithWindowLeft(MINUTE);
    expect((await hold(student.cookie)).json().heldUntil).not.toBeNull();
    clock.advance(MINUTE + HOUR);
    expect((await hold(student.cookie)).json()).toEqual({ heldUntil: null });
    const before = await countsFor(t, student.userId);
    const res = await subscribe(t, student.cookie, purchaseInput({ finalPrice: 99 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(PURCHASE_MESSAGES.PRICE_CHANGED);
    expect(await countsFor(t, student.userId)).toEqual(before);
  });

  it('is not taken after the window: nothing held, nothing written, the full price stands', async () => {
    const student = await studentWithWindowLeft(-MINUTE);
    expect((await hold(student.cookie)).json()).toEqual({ heldUntil: null });
    expect(await heldUntilOf(student.userId)).toBeNull();
    const res = await subscribe(t, student.cookie, purchaseInput({ finalPrice: 99 }));
    expect(res.json().error.message).toBe(PURCHASE_MESSAGES.PRICE_CHANGED);
  });

  it('is not taken by a student with no free trial', async () => {
    const student = await signedInUser(t, { ttlMs: DAY });
    expect((await hold(student.cookie)).json()).toEqual({ heldUntil: null });
    expect(await heldUntilOf(student.userId)).toBeNull();
  });
});
