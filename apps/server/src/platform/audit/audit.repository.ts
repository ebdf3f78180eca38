import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Appends one row to the staff audit trail (docs/product.md#staff: who changed what, when and why).
 * Every module that makes a change staff must be able to trace appends here, in the change's own
 * transaction; the payments console reads it. The table refuses UPDATE and DELETE.
 */
export async function appendAudit(
  ex: Executor,
  entry: {
    actorUserId: string | null;
    actorEmail: string | null;
    action: string;
    targetType: string;
    targetId: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await ex.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}

/** The audit trail of one target, oldest first. */
export async function listAuditOf(
  ex: Executor,
  targetType: string,
  targetId: string,
): Promise<AuditRow[]> {
  return ex
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.id));
}

/** The latest audit entries, newest first, older than `before` when given. */
export async function listRecentAudit(
  ex: Executor,
  input: { before: number | null; limit: number },
): Promise<AuditRow[]> {
  return ex
    .select()
    .from(auditLog)
    .where(input.before === null ? undefined : lt(auditLog.id, input.before))
    .orderBy(desc(auditLog.id))
    .limit(input.limit);
}
