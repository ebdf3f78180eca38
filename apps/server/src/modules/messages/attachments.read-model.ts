import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { uploads, userMessages } from '../../platform/db/schema.ts';

// "Cited" is a message's reference to an upload (its /api/files/ URL), so the guarded delete reads
// the uploads module's table and this module's: a read model of messages, the module above.

/**
 * Deletes the uploads row of this user's message image unless a saved message cites it, the test
 * in the delete's own statement (as the orphan sweep's). Returns whether it went; the caller then
 * deletes the file.
 */
export async function deleteUncitedMessageImage(
  ex: Executor,
  userId: string,
  objectPath: string,
): Promise<boolean> {
  const removed = await ex
    .delete(uploads)
    .where(
      and(
        eq(uploads.path, objectPath),
        eq(uploads.ownerUserId, userId),
        notExists(
          ex
            .select({ one: sql`1` })
            .from(userMessages)
            .where(eq(userMessages.attachment, sql`'/api/files/' || ${uploads.path}`)),
        ),
      ),
    )
    .returning({ path: uploads.path });
  return removed.length > 0;
}
