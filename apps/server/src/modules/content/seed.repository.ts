import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { auditLog } from '../../platform/db/schema.ts';

/**
 * Waits for, then holds until the transaction ends, the lock of one seeding key: processes
 * starting together on one fresh database seed a file one after the other.
 */
export async function lockSeedKey(ex: Executor, key: string): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * The SHA-256 recorded by the last `action` audit row of a content file (the seed's memory of
 * what it imported). Reads the audit log, written through auth's `appendAudit`.
 */
export async function lastAuditedHash(
  ex: Executor,
  action: string,
  target: string,
): Promise<unknown> {
  const [last] = await ex
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.targetType, 'content-file'),
        eq(auditLog.targetId, target),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return last?.details.sha256;
}
