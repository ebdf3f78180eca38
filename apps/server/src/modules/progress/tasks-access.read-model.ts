import { eq, sql } from 'drizzle-orm';
import { type Executor, preparedFor } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';
import {
  contentAccessJson,
  contentAccessOf,
  type SubscriptionAccess,
} from '../account/content-access.read-model.ts';

/**
 * What Tasks' writes are decided on (core `tasksDenial`): whether the student is onboarded, and
 * their subscription as the paywall reads it (the account module's row, with no reviewer: Tasks
 * belongs to none). It joins the user row with the subscriptions, so it is a read model of the
 * progress module, the module above both.
 */
export type TasksAccess = SubscriptionAccess & { isOnboarded: boolean };

const tasksAccessQuery = preparedFor((ex) =>
  ex
    .select({
      isOnboarded: users.isOnboarded,
      access: contentAccessJson(sql.placeholder('userId'), sql`null`),
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('tasks_access'),
);

/** `userId`'s onboarding and current subscription (null: no such user). */
export async function findTasksAccess(ex: Executor, userId: string): Promise<TasksAccess | null> {
  const [row] = await tasksAccessQuery(ex).execute({ userId });
  const access = contentAccessOf(row?.access ?? null);
  if (!row || !access) return null;
  return {
    isOnboarded: row.isOnboarded,
    subscription: access.subscription,
    queuedUntil: access.queuedUntil,
  };
}
