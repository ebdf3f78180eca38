import { eq } from 'drizzle-orm';
import { users } from '../../src/platform/db/schema.ts';
import { callFunction, signedInUser, type TestApp } from './test-app.ts';

/**
 * Shared, typed factories for API tests (STYLE.md habit 8): one way to make a student, an
 * onboarded student with the free trial, and staff. Each goes through the same code as the product
 * (sign-in, then the applyRevAccess callable), so a factory never builds a state the app cannot.
 */
export type TestUser = Awaited<ReturnType<typeof signedInUser>>;

/** A signed-in student who has not onboarded yet. */
export function createStudent(
  t: TestApp,
  overrides: { email?: string; deviceId?: string } = {},
): Promise<TestUser> {
  return signedInUser(t, overrides);
}

/**
 * A signed-in student onboarded to `reviewer`, with the 3-day free trial current (the discount
 * window open). Returns the trial subscription's id.
 */
export async function createOnboardedStudent(
  t: TestApp,
  overrides: { email?: string; deviceId?: string; reviewer?: string } = {},
): Promise<TestUser & { trialId: string }> {
  const user = await signedInUser(t, overrides);
  const res = await callFunction(t, user.cookie, 'applyRevAccess', {
    knowFrom: 'Other',
    reviewer: overrides.reviewer ?? 'let-elem',
  });
  if (res.statusCode !== 200) throw new Error(`onboarding failed: ${res.body}`);
  const me = (await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).json();
  return { ...user, trialId: me.subscription.id };
}

/** A signed-in staff member (role admin, as `npm run admin -- grant-admin` sets it). */
export async function createStaff(
  t: TestApp,
  overrides: { email?: string; deviceId?: string } = {},
): Promise<TestUser> {
  const staff = await signedInUser(t, overrides);
  await t.app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
  return staff;
}
