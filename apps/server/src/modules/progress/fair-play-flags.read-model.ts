import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { fairPlayFlags, users } from '../../platform/db/schema.ts';

/** Open fair-play flags, newest first, with the student. */
export async function listOpenFairPlayFlags(ex: Executor, limit: number) {
  return ex
    .select({
      id: fairPlayFlags.id,
      userId: users.id,
      email: users.email,
      displayName: users.displayName,
      day: fairPlayFlags.day,
      reasons: fairPlayFlags.reasons,
      evidence: fairPlayFlags.evidence,
      createdAt: fairPlayFlags.createdAt,
    })
    .from(fairPlayFlags)
    .innerJoin(users, eq(users.id, fairPlayFlags.userId))
    .where(eq(fairPlayFlags.status, 'open'))
    .orderBy(desc(fairPlayFlags.createdAt))
    .limit(limit);
}
