import type { Executor } from '../../platform/db/client.ts';
import { sessionLogs } from '../../platform/db/schema.ts';

/** Keeps one client-side session event for support (SPEC §7 addSessionLog; analytics events). */
export async function addSessionLog(
  ex: Executor,
  input: { userId: string; type: string; payload: Record<string, unknown> },
): Promise<void> {
  await ex.insert(sessionLogs).values(input);
}
