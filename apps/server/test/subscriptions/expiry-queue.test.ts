import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireIfOverdue } from '../../src/modules/subscriptions/status.service.ts';
import { subscriptions } from '../../src/platform/db/schema.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  me,
  onboardedStudent,
  purchaseInput,
  setStatus,
  startWithStaff,
  subscribe,
  subscriptionRow,
  type TestUser,
} from './purchase-helpers.ts';

describe.each(ENGINES)('expiry and the queue on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    ({ t, staff } = await startWithStaff(engine));
  });
  afterAll(() => t.close());

  const lapse = (id: string) =>
    t.app.database.db
      .update(subscriptions)
      .set({ expiryDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, id));

  const claims = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/claims?force=1', headers: { cookie } })).json();

  /** A student on the free trial with one queued purchase in the given status. */
  async function trialWithQueued(status: 'pending' | 'approved' | 'completed') {
    const user = await onboardedStudent(t);
    const queued = (await subscribe(t, user.cookie, purchaseInput({ finalPrice: 99 }))).json()
      .result;
    if (status !== 'pending') await setStatus(t, staff, user, queued.subscriptionId, 'approved');
    if (status === 'completed') await setStatus(t, user, user, queued.subscriptionId, 'completed');
    return { user, queued };
  }

  it.each(['approved', 'completed'] as const)(
    'a lapsed trial expires and the queued %s purchase becomes current in the same call',
    async (status) => {
      const { user, queued } = await trialWithQueued(status);
      await lapse(user.trialId);
      const res = await claims(user.cookie);
      expect(res).toMatchObject({
        claims: { subscriptionStatus: status },
        subscriptionExpired: false,
      });
      expect((await subscriptionRow(t, user.trialId)).status).toBe('expired');
      const doc = await me(t, user.cookie);
      expect(doc.subscription).toEqual({ id: queued.subscriptionId, status });
      expect(doc.queuedSubscriptions).toEqual([]);
      const row = await subscriptionRow(t, queued.subscriptionId);
      expect(row.queuedAt).toBeNull();
      // The trial ended here three days before its term said: the purchase begins now and keeps
      // the length it was bought for.
      expect(row.startsAt.getTime()).toBeLessThan(Date.parse(queued.startsAt));
      expect(row.startsAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(row.expiryDate.getTime() - row.startsAt.getTime()).toBe(
        Date.parse(queued.expiryDate) - Date.parse(queued.startsAt),
      );
    },
  );

  // A renewal bought before the trial ended and not yet reviewed when it did: it takes over as it
  // is, as a purchase made after the end would be current at once. It waited for staff before, so
  // the student who had paid was locked out with the expiry alert until someone reviewed it.
  it.each(['pending', 'forVerification'] as const)(
    'a queued purchase still %s takes over: access goes on while staff review it',
    async (status) => {
      const { user, queued } = await trialWithQueued('pending');
      if (status === 'forVerification') {
        await setStatus(t, staff, user, queued.subscriptionId, 'forVerification');
      }
      await lapse(user.trialId);
      const res = await claims(user.cookie);
      expect(res).toMatchObject({
        claims: { subscriptionStatus: status },
        subscriptionExpired: false,
      });
      const doc = await me(t, user.cookie);
      expect(doc.subscription).toEqual({ id: queued.subscriptionId, status });
      expect(doc.queuedSubscriptions).toEqual([]);
      // Its month begins now, not at the end the trial's term said.
      const row = await subscriptionRow(t, queued.subscriptionId);
      expect(row.startsAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(row.expiryDate.getTime() - row.startsAt.getTime()).toBe(
        Date.parse(queued.expiryDate) - Date.parse(queued.startsAt),
      );
      // Staff approving it then approves the current subscription.
      await setStatus(t, staff, user, queued.subscriptionId, 'approved');
      expect((await me(t, user.cookie)).subscription).toEqual({
        id: queued.subscriptionId,
        status: 'approved',
      });
    },
  );

  // A suspension holds the queue (docs/product.md#subscription-queue), yet the queued plan's term,
  // fixed at purchase, ran on during the hold: lifted or revoked after the trial's end, the plan
  // came in with the hold's days gone, all of them when the hold outlasted it.
  it.each([
    ['lifted', 'approved'],
    ['revoked', 'revoked'],
  ] as const)(
    'a hold on the current subscription past its end, %s, lets the queued plan begin then with its whole length',
    async (_how, to) => {
      const { user, queued } = await trialWithQueued('approved');
      await setStatus(t, staff, user, user.trialId, 'suspended');
      // Five days on hold past the trial's end: the queued plan's term was to begin then.
      const heldSince = Date.now() - 5 * 86_400_000;
      const length = Date.parse(queued.expiryDate) - Date.parse(queued.startsAt);
      const db = t.app.database.db;
      await db
        .update(subscriptions)
        .set({ expiryDate: new Date(heldSince) })
        .where(eq(subscriptions.id, user.trialId));
      await db
        .update(subscriptions)
        .set({ startsAt: new Date(heldSince), expiryDate: new Date(heldSince + length) })
        .where(eq(subscriptions.id, queued.subscriptionId));
      const ended = Date.now();
      await setStatus(t, staff, user, user.trialId, to);
      expect(await claims(user.cookie)).toMatchObject({ subscriptionExpired: false });
      expect((await me(t, user.cookie)).subscription).toEqual({
        id: queued.subscriptionId,
        status: 'approved',
      });
      const row = await subscriptionRow(t, queued.subscriptionId);
      expect(row.startsAt.getTime()).toBeGreaterThanOrEqual(ended);
      expect(row.expiryDate.getTime() - row.startsAt.getTime()).toBe(length);
    },
  );

  it('a promoted subscription that has lapsed too expires in the same transaction', async () => {
    const { user, queued } = await trialWithQueued('completed');
    await lapse(user.trialId);
    await lapse(queued.subscriptionId);
    const res = await claims(user.cookie);
    expect(res).toMatchObject({
      claims: { subscriptionStatus: 'expired' },
      subscriptionExpired: true,
    });
    expect((await me(t, user.cookie)).subscription).toEqual({
      id: queued.subscriptionId,
      status: 'expired',
    });
  });

  it('expireIfOverdue does nothing for a running subscription and is safe to repeat', async () => {
    const { user } = await trialWithQueued('approved');
    const db = t.app.database.db;
    expect(await db.transaction((tx) => expireIfOverdue(tx, user.userId, new Date()))).toBe(false);
    await lapse(user.trialId);
    const results = await Promise.all([
      db.transaction((tx) => expireIfOverdue(tx, user.userId, new Date())),
      db.transaction((tx) => expireIfOverdue(tx, user.userId, new Date())),
    ]);
    expect(results).toEqual([false, false]);
    const doc = await me(t, user.cookie);
    expect(doc.subscription.status).toBe('approved');
    expect((await subscriptionRow(t, user.trialId)).version).toBe(2);
  });
});
