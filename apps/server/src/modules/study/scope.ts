import type { StudyScope } from '@pasado/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { subjects, topics } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors/app-error.ts';

export type ScopedTopic = {
  id: string;
  name: string;
  subjectId: string;
  subjectName: string;
};

/**
 * The topics a study request covers, in the reviewer's order: one topic, one subject's topics, or
 * the whole reviewer. A topic or subject of another reviewer is "not found" (never served through
 * a reviewer the student holds).
 */
export async function topicsInScope(
  ex: Executor,
  reviewer: string,
  scope: StudyScope,
): Promise<ScopedTopic[]> {
  const conditions = [eq(subjects.reviewerShorthand, reviewer)];
  if (scope.topicId) conditions.push(eq(topics.id, scope.topicId));
  else if (scope.subjectId) conditions.push(eq(subjects.id, scope.subjectId));
  const rows = await ex
    .select({
      id: topics.id,
      name: topics.name,
      subjectId: subjects.id,
      subjectName: subjects.name,
    })
    .from(topics)
    .innerJoin(subjects, eq(subjects.id, topics.subjectId))
    .where(and(...conditions))
    .orderBy(asc(subjects.sortOrder), asc(subjects.id), asc(topics.sortOrder), asc(topics.id));
  if (rows.length === 0 && (scope.topicId || scope.subjectId)) {
    throw notFound(scope.topicId ? 'No such topic.' : 'No such subject.');
  }
  return rows;
}

export async function requireTopic(
  ex: Executor,
  reviewer: string,
  topicId: string,
): Promise<ScopedTopic> {
  const [topic] = await topicsInScope(ex, reviewer, { topicId });
  if (!topic) throw notFound('No such topic.');
  return topic;
}

/** Start of the Manila day of `now` (DESIGN.md "Time": days are Asia/Manila, UTC+8, no DST). */
export function manilaDayStart(dayKey: string): Date {
  return new Date(`${dayKey}T00:00:00+08:00`);
}
