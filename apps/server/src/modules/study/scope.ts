import type { StudyScope } from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors/app-error.ts';
import { listTopicsInScope, type ScopedTopic } from '../content/study-material.repository.ts';

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
  const rows = await listTopicsInScope(ex, reviewer, scope);
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
