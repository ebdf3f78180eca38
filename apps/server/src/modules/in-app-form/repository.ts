import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { inAppFormVisits, users } from '../../platform/db/schema.ts';
import type { UserRow } from '../users/repository.ts';

/** The value of users.know_from for accounts made by the in-app form. */
export const IN_APP_FORM_KNOW_FROM = 'in-app-form';

/**
 * Creates the pending account of the in-app form: no OIDC identity yet (the first sign-in links it
 * by email, repositories/users.ts upsertUserFromIdentity), not onboarded. Null when the email is
 * taken, including by a concurrent submit (the unique index decides, not a prior read).
 */
export async function insertPendingUser(
  ex: Executor,
  input: { email: string; displayName: string },
): Promise<UserRow | null> {
  const [row] = await ex
    .insert(users)
    .values({
      email: input.email,
      displayName: input.displayName,
      knowFrom: IN_APP_FORM_KNOW_FROM,
      isOnboarded: false,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

/**
 * Undoes an in-app account whose email could not be sent, so the person can submit again. Only a
 * still-pending account (never signed in) is removed; its subscriptions go with it (cascade).
 */
export async function deletePendingUser(ex: Executor, userId: string): Promise<boolean> {
  const rows = await ex
    .delete(users)
    .where(sql`${users.id} = ${userId} and ${users.oidcSubject} is null`)
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Counts one visit on the given Manila day (YYYY-MM-DD); an upsert, so concurrent visits all count. */
export async function incrementVisits(ex: Executor, day: string): Promise<number> {
  const [row] = await ex
    .insert(inAppFormVisits)
    .values({ day, visits: 1 })
    .onConflictDoUpdate({
      target: inAppFormVisits.day,
      set: { visits: sql`${inAppFormVisits.visits} + 1` },
    })
    .returning({ visits: inAppFormVisits.visits });
  return row?.visits ?? 0;
}

export async function visitsOn(ex: Executor, day: string): Promise<number> {
  const [row] = await ex.select().from(inAppFormVisits).where(eq(inAppFormVisits.day, day));
  return row?.visits ?? 0;
}
