import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * NOTIFY `channel` with `payload`. Inside a transaction PostgreSQL holds the notice until COMMIT
 * and drops it on ROLLBACK, so listeners never hear of a change that did not happen.
 */
export async function notify(ex: Executor, channel: string, payload: string): Promise<void> {
  await ex.execute(sql`select pg_notify(${channel}, ${payload})`);
}
