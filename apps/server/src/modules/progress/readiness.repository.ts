import type { StudentModel } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { readinessModels } from '../../platform/db/schema.ts';

/** The student's model for a track (issue 23 item 2), or null before their first answer. */
export async function findReadinessModel(
  ex: Executor,
  userId: string,
  reviewer: string,
): Promise<StudentModel | null> {
  const [row] = await ex
    .select({ model: readinessModels.model })
    .from(readinessModels)
    .where(and(eq(readinessModels.userId, userId), eq(readinessModels.reviewer, reviewer)));
  return row?.model ?? null;
}

export async function saveReadinessModel(
  ex: Executor,
  userId: string,
  reviewer: string,
  model: StudentModel,
  now: Date,
): Promise<void> {
  await ex
    .insert(readinessModels)
    .values({ userId, reviewer, model, updatedAt: now })
    .onConflictDoUpdate({
      target: [readinessModels.userId, readinessModels.reviewer],
      set: { model, updatedAt: now },
    });
}
