import type { Executor } from '../../platform/db/client.ts';
import { auditLog, sessionLogs } from '../../platform/db/schema.ts';

export async function addSessionLog(
  ex: Executor,
  input: { userId: string; type: string; payload: Record<string, unknown> },
): Promise<void> {
  await ex.insert(sessionLogs).values(input);
}

/** Appends one row to the append-only audit log (the table refuses UPDATE and DELETE). */
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
