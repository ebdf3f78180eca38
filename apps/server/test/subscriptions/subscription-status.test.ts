import { MAX_PROOFS_PER_SUBSCRIPTION, PURCHASE_MESSAGES } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, subscriptions, transactions } from '../../src/platform/db/schema.ts';
import { DAY } from '../helpers/durations.ts';
import { openLiveStream } from '../helpers/live-stream.ts';
import { callFunction, signedInUser, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  auditFor,
  countsFor,
  makeStaff,
  me,
  newRefCode,
  onboardedStudent,
  pngBytes,
  purchaseInput,
  setStatus,
  startWithStaff,
  studentWithPurchase,
  subscribe,
  subscriptionRow,
  type TestUser,
  uploadScreenshot,
} from './purchase-helpers.ts';

describe.each(ENGINES)('updateSubscriptionStatus and addTransaction on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    ({ t, staff } = await startWithStaff(engine));
  });
  afterAll(() => t.close());

  describe('updateSubscriptionStatus', () => {
    it('refuses a caller without a session', async () => {
      const { user, subId } = await studentWithPurchase(t);
      const res = await callFunction(t, null, 'updateSubscriptionStatus', {
        userEmail: user.email,
        userId: user.userId,
        subId,
        newStat: 'completed',
      });
      expect(res.statusCode).toBe(401);
    });

    it('a student closes their approved banner: approved → completed, audited and announced', async () => {
      const { user, subId } = await studentWithPurchase(t);
      await setStatus(t, staff, user, subId, 'approved');
      const stream = await openLiveStream(t.url, user.cookie, [`subscriptions/${subId}`]);
      try {
        await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');
        const res = await setStatus(t, user, user, subId, 'completed');
        expect(res.json()).toEqual({
          result: { subscriptionId: subId, from: 'approved', status: 'completed' },
        });
        const change = await stream.waitFor(
          (e) =>
            (e.data as { kind: string; data?: { status?: string } }).kind === 'change' &&
            (e.data as { data: { status: string } }).data.status === 'completed',
        );
        expect(change).toBeTruthy();
      } finally {
        stream.close();
      }
      const claims = (
        await t.app.inject({ url: '/api/auth/claims?force=1', headers: { cookie: user.cookie } })
      ).json();
      expect(claims.claims.subscriptionStatus).toBe('completed');
      const audit = await auditFor(t, subId);
      expect(audit.at(-1)).toMatchObject({
        action: 'updateSubscriptionStatus',
        actorUserId: user.userId,
        details: { from: 'approved', to: 'completed', via: 'function' },
      });
    });

    it.each([
      ['pending', 'approved'],
      ['pending', 'completed'],
      ['pending', 'revoked'],
      ['pending', 'expired'],
    ])('refuses a student %s → %s and writes nothing', async (_from, to) => {
      const { user, subId } = await studentWithPurchase(t);
      const auditBefore = await auditFor(t, subId);
      const res = await setStatus(t, user, user, subId, to);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.status).toBe('FAILED_PRECONDITION');
      expect((await subscriptionRow(t, subId)).status).toBe('pending');
      expect(await auditFor(t, subId)).toEqual(auditBefore);
    });

    it("refuses a student touching another user's subscription", async () => {
      const { user: owner, subId } = await studentWithPurchase(t);
      await setStatus(t, staff, owner, subId, 'approved');
      const other = await signedInUser(t);
      // Naming themselves, or pretending to be the owner: both refused.
      const asSelf = await setStatus(t, other, other, subId, 'completed');
      expect(asSelf.statusCode).toBe(403);
      const asOwner = await setStatus(t, other, owner, subId, 'completed');
      expect(asOwner.statusCode).toBe(403);
      expect((await subscriptionRow(t, subId)).status).toBe('approved');
    });

    it.each([
      ['pending', 'approved'],
      ['pending', 'forVerification'],
      ['pending', 'suspended'],
      ['pending', 'revoked'],
    ])('staff move %s → %s, with a reason in the audit log', async (_from, to) => {
      const { user, subId } = await studentWithPurchase(t);
      const res = await setStatus(t, staff, user, subId, to, 'Checked the wallet statement.');
      expect(res.json().result).toEqual({ subscriptionId: subId, from: 'pending', status: to });
      expect((await subscriptionRow(t, subId)).status).toBe(to);
      expect((await auditFor(t, subId)).at(-1)).toMatchObject({
        actorUserId: staff.userId,
        actorEmail: staff.email,
        details: { from: 'pending', to, reason: 'Checked the wallet statement.' },
      });
    });

    it('staff lift a suspension and then revoke; revoked is final', async () => {
      const { user, subId } = await studentWithPurchase(t);
      for (const to of ['suspended', 'approved', 'completed', 'suspended', 'revoked']) {
        const caller = to === 'completed' ? user : staff;
        const res = await setStatus(t, caller, user, subId, to);
        expect(res.statusCode, to).toBe(200);
      }
      for (const to of ['approved', 'pending', 'suspended', 'expired']) {
        const res = await setStatus(t, staff, user, subId, to);
        expect(res.statusCode, to).toBe(409);
      }
    });

    // A free trial runs as completed and no one paid for it: lifted as approved it showed the
    // student "Payment approved! Click here to close." and hid the trial's end date.
    it('staff lifting a suspended free trial restore it as completed, not approved', async () => {
      const user = await onboardedStudent(t);
      expect((await setStatus(t, staff, user, user.trialId, 'suspended')).statusCode).toBe(200);
      const lifted = await setStatus(t, staff, user, user.trialId, 'approved', 'Cleared.');
      expect(lifted.json().result).toEqual({
        subscriptionId: user.trialId,
        from: 'suspended',
        status: 'completed',
      });
      expect((await subscriptionRow(t, user.trialId)).status).toBe('completed');
      expect((await auditFor(t, user.trialId)).at(-1)).toMatchObject({
        details: { from: 'suspended', to: 'completed', reason: 'Cleared.' },
      });
    });

    it.each([
      ['approved', 'pending'],
      ['approved', 'forVerification'],
      ['approved', 'completed'],
      ['forVerification', 'pending'],
    ])('refuses staff %s → %s', async (from, to) => {
      const { user, subId } = await studentWithPurchase(t);
      await setStatus(t, staff, user, subId, from);
      const res = await setStatus(t, staff, user, subId, to);
      expect(res.statusCode).toBe(409);
      expect((await subscriptionRow(t, subId)).status).toBe(from);
    });

    it('setting the status it already has returns null and writes nothing', async () => {
      const { user, subId } = await studentWithPurchase(t);
      await setStatus(t, staff, user, subId, 'approved');
      const auditBefore = await auditFor(t, subId);
      const res = await setStatus(t, staff, user, subId, 'approved');
      expect(res.json()).toEqual({ result: null });
      expect(await auditFor(t, subId)).toEqual(auditBefore);
    });

    it('two staff approving at once change it once', async () => {
      const { user, subId } = await studentWithPurchase(t);
      const other = await makeStaff(t);
      const results = await Promise.all([
        setStatus(t, staff, user, subId, 'approved'),
        setStatus(t, other, user, subId, 'approved'),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const outcomes = results.map((r) => r.json().result);
      expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
      const approvals = (await auditFor(t, subId)).filter(
        (row) => row.action === 'updateSubscriptionStatus',
      );
      expect(approvals).toHaveLength(1);
      expect((await subscriptionRow(t, subId)).version).toBe(2);
    });

    it('refuses bad input with 400: unknown status, a reason over 500, a wrong owner', async () => {
      const { user, subId } = await studentWithPurchase(t);
      const bad = [
        { userEmail: user.email, userId: user.userId, subId, newStat: 'paid' },
        { userEmail: user.email, userId: user.userId, subId: 'x', newStat: 'approved' },
        { userEmail: 'nope', userId: user.userId, subId, newStat: 'approved' },
        {
          userEmail: user.email,
          userId: user.userId,
          subId,
          newStat: 'approved',
          reason: 'x'.repeat(501),
        },
      ];
      for (const data of bad) {
        const res = await callFunction(t, staff.cookie, 'updateSubscriptionStatus', data);
        expect(res.statusCode, JSON.stringify(data).slice(0, 80)).toBe(400);
      }
      const other = await signedInUser(t);
      const wrongOwner = await setStatus(t, staff, other, subId, 'approved');
      expect(wrongOwner.statusCode).toBe(400);
      expect((await subscriptionRow(t, subId)).status).toBe('pending');
      const missing = await setStatus(t, staff, user, crypto.randomUUID(), 'approved');
      expect(missing.statusCode).toBe(404);
    });

    it('revoking the current subscription makes the next approved queued one current', async () => {
      const { user, subId } = await studentWithPurchase(t);
      await setStatus(t, staff, user, subId, 'approved');
      await setStatus(t, user, user, subId, 'completed');
      const next = (await subscribe(t, user.cookie, purchaseInput())).json().result;
      expect(next.queued).toBe(true);
      await setStatus(t, staff, user, next.subscriptionId, 'approved');
      expect((await me(t, user.cookie)).subscription.id).toBe(subId);
      const revokedAt = Date.now();
      await setStatus(t, staff, user, subId, 'revoked');
      const doc = await me(t, user.cookie);
      expect(doc.subscription).toEqual({ id: next.subscriptionId, status: 'approved' });
      expect(doc.queuedSubscriptions).toEqual([]);
      // Its term was to begin when the revoked one ended, a month on: it begins now and keeps its
      // month, not the month and more up to the end of the term computed at purchase.
      const promoted = await subscriptionRow(t, next.subscriptionId);
      expect(Date.parse(next.startsAt) - revokedAt).toBeGreaterThan(29 * DAY);
      expect(promoted.startsAt.getTime()).toBeGreaterThanOrEqual(revokedAt);
      expect(promoted.startsAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(promoted.expiryDate.getTime() - promoted.startsAt.getTime()).toBe(
        Date.parse(next.expiryDate) - Date.parse(next.startsAt),
      );
    });

    it('a revoked queued subscription leaves the queue', async () => {
      const { user, subId } = await studentWithPurchase(t);
      await setStatus(t, staff, user, subId, 'approved');
      await setStatus(t, user, user, subId, 'completed');
      const next = (await subscribe(t, user.cookie, purchaseInput())).json().result;
      await setStatus(t, staff, user, next.subscriptionId, 'revoked');
      const doc = await me(t, user.cookie);
      expect(doc.subscription.id).toBe(subId);
      expect(doc.queuedSubscriptions).toEqual([]);
    });
  });

  describe('addTransaction', () => {
    const addProof = (
      caller: TestUser,
      subId: string,
      proof: { refCode?: string; paymentScreenshotUrl?: string },
      owner: { userId: string; email: string } = caller,
    ) =>
      callFunction(t, caller.cookie, 'addTransaction', {
        transactionInfo: { ...proof, purchasedBy: 'user' },
        userId: owner.userId,
        userEmail: owner.email,
        subId,
        coachId: null,
        coachEmail: null,
      });

    it('accepts at most five proofs per subscription, then refuses and writes nothing', async () => {
      const { user, subId } = await studentWithPurchase(t);
      const count = async () =>
        (
          await t.app.database.db
            .select()
            .from(transactions)
            .where(eq(transactions.subscriptionId, subId))
        ).length;
      while ((await count()) < MAX_PROOFS_PER_SUBSCRIPTION) {
        expect((await addProof(user, subId, { refCode: newRefCode() })).statusCode).toBe(200);
      }
      const refused = await addProof(user, subId, { refCode: newRefCode() });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        status: 'FAILED_PRECONDITION',
        message: PURCHASE_MESSAGES.TOO_MANY_PROOFS,
      });
      expect(await count()).toBe(MAX_PROOFS_PER_SUBSCRIPTION);
    });

    it('a new proof returns a forVerification subscription to pending', async () => {
      const { user, subId } = await studentWithPurchase(t);
      await setStatus(t, staff, user, subId, 'forVerification');
      const up = (await uploadScreenshot(t, user.cookie, pngBytes())).json();
      const res = await addProof(user, subId, { paymentScreenshotUrl: up.path });
      expect(res.statusCode).toBe(200);
      const result = res.json().result;
      expect(result).toMatchObject({ subscriptionId: subId, status: 'pending' });
      expect((await subscriptionRow(t, subId)).status).toBe('pending');
      const doc = (
        await t.app.inject({ url: `/api/subscriptions/${subId}`, headers: { cookie: user.cookie } })
      ).json();
      expect(doc.transactionIds).toHaveLength(2);
      expect(doc.transactionIds[1]).toBe(result.transactionId);
      expect((await auditFor(t, subId)).at(-1)).toMatchObject({
        action: 'addTransaction',
        details: { from: 'forVerification', to: 'pending' },
      });
    });

    it('copies the amounts of the purchase and is idempotent for the same proof', async () => {
      const { user, subId } = await studentWithPurchase(t);
      const code = newRefCode();
      const first = await addProof(user, subId, { refCode: code });
      const again = await addProof(user, subId, { refCode: code });
      expect(again.json()).toEqual(first.json());
      expect(await countsFor(t, user.userId)).toEqual({ subscriptions: 1, transactions: 2 });
    });

    it('refuses a proof used elsewhere', async () => {
      const { user, subId } = await studentWithPurchase(t);
      const { user: other } = await studentWithPurchase(t);
      const code = newRefCode();
      expect(
        (await addProof(other, (await me(t, other.cookie)).subscription.id, { refCode: code }))
          .statusCode,
      ).toBe(200);
      const res = await addProof(user, subId, { refCode: code });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(PURCHASE_MESSAGES.REF_CODE_USED);
    });

    it('refuses a subscription not waiting for proof, and a free trial', async () => {
      const { user, subId } = await studentWithPurchase(t);
      await setStatus(t, staff, user, subId, 'approved');
      const res = await addProof(user, subId, { refCode: newRefCode() });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(PURCHASE_MESSAGES.NOT_VERIFIABLE);
      expect(await countsFor(t, user.userId)).toEqual({ subscriptions: 1, transactions: 1 });
      const student = await onboardedStudent(t);
      const trial = await addProof(student, student.trialId, { refCode: newRefCode() });
      expect(trial.statusCode).toBe(409);
      expect(await countsFor(t, student.userId)).toEqual({ subscriptions: 1, transactions: 0 });
    });

    it("refuses another user's subscription, a mismatched identity and no session", async () => {
      const { user: owner, subId } = await studentWithPurchase(t);
      const other = await signedInUser(t);
      expect((await addProof(other, subId, { refCode: newRefCode() })).statusCode).toBe(403);
      expect((await addProof(other, subId, { refCode: newRefCode() }, owner)).statusCode).toBe(403);
      const anonymous = await callFunction(t, null, 'addTransaction', {});
      expect(anonymous.statusCode).toBe(401);
      expect(await countsFor(t, owner.userId)).toEqual({ subscriptions: 1, transactions: 1 });
      const bad = await addProof(owner, subId, { refCode: '12' });
      expect(bad.statusCode).toBe(400);
    });
  });

  it('every audit row stays: the log refuses updates', async () => {
    const { subId } = await studentWithPurchase(t);
    await expect(
      t.app.database.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.targetId, subId)),
    ).rejects.toThrow();
    const [row] = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subId));
    expect(row?.status).toBe('pending');
  });
});
