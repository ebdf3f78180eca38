import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { sessionLogs } from '../../platform/db/schema.ts';

/** Keeps one client-side session event for support (docs/product.md#server-functions addSessionLog; analytics events). */
export async function addSessionLog(
  ex: Executor,
  input: { userId: string; type: string; payload: Record<string, unknown>; createdAt: Date },
): Promise<void> {
  await ex.insert(sessionLogs).values(input);
}

/** The logs the student has kept since `since` (the Manila day's start: the daily cap). */
export async function countSessionLogsSince(ex: Executor, userId: string, since: Date) {
  const [row] = await ex
    .select({ n: count() })
    .from(sessionLogs)
    .where(and(eq(sessionLogs.userId, userId), gte(sessionLogs.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Deletes every log older than `cutoff` (the retention period); returns how many. */
export async function deleteSessionLogsBefore(ex: Executor, cutoff: Date): Promise<number> {
  const deleted = await ex
    .delete(sessionLogs)
    .where(lt(sessionLogs.createdAt, cutoff))
    .returning({ id: sessionLogs.id });
  return deleted.length;
}
