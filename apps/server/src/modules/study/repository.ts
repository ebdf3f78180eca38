import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { cardSchedules, noteReads } from '../../platform/db/schema.ts';

/** The study module's own rows: the student's FSRS schedule of each card and the notes read. */

export type StoredSchedule = typeof cardSchedules.$inferSelect;

/** Cards the student saw for the first time at `since` or later (the daily new-card limit). */
export async function countCardsIntroducedSince(
  ex: Executor,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(cardSchedules)
    .where(
      and(
        eq(cardSchedules.userId, userId),
        sql`(${cardSchedules.state}->>'firstReviewedAt')::timestamptz >= ${since.toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

/** Marks the note read at `now`; false when it was read before (nothing changes then). */
export async function insertNoteRead(
  ex: Executor,
  userId: string,
  noteId: string,
  now: Date,
): Promise<boolean> {
  const inserted = await ex
    .insert(noteReads)
    .values({ userId, noteId, readAt: now })
    .onConflictDoNothing()
    .returning({ noteId: noteReads.noteId });
  return inserted.length > 0;
}
