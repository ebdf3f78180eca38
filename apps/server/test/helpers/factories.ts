import { eq } from 'drizzle-orm';
import { reviewerReadiness } from '../../src/modules/content/offers.ts';
import { grantReviewerAccess } from '../../src/modules/content/reviewers.repository.ts';
import { touchUser } from '../../src/modules/users/repository.ts';
import { users } from '../../src/platform/db/schema.ts';
import { ensureOffered } from './offer-track.ts';
import { callFunction, signedInUser, type TestApp } from './test-app.ts';

/**
 * Shared, typed factories for API tests (STYLE.md habit 8): one way to make a student, an
 * onboarded student with the free trial, and staff. Each goes through the same code as the product
 * (sign-in, then the applyRevAccess callable), so a factory never builds a state the app cannot;
 * the track is made offered first when it has no content (`ensureOffered`).
 */
export type TestUser = Awaited<ReturnType<typeof signedInUser>>;

/**
 * The onboarding call, as the student's pick on `/onboarding` sends it (the applyRevAccess
 * callable; "where did you hear of us" is Other unless the test says).
 */
export function applyRevAccess(
  t: TestApp,
  cookie: string | null,
  choice: { reviewer: string; major?: string; knowFrom?: string; displayName?: string },
) {
  return callFunction(t, cookie, 'applyRevAccess', { knowFrom: 'Other', ...choice });
}

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
 *
 * A track with no content is made offered first (`ensureOffered`). A track whose test arranged a
 * short bank (a blueprint it cannot fill 1.5 times over, so onboarding does not offer it) is held
 * the way a real student comes to hold one: they joined through a track that is offered and hold
 * this one from before its bank fell short.
 */
export async function createOnboardedStudent(
  t: TestApp,
  overrides: { email?: string; deviceId?: string; reviewer?: string; ttlMs?: number } = {},
): Promise<TestUser & { trialId: string }> {
  const { db } = t.app.database;
  const reviewer = overrides.reviewer ?? 'let-elem';
  await ensureOffered(db, reviewer);
  const offered = (await reviewerReadiness(db, reviewer)).readiness?.ready === true;
  const joinedThrough = offered ? reviewer : SAMPLE_TRACK;
  if (!offered) await ensureOffered(db, joinedThrough);
  const user = await signedInUser(t, overrides);
  const res = await applyRevAccess(t, user.cookie, { reviewer: joinedThrough });
  if (res.statusCode !== 200) throw new Error(`onboarding failed: ${res.body}`);
  if (!offered) {
    await grantReviewerAccess(db, user.userId, reviewer);
    // As onboarding does: the claims show the grant (ADR 022).
    await touchUser(db, user.userId);
  }
  const me = (await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).json();
  return { ...user, trialId: me.subscription.id };
}

/** The track a student joins through when the one a test wants is not offered. */
const SAMPLE_TRACK = 'nle';

/** A signed-in staff member (role admin, as `npm run admin -- grant-admin` sets it). */
export async function createStaff(
  t: TestApp,
  overrides: { email?: string; deviceId?: string } = {},
): Promise<TestUser> {
  const staff = await signedInUser(t, overrides);
  await t.app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
  await touchUser(t.app.database.db, staff.userId);
  return staff;
}
