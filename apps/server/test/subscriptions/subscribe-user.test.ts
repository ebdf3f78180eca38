import { MESSAGES, NO_PROOF, PURCHASE_MESSAGES } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, transactions } from '../../src/platform/db/schema.ts';
import { DAY } from '../helpers/durations.ts';
import { signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  ageAccount,
  auditFor,
  countsFor,
  makeStaff,
  me,
  newRefCode,
  onboardedStudent,
  pngBytes,
  purchaseInput,
  setStatus,
  subscribe,
  subscriptionRow,
  tempDataDir,
  uploadScreenshot,
} from './purchase-helpers.ts';

describe.each(ENGINES)('subscribeUser on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { DATA_DIR: tempDataDir() });
  });
  afterAll(() => t.close());

  it('refuses a caller without a session', async () => {
    const res = await subscribe(t, null, purchaseInput());
    expect(res.statusCode).toBe(401);
  });

  it('a first purchase becomes current at once, pending, at the full price', async () => {
    const user = await signedInUser(t);
    const before = Date.now();
    const res = await subscribe(t, user.cookie, purchaseInput({ finalPrice: 199 }));
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({
      status: 'pending',
      queued: false,
      price: 199,
      discountAmount: 0,
      finalPrice: 199,
    });
    const startsAt = Date.parse(result.startsAt);
    expect(startsAt).toBeGreaterThanOrEqual(before);
    expect(Date.parse(result.expiryDate) - startsAt).toBe(30 * DAY);
    const doc = await me(t, user.cookie);
    expect(doc.subscription).toEqual({ id: result.subscriptionId, status: 'pending' });
    const sub = (
      await t.app.inject({
        url: `/api/subscriptions/${result.subscriptionId}`,
        headers: { cookie: user.cookie },
      })
    ).json();
    expect(sub).toMatchObject({
      isFreeTrial: false,
      selectedPlan: { id: '1-month', price: 199, discount: 0, durationInDays: 30 },
      transactionIds: [result.transactionId],
    });
    const audit = await auditFor(t, result.subscriptionId);
    expect(audit).toMatchObject([{ action: 'subscribeUser', actorUserId: user.userId }]);
  });

  it('applies the free-trial discount inside the 24 h window and queues after the trial', async () => {
    const user = await onboardedStudent(t);
    const trial = await subscriptionRow(t, user.trialId);
    const res = await subscribe(
      t,
      user.cookie,
      purchaseInput({ plan: '3-months', price: 299, discountAmount: 150, finalPrice: 149 }),
    );
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({
      queued: true,
      price: 299,
      discountAmount: 150,
      finalPrice: 149,
    });
    expect(result.startsAt).toBe(trial.expiryDate.toISOString());
    expect(Date.parse(result.expiryDate)).toBe(trial.expiryDate.getTime() + 90 * DAY);
    const row = await subscriptionRow(t, result.subscriptionId);
    expect(row.isExtension).toBe(true);
    expect(row.queuedAt).not.toBeNull();
    const doc = await me(t, user.cookie);
    expect(doc.subscription).toEqual({ id: user.trialId, status: 'completed' });
    expect(doc.queuedSubscriptions).toEqual([result.subscriptionId]);
  });

  it('refuses the discounted price once the 24 h window has closed, and writes nothing', async () => {
    const user = await onboardedStudent(t);
    await ageAccount(t, user.userId);
    const before = await countsFor(t, user.userId);
    const res = await subscribe(t, user.cookie, purchaseInput({ finalPrice: 99 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: PURCHASE_MESSAGES.PRICE_CHANGED,
    });
    expect(await countsFor(t, user.userId)).toEqual(before);
    const full = await subscribe(t, user.cookie, purchaseInput({ finalPrice: 199 }));
    expect(full.json().result).toMatchObject({ discountAmount: 0, finalPrice: 199 });
  });

  it('refuses a price lower than the quote even inside the window (never trusts the client)', async () => {
    const user = await onboardedStudent(t);
    for (const stated of [
      { finalPrice: 1 },
      { finalPrice: 99, price: 1 },
      { finalPrice: 99, discountAmount: 198 },
    ]) {
      const res = await subscribe(t, user.cookie, purchaseInput(stated));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(PURCHASE_MESSAGES.PRICE_CHANGED);
    }
    expect(await countsFor(t, user.userId)).toEqual({ subscriptions: 1, transactions: 0 });
  });

  it('gives no discount when a purchase is already queued', async () => {
    const user = await onboardedStudent(t);
    const staff = await makeStaff(t);
    const first = (await subscribe(t, user.cookie, purchaseInput({ finalPrice: 99 }))).json()
      .result;
    await setStatus(t, staff, user, first.subscriptionId, 'approved');
    await setStatus(t, user, user, first.subscriptionId, 'completed');
    const discounted = await subscribe(t, user.cookie, purchaseInput({ finalPrice: 99 }));
    expect(discounted.json().error.message).toBe(PURCHASE_MESSAGES.PRICE_CHANGED);
    const second = await subscribe(t, user.cookie, purchaseInput({ finalPrice: 199 }));
    expect(second.statusCode).toBe(200);
    // An extension of an extension starts when the last queued one ends.
    expect(second.json().result.startsAt).toBe(first.expiryDate);
    expect((await me(t, user.cookie)).queuedSubscriptions).toEqual([
      first.subscriptionId,
      second.json().result.subscriptionId,
    ]);
  });

  it.each([
    ['a reference code of 12 digits', { refCode: '123456789012' }, MESSAGES.INVALID_REF_CODE],
    ['a reference code with letters', { refCode: '12345678901ab' }, MESSAGES.INVALID_REF_CODE],
    ['an unknown plan', { plan: '6-months' }, MESSAGES.SELECT_PLAN],
  ])('refuses %s with 400 and writes nothing', async (_label, overrides, message) => {
    const user = await signedInUser(t);
    const res = await subscribe(t, user.cookie, purchaseInput(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.status).toBe('INVALID_ARGUMENT');
    expect(res.json().error.message).toContain(message);
    expect(await countsFor(t, user.userId)).toEqual({ subscriptions: 0, transactions: 0 });
  });

  it('refuses malformed input with 400: no key, no proof, two proofs, a coupon, extra fields', async () => {
    const user = await signedInUser(t);
    const base = purchaseInput();
    const bad: unknown[] = [
      { ...base, idempotencyKey: 'not-a-uuid' },
      { transactionInfo: base.transactionInfo, subscriptionInfo: base.subscriptionInfo },
      { ...base, transactionInfo: { ...base.transactionInfo, refCode: null } },
      {
        ...base,
        transactionInfo: {
          ...base.transactionInfo,
          paymentScreenshotUrl: 'images/paymentScreenshots/1_a.png',
        },
      },
      { ...base, transactionInfo: { ...base.transactionInfo, couponCode: 'FREE' } },
      { ...base, transactionInfo: { ...base.transactionInfo, finalPrice: -1 } },
      { ...base, userId: user.userId },
      { ...base, subscriptionInfo: { ...base.subscriptionInfo, selectedPlan: null } },
    ];
    for (const input of bad) {
      const res = await subscribe(t, user.cookie, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.json().error.message).not.toBe('');
    }
    expect(await countsFor(t, user.userId)).toEqual({ subscriptions: 0, transactions: 0 });
  });

  it('says which proof rule was broken: both sent, or neither', async () => {
    const user = await signedInUser(t);
    const base = purchaseInput();
    const messageFor = async (proof: Record<string, unknown>) =>
      (
        await subscribe(t, user.cookie, {
          ...base,
          transactionInfo: { ...base.transactionInfo, ...proof },
        })
      ).json().error.message;
    expect(
      await messageFor({ paymentScreenshotUrl: 'images/paymentScreenshots/1_a.png' }),
    ).toContain(PURCHASE_MESSAGES.ONE_PROOF);
    expect(await messageFor({ refCode: null })).toContain(NO_PROOF);
    expect(await messageFor({ refCode: null })).not.toContain('not both');
  });

  it('compares reference codes without spaces and refuses one already used', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const code = newRefCode();
    const spaced = `${code.slice(0, 4)} ${code.slice(4, 8)} ${code.slice(8)}`;
    const first = await subscribe(t, a.cookie, purchaseInput({ refCode: spaced }));
    expect(first.statusCode).toBe(200);
    const [txn] = await t.app.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, first.json().result.transactionId));
    expect(txn?.refCode).toBe(code);
    const reused = await subscribe(t, b.cookie, purchaseInput({ refCode: code }));
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: PURCHASE_MESSAGES.REF_CODE_USED,
    });
    expect(await countsFor(t, b.userId)).toEqual({ subscriptions: 0, transactions: 0 });
  });

  it('takes a screenshot the caller uploaded and refuses one whose content was already used', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const bytes = pngBytes();
    const upA = (await uploadScreenshot(t, a.cookie, bytes)).json();
    const res = await subscribe(t, a.cookie, purchaseInput({ screenshot: upA.path }));
    expect(res.statusCode).toBe(200);
    const [txn] = await t.app.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, res.json().result.transactionId));
    expect(txn).toMatchObject({
      refCode: null,
      paymentScreenshotUrl: upA.path,
      screenshotSha256: upA.sha256,
    });

    // The same picture uploaded again by someone else, under another name.
    const upB = (await uploadScreenshot(t, b.cookie, bytes, { name: 'other.png' })).json();
    const reused = await subscribe(t, b.cookie, purchaseInput({ screenshot: upB.path }));
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe(PURCHASE_MESSAGES.SCREENSHOT_USED);
    expect(await countsFor(t, b.userId)).toEqual({ subscriptions: 0, transactions: 0 });
  });

  it("refuses another user's upload and an upload that does not exist", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const upA = (await uploadScreenshot(t, a.cookie, pngBytes())).json();
    const stolen = await subscribe(t, b.cookie, purchaseInput({ screenshot: upA.path }));
    expect(stolen.statusCode).toBe(403);
    const missing = await subscribe(
      t,
      b.cookie,
      purchaseInput({ screenshot: 'images/paymentScreenshots/1_missing.png' }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(PURCHASE_MESSAGES.UNKNOWN_SCREENSHOT);
    expect(await countsFor(t, b.userId)).toEqual({ subscriptions: 0, transactions: 0 });
  });

  it('a retry with the same idempotency key returns the same purchase without writing again', async () => {
    const user = await signedInUser(t);
    const input = purchaseInput();
    const first = await subscribe(t, user.cookie, input);
    const retry = await subscribe(t, user.cookie, input);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await countsFor(t, user.userId)).toEqual({ subscriptions: 1, transactions: 1 });
    expect(await auditFor(t, first.json().result.subscriptionId)).toHaveLength(1);
  });

  it('two submits at once with the same key create one purchase', async () => {
    const user = await signedInUser(t);
    const input = purchaseInput();
    const results = await Promise.all([
      subscribe(t, user.cookie, input),
      subscribe(t, user.cookie, input),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results[0]?.json()).toEqual(results[1]?.json());
    expect(await countsFor(t, user.userId)).toEqual({ subscriptions: 1, transactions: 1 });
  });

  it('two different submits at once create one purchase; the other is blocked', async () => {
    const user = await signedInUser(t);
    const results = await Promise.all([
      subscribe(t, user.cookie, purchaseInput()),
      subscribe(t, user.cookie, purchaseInput()),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json().error.message).toBe(PURCHASE_MESSAGES.PURCHASE_BLOCKED);
    expect(await countsFor(t, user.userId)).toEqual({ subscriptions: 1, transactions: 1 });
  });

  it('is blocked while a purchase is pending, approved or forVerification, and open after', async () => {
    const user = await signedInUser(t);
    const staff = await makeStaff(t);
    const { subscriptionId } = (await subscribe(t, user.cookie, purchaseInput())).json().result;
    for (const status of [null, 'forVerification', 'approved'] as const) {
      if (status) await setStatus(t, staff, user, subscriptionId, status);
      const res = await subscribe(t, user.cookie, purchaseInput());
      expect(res.statusCode, String(status)).toBe(409);
      expect(res.json().error.message).toBe(PURCHASE_MESSAGES.PURCHASE_BLOCKED);
    }
    await setStatus(t, user, user, subscriptionId, 'completed');
    const extension = await subscribe(t, user.cookie, purchaseInput());
    expect(extension.statusCode).toBe(200);
    expect(extension.json().result.queued).toBe(true);
  });

  // The guard locks a suspended student to the suspended page; the purchase itself refused only
  // what SPEC's blocking rule names, so a call past the guard took the money and queued the plan
  // behind the hold, where it gave no access.
  it('is refused while the current subscription is suspended, and open again once staff lift it', async () => {
    const user = await signedInUser(t);
    const staff = await makeStaff(t);
    const { subscriptionId } = (await subscribe(t, user.cookie, purchaseInput())).json().result;
    await setStatus(t, user, user, subscriptionId, 'completed');
    await setStatus(t, staff, user, subscriptionId, 'suspended');
    const refused = await subscribe(t, user.cookie, purchaseInput());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(PURCHASE_MESSAGES.SUSPENDED);
    expect(await countsFor(t, user.userId)).toEqual({ subscriptions: 1, transactions: 1 });
    await setStatus(t, staff, user, subscriptionId, 'approved');
    await setStatus(t, user, user, subscriptionId, 'completed');
    expect((await subscribe(t, user.cookie, purchaseInput())).statusCode).toBe(200);
  });

  it('after a revoked subscription a purchase becomes current at once', async () => {
    const user = await signedInUser(t);
    const staff = await makeStaff(t);
    const first = (await subscribe(t, user.cookie, purchaseInput())).json().result;
    await setStatus(t, staff, user, first.subscriptionId, 'revoked');
    const res = await subscribe(t, user.cookie, purchaseInput());
    expect(res.json().result.queued).toBe(false);
    expect((await me(t, user.cookie)).subscription.id).toBe(res.json().result.subscriptionId);
  });

  // A pending purchase gives access until staff review it, so a made-up reference bought the
  // review's hours of access, and after each revocation the next made-up one bought more.
  it('is refused for a week after two purchases in a row were revoked', async () => {
    const user = await signedInUser(t);
    const staff = await makeStaff(t);
    const revokedPurchase = async () => {
      const res = await subscribe(t, user.cookie, purchaseInput());
      expect(res.statusCode).toBe(200);
      await setStatus(t, staff, user, res.json().result.subscriptionId, 'revoked');
    };
    await revokedPurchase();
    await revokedPurchase();
    const refused = await subscribe(t, user.cookie, purchaseInput());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(
      new RegExp(
        `^${PURCHASE_MESSAGES.REVOKED_TWICE} [A-Z][a-z]{2} \\d+, \\d{4}, \\d+:\\d{2} [AP]M\\.$`,
      ),
    );
    expect(await countsFor(t, user.userId)).toEqual({ subscriptions: 2, transactions: 2 });
    // A week after the last revocation the bar has ended.
    await t.app.database.db
      .update(subscriptions)
      .set({ updatedAt: new Date(Date.now() - 7 * DAY - 1000) })
      .where(eq(subscriptions.userId, user.userId));
    expect((await subscribe(t, user.cookie, purchaseInput())).statusCode).toBe(200);
  });

  it('a purchase just after the trial ended, before anything expired it, becomes current at once', async () => {
    // The student was on the purchase page when the trial's last minute passed: no claims read
    // has expired it yet. Queued behind it, the purchase gave no access until staff approved it.
    const user = await onboardedStudent(t);
    await ageAccount(t, user.userId);
    await t.app.database.db
      .update(subscriptions)
      .set({ expiryDate: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.id, user.trialId));
    const before = Date.now();
    const res = await subscribe(t, user.cookie, purchaseInput({ finalPrice: 199 }));
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({ status: 'pending', queued: false });
    expect(Date.parse(result.startsAt)).toBeGreaterThanOrEqual(before);
    expect((await subscriptionRow(t, user.trialId)).status).toBe('expired');
    expect((await me(t, user.cookie)).subscription).toEqual({
      id: result.subscriptionId,
      status: 'pending',
    });
  });

  it('keeps the coach of a coach-linked purchase', async () => {
    const user = await signedInUser(t);
    const input = purchaseInput();
    const res = await subscribe(t, user.cookie, {
      ...input,
      subscriptionInfo: {
        ...input.subscriptionInfo,
        coachId: 'coach-7',
        coachEmail: 'Coach@Example.com',
      },
    });
    const [row] = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, res.json().result.subscriptionId));
    expect(row).toMatchObject({ coachId: 'coach-7', coachEmail: 'coach@example.com' });
  });
});
