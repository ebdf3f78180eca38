import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { mockExamStreaks } from '../../platform/db/schema.ts';

// docs/product.md#entities mockExamStreakList: one row per student and month, the days with a submitted mock.

/** The days of the streak row, locked; null when the month has no row yet. */
export async function lockMockStreakDays(tx: Tx, id: string): Promise<number[] | null> {
  const [row] = await tx
    .select({ days: mockExamStreaks.days })
    .from(mockExamStreaks)
    .where(eq(mockExamStreaks.id, id))
    .for('update');
  return row?.days ?? null;
}

export async function insertMockStreak(
  ex: Executor,
  streak: { id: string; userId: string; month: number; year: number; days: number[]; now: Date },
): Promise<void> {
  const { now, ...values } = streak;
  await ex
    .insert(mockExamStreaks)
    .values({ ...values, updatedAt: now })
    .onConflictDoNothing();
}

export async function updateMockStreakDays(
  ex: Executor,
  id: string,
  days: number[],
  now: Date,
): Promise<void> {
  await ex.update(mockExamStreaks).set({ days, updatedAt: now }).where(eq(mockExamStreaks.id, id));
}
