import type { StudyScope } from '@pasado/core';
import { and, asc, count, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  flashCards,
  notes,
  questions,
  reviewerSubjects,
  subjects,
  topics,
} from '../../platform/db/schema.ts';
import { reviewerSubjectJoin } from './reviewer-subjects.repository.ts';
import { findReviewerContent } from './topics.repository.ts';

/**
 * What the study modes read of the bank (issue 4 item 6): the topics a request covers, their flash
 * cards, notes and drill questions. Counts per topic come back as a map topic id → n.
 */

export type TopicCounts = Map<string, number>;

export function toCounts(rows: { topicId: string; n: number }[]): TopicCounts {
  return new Map(rows.map((r) => [r.topicId, r.n]));
}

/** Rows of one kind of content per topic, of these topics (and meeting `also`, when given). */
function countContentByTopic(
  ex: Executor,
  content: typeof flashCards | typeof notes | typeof questions,
  topicIds: string[],
  also?: SQL,
): Promise<TopicCounts> {
  return ex
    .select({ topicId: content.topicId, n: count() })
    .from(content)
    .where(and(inArray(content.topicId, topicIds), also))
    .groupBy(content.topicId)
    .then(toCounts);
}

export type ScopedTopic = {
  id: string;
  name: string;
  subjectId: string;
  subjectName: string;
};

/** One topic, one subject's topics or the whole reviewer, in the reviewer's order. */
export async function listTopicsInScope(
  ex: Executor,
  reviewer: string,
  scope: StudyScope,
): Promise<ScopedTopic[]> {
  const conditions = [];
  if (scope.topicId) conditions.push(eq(topics.id, scope.topicId));
  else if (scope.subjectId) conditions.push(eq(subjects.id, scope.subjectId));
  return ex
    .select({
      id: topics.id,
      name: topics.name,
      subjectId: subjects.id,
      subjectName: subjects.name,
    })
    .from(topics)
    .innerJoin(subjects, eq(subjects.id, topics.subjectId))
    .innerJoin(reviewerSubjects, reviewerSubjectJoin(subjects.id, reviewer))
    .where(and(...conditions))
    .orderBy(
      asc(reviewerSubjects.sortOrder),
      asc(subjects.id),
      asc(topics.sortOrder),
      asc(topics.id),
    );
}

/** What the study modes show of a card. */
export const studyCard = {
  id: flashCards.id,
  topicId: flashCards.topicId,
  front: flashCards.front,
  back: flashCards.back,
  rationale: flashCards.rationale,
};

/** A card of this reviewer, or null (a card of another reviewer is not ours to touch). */
export function findReviewerCard(ex: Executor, reviewer: string, cardId: string) {
  return findReviewerContent(ex, flashCards, reviewer, cardId);
}

export async function listTopicCards(ex: Executor, topicId: string) {
  return ex
    .select({
      id: flashCards.id,
      front: flashCards.front,
      back: flashCards.back,
      rationale: flashCards.rationale,
    })
    .from(flashCards)
    .where(eq(flashCards.topicId, topicId))
    .orderBy(asc(flashCards.id));
}

export function countCardsByTopic(ex: Executor, topicIds: string[]): Promise<TopicCounts> {
  return countContentByTopic(ex, flashCards, topicIds);
}

/** A note of this reviewer, or null. */
export function findReviewerNote(ex: Executor, reviewer: string, noteId: string) {
  return findReviewerContent(ex, notes, reviewer, noteId);
}

export function countNotesByTopic(ex: Executor, topicIds: string[]): Promise<TopicCounts> {
  return countContentByTopic(ex, notes, topicIds);
}

/** Questions per topic that are not held after a report. */
export function countOpenQuestionsByTopic(ex: Executor, topicIds: string[]): Promise<TopicCounts> {
  return countContentByTopic(ex, questions, topicIds, isNull(questions.heldAt));
}

/** Up to `limit` questions of these topics at random, held ones and `excluded` left out. */
export async function drawOpenQuestions(
  ex: Executor,
  topicIds: string[],
  limit: number,
  excluded: ReadonlySet<string> = new Set(),
) {
  return ex
    .select({
      id: questions.id,
      topicId: questions.topicId,
      stem: questions.stem,
      choices: questions.choices,
    })
    .from(questions)
    .where(
      and(
        inArray(questions.topicId, topicIds),
        isNull(questions.heldAt),
        excluded.size > 0 ? notInArray(questions.id, [...excluded]) : undefined,
      ),
    )
    .orderBy(sql`random()`)
    .limit(limit);
}

/** Every card of these topics (ordered by id; the caller orders topics). */
export async function listCardsOfTopics(ex: Executor, topicIds: string[]) {
  if (topicIds.length === 0) return [];
  return ex
    .select(studyCard)
    .from(flashCards)
    .where(inArray(flashCards.topicId, topicIds))
    .orderBy(asc(flashCards.id));
}

/** Every note of these topics, in each topic's reading order. */
export async function listNotesOfTopics(ex: Executor, topicIds: string[]) {
  if (topicIds.length === 0) return [];
  return ex
    .select({ id: notes.id, topicId: notes.topicId, title: notes.title, body: notes.body })
    .from(notes)
    .where(inArray(notes.topicId, topicIds))
    .orderBy(asc(notes.sortOrder), asc(notes.id));
}
