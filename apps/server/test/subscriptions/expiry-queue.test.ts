import { MESSAGES } from '@pasado/core';
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

  it('a queued purchase still pending is not promoted: access ends with the expiry alert', async () => {
    const { user, queued } = await trialWithQueued('pending');
    await lapse(user.trialId);
    const res = await claims(user.cookie);
    expect(res).toMatchObject({
      claims: { subscriptionStatus: 'expired' },
      subscriptionExpired: true,
    });
    expect(MESSAGES.SUBSCRIPTION_EXPIRED).toBe('Your current subscription has expired!');
    expect((await me(t, user.cookie)).queuedSubscriptions).toEqual([queued.subscriptionId]);
    // Staff approving it later makes it current, since the current one has ended.
    await setStatus(t, staff, user, queued.subscriptionId, 'approved');
    expect((await me(t, user.cookie)).subscription).toEqual({
      id: queued.subscriptionId,
      status: 'approved',
    });
  });

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
