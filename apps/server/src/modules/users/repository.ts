import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { announce, topics } from '../../platform/live/topics.ts';

export type UserRow = typeof users.$inferSelect;

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  /** The provider vouches that the email is the person's (OIDC `email_verified` true). */
  emailVerified: boolean;
  name: string | null;
}

/**
 * Finds the user behind a verified identity, links a known email to it on first sign-in (an
 * account made by staff or the in-app form), or creates the user. Null for an identity not yet
 * linked whose email the provider has not verified: anyone can type an email there, so it may
 * neither take over the account that has it nor claim it and lock the owner out
 * (docs/product.md#sign-in).
 */
export async function upsertUserFromIdentity(
  ex: Executor,
  identity: VerifiedIdentity,
): Promise<UserRow | null> {
  const email = identity.email.trim().toLowerCase();
  const [linked] = await ex
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject)));
  if (linked) return linked;
  if (!identity.emailVerified) return null;

  const [byEmail] = await ex.select().from(users).where(eq(users.email, email));
  if (byEmail) {
    if (byEmail.oidcSubject !== null) {
      throw new AppError('FAILED_PRECONDITION', 'This email already belongs to another sign-in.');
    }
    const [updated] = await ex
      .update(users)
      .set({
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
        // The owner's own name replaces the one typed in the in-app form, which anyone could fill.
        providerName: identity.name ?? byEmail.providerName,
        updatedAt: sql`now()`,
      })
      // Still unlinked: a sign-in linking it at the same time (another subject) may have won since
      // the read, and its link must stand.
      .where(and(eq(users.id, byEmail.id), isNull(users.oidcSubject)))
      .returning();
    if (!updated) {
      throw new AppError('FAILED_PRECONDITION', 'This email already belongs to another sign-in.');
    }
    return updated;
  }

  const [created] = await ex
    .insert(users)
    .values({
      email,
      providerName: identity.name,
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
    })
    .returning();
  if (!created) throw new AppError('INTERNAL', 'User was not created.');
  return created;
}

/**
 * Creates an account nobody has signed in to yet (the in-app form's: no OIDC identity, not
 * onboarded, no display name); the first sign-in links it by email (upsertUserFromIdentity). The
 * name typed in the form is kept private, as the provider's name is: onboarding only suggests from
 * it (docs/product.md#display-names). Null when the email is taken, including by a concurrent
 * insert (the unique index decides, not a prior read).
 */
export async function insertPendingUser(
  ex: Executor,
  input: { email: string; formName: string; knowFrom: string },
): Promise<UserRow | null> {
  const [row] = await ex
    .insert(users)
    .values({
      email: input.email,
      providerName: input.formName,
      knowFrom: input.knowFrom,
      isOnboarded: false,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

/**
 * Removes an account made by insertPendingUser, only while nobody has signed in to it; its
 * subscriptions go with it (cascade). Returns whether it was removed.
 */
export async function deletePendingUser(ex: Executor, userId: string): Promise<boolean> {
  const rows = await ex
    .delete(users)
    .where(and(eq(users.id, userId), isNull(users.oidcSubject)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findUserById(ex: Executor, userId: string): Promise<UserRow | null> {
  const [row] = await ex.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | null> {
  const [row] = await ex.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

/** Row lock for a read-modify-write of one user; serialises concurrent writers. */
export async function lockUser(ex: Executor, userId: string): Promise<UserRow | null> {
  const [row] = await ex.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

/**
 * Records the free-trial discount's hold (ADR 043). Not part of the user document, so its version
 * does not move.
 */
export async function setDiscountHeldUntil(
  ex: Executor,
  userId: string,
  heldUntil: Date,
): Promise<void> {
  await ex.update(users).set({ discountHeldUntil: heldUntil }).where(eq(users.id, userId));
}

/** Bumps the user's version and announces users/{uid}; call after every change to the document. */
export async function touchUser(ex: Executor, userId: string): Promise<void> {
  const [row] = await ex
    .update(users)
    .set({ version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ version: users.version });
  await announce(ex, topics.user(userId), row?.version);
}

export async function completeOnboarding(
  ex: Executor,
  userId: string,
  knowFrom: string,
): Promise<void> {
  await ex.update(users).set({ isOnboarded: true, knowFrom }).where(eq(users.id, userId));
  await touchUser(ex, userId);
}

export async function setCurrentSubscription(
  ex: Executor,
  userId: string,
  subscriptionId: string | null,
): Promise<void> {
  await ex.update(users).set({ currentSubscriptionId: subscriptionId }).where(eq(users.id, userId));
  await touchUser(ex, userId);
}

export async function setDisplayName(
  ex: Executor,
  userId: string,
  displayName: string,
): Promise<void> {
  await ex.update(users).set({ displayName }).where(eq(users.id, userId));
  await touchUser(ex, userId);
}

export async function setRole(ex: Executor, userId: string, role: 'student' | 'admin') {
  await ex.update(users).set({ role }).where(eq(users.id, userId));
  await touchUser(ex, userId);
  // The session cache keeps the role with the session (auth/session-plugin.ts).
  await announce(ex, topics.sessions(userId));
}
