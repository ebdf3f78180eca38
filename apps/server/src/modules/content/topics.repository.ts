import { and, type Column, eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client.ts';
import {
  type flashCards,
  type notes,
  questions,
  subjects,
  topics,
} from '../../platform/db/schema.ts';
import { isReviewerSubject } from './reviewer-subjects.repository.ts';

/**
 * Where content sits: a topic and its subject, joined the one way every module does it. Other
 * modules read topic and subject names through these, never with joins of their own.
 */

/** Joins the topic `topicId` names, then its subject, to a dynamic select. */
export function joinTopicAndSubject<T extends PgSelect>(query: T, topicId: Column) {
  return query
    .innerJoin(topics, eq(topics.id, topicId))
    .innerJoin(subjects, eq(subjects.id, topics.subjectId));
}

/** Joins the question `questionId` names, its topic and its subject, to a dynamic select. */
export function joinQuestionPlace<T extends PgSelect>(query: T, questionId: Column) {
  return joinTopicAndSubject(
    query.innerJoin(questions, eq(questions.id, questionId)),
    questions.topicId,
  );
}

/** What a staff screen shows of where a question sits (with `joinQuestionPlace`). */
export const questionPlace = {
  reviewerShorthand: subjects.reviewerShorthand,
  subjectName: subjects.name,
  topicName: topics.name,
};

/**
 * A question, flash card or note of this reviewer, or null (one of another reviewer is not ours to
 * touch).
 */
export async function findReviewerContent(
  ex: Executor,
  content: typeof questions | typeof flashCards | typeof notes,
  reviewer: string,
  id: string,
) {
  const [row] = await ex
    .select({ id: content.id, topicId: content.topicId })
    .from(content)
    .innerJoin(topics, eq(topics.id, content.topicId))
    .where(and(eq(content.id, id), isReviewerSubject(topics.subjectId, reviewer)));
  return row ?? null;
}
