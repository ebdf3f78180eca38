import { manilaWeekNumber, manilaWeekStart } from '@pasado/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, transactions } from '../../src/platform/db/schema.ts';
import { signedInUser, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  startWithStaff,
  studentWithPurchase,
  type TestUser,
} from '../subscriptions/purchase-helpers.ts';

const URL = '/api/admin/payments/dashboard';
const HOUR = 3600_000;

describe.each(ENGINES)('the staff dashboard on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    ({ t, staff } = await startWithStaff(engine));
  });
  afterAll(() => t.close());

  const subscription = async (
    userId: string,
    values: { trial: boolean; createdAt: Date; approvedAt?: Date; status?: string; pesos?: number },
  ) => {
    const [row] = await t.app.database.db
      .insert(subscriptions)
      .values({
        userId,
        status: (values.status ?? (values.trial ? 'completed' : 'approved')) as 'approved',
        isFreeTrial: values.trial,
        expiryDate: new Date(values.createdAt.getTime() + 30 * 24 * HOUR),
        createdAt: values.createdAt,
        approvedAt: values.approvedAt ?? null,
        selectedPlan: values.trial
          ? null
          : {
              id: '1-month',
              name: '1 Month',
              description: '30 days',
              price: 199,
              discount: 199 - (values.pesos ?? 0),
              durationInDays: 30,
            },
      })
      .returning();
    if (!row) throw new Error('no row');
    await t.app.database.db.insert(transactions).values({
      subscriptionId: row.id,
      userId,
      price: values.pesos ?? 0,
      finalPrice: values.pesos ?? 0,
      isFreeTrial: values.trial,
      createdAt: values.createdAt,
    });
  };

  it.each([
    [null, 401],
    ['student', 403],
  ] as const)('refuses %s with %i', async (who, status) => {
    const cookie = who ? (await signedInUser(t)).cookie : null;
    const res = await t.app.inject({ url: URL, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(status);
  });

  it.each(['?weeks=0', '?weeks=53', '?weeks=x', '?other=1'])('refuses %s', async (query) => {
    const res = await t.app.inject({ url: `${URL}${query}`, headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(400);
  });

  it('counts trials, conversion, paid purchases, revenue and time to approval by Manila week', async () => {
    const now = new Date();
    const week = manilaWeekNumber(now);
    const last = manilaWeekStart(week - 1);
    const current = manilaWeekStart(week);
    const at = (start: Date, hours: number) => new Date(start.getTime() + hours * HOUR);
    const [a, b, c] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    await subscription(a.userId, { trial: true, createdAt: at(last, 1) });
    await subscription(a.userId, {
      trial: false,
      createdAt: at(current, 1),
      approvedAt: at(current, 5),
      pesos: 199,
    });
    await subscription(b.userId, { trial: true, createdAt: at(last, 2) });
    // Approved, then revoked (its payment was not what it claimed): no revenue, no conversion.
    await subscription(b.userId, {
      trial: false,
      createdAt: at(current, 1),
      approvedAt: at(current, 3),
      status: 'revoked',
      pesos: 199,
    });
    await subscription(c.userId, { trial: true, createdAt: at(current, 3) });
    await subscription(c.userId, {
      trial: false,
      createdAt: at(current, 2),
      approvedAt: at(current, 26),
      status: 'completed',
      pesos: 99,
    });
    // A trial just before last week began is not counted.
    await subscription((await signedInUser(t)).userId, {
      trial: true,
      createdAt: at(last, -0.001),
    });
    // One waiting, one approved now through the console (which sets the approval time).
    await studentWithPurchase(t);
    const approvedNow = await studentWithPurchase(t);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${approvedNow.subId}/actions`,
      headers: { origin: t.origin, cookie: staff.cookie },
      payload: { action: 'approve', reason: 'Seen in the app', expectedStatus: 'pending' },
    });
    expect(approve.statusCode).toBe(200);

    const res = await t.app.inject({ url: `${URL}?weeks=2`, headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.weeks).toHaveLength(2);
    expect(body.weeks[0]).toEqual({
      weekStart: last.toISOString(),
      trialsStarted: 2,
      trialsConverted: 1,
      conversionPercent: 50,
      paidSubscriptions: 0,
      revenuePesos: 0,
      medianHoursToApproval: null,
      p90HoursToApproval: null,
    });
    expect(body.weeks[1]).toMatchObject({
      weekStart: current.toISOString(),
      trialsStarted: 1,
      trialsConverted: 1,
      conversionPercent: 100,
      paidSubscriptions: 3,
      revenuePesos: 199 + 99 + 199,
      medianHoursToApproval: 4,
    });
    // Three approvals after ~0, 4 and 24 hours: the 90th percentile lies between the last two.
    expect(body.weeks[1].p90HoursToApproval).toBeCloseTo(20, 0);
    expect(body.queue).toMatchObject({ size: 1 });
    expect(body.queue.medianWaitingHours).toBeLessThan(1);
  });
});
