import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { inAppFormVisits } from '../../platform/db/schema.ts';

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
