import {
  and,
  asc,
  type Column,
  count,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  min,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  cardSchedules,
  flashCards,
  noteReads,
  notes,
  subjects,
  topics,
  users,
} from '../../platform/db/schema.ts';
import { isReviewerSubject } from '../content/reviewer-subjects.repository.ts';
import { studyCard, type TopicCounts, toCounts } from '../content/study-material.repository.ts';
import { joinTopicAndSubject } from '../content/topics.repository.ts';

// The student's card schedules and note reads joined with the content module's cards, notes and
// topics: which cards are due, new or seen, and whether the student studied a reviewer lately.

const mySchedulesIn = (userId: string, topicIds: string[]) =>
  and(eq(cardSchedules.userId, userId), inArray(flashCards.topicId, topicIds));

/** The student's cards in these topics due at `now`, oldest due first. */
export async function listDueCards(
  ex: Executor,
  userId: string,
  topicIds: string[],
  now: Date,
  limit: number,
) {
  return ex
    .select({
      ...studyCard,
      state: cardSchedules.state,
      due: cardSchedules.due,
    })
    .from(cardSchedules)
    .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
    .where(and(mySchedulesIn(userId, topicIds), lte(cardSchedules.due, now)))
    .orderBy(asc(cardSchedules.due), asc(flashCards.id))
    .limit(limit);
}

export async function countDueCards(
  ex: Executor,
  userId: string,
  topicIds: string[],
  now: Date,
): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(cardSchedules)
    .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
    .where(and(mySchedulesIn(userId, topicIds), lte(cardSchedules.due, now)));
  return row?.n ?? 0;
}

/** When the next of the student's cards in these topics comes due after `now`; null if none. */
export async function nextCardDueAt(
  ex: Executor,
  userId: string,
  topicIds: string[],
  now: Date,
): Promise<Date | null> {
  const [row] = await ex
    .select({ at: min(cardSchedules.due) })
    .from(cardSchedules)
    .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
    .where(and(mySchedulesIn(userId, topicIds), gt(cardSchedules.due, now)));
  return row?.at ? new Date(row.at) : null;
}

// Cards of these topics the student has no schedule for yet.
const unseenIn = (topicIds: string[]) =>
  and(inArray(flashCards.topicId, topicIds), isNull(cardSchedules.cardId));

const scheduleOf = (userId: string) =>
  and(eq(cardSchedules.cardId, flashCards.id), eq(cardSchedules.userId, userId));

export async function countUnseenCards(
  ex: Executor,
  userId: string,
  topicIds: string[],
): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(flashCards)
    .leftJoin(cardSchedules, scheduleOf(userId))
    .where(unseenIn(topicIds));
  return row?.n ?? 0;
}

/** Cards the student has not seen yet, in the reviewer's order (subject, topic, card id). */
export async function listUnseenCards(
  ex: Executor,
  userId: string,
  topicIds: string[],
  limit: number,
) {
  const query = ex.select(studyCard).from(flashCards).$dynamic();
  return joinTopicAndSubject(query, flashCards.topicId)
    .leftJoin(cardSchedules, scheduleOf(userId))
    .where(unseenIn(topicIds))
    .orderBy(
      asc(subjects.sortOrder),
      asc(subjects.id),
      asc(topics.sortOrder),
      asc(topics.id),
      asc(flashCards.id),
    )
    .limit(limit);
}

/**
 * A kind of study event: a row of `log` (the student's card schedules, note reads) that stamps the
 * student's work on one piece of `content` at `at`.
 */
type StudyLog = {
  log: typeof cardSchedules | typeof noteReads;
  userId: Column;
  contentId: Column;
  at: Column;
  content: typeof flashCards | typeof notes;
};

const cardReviews: StudyLog = {
  log: cardSchedules,
  userId: cardSchedules.userId,
  contentId: cardSchedules.cardId,
  at: cardSchedules.lastReviewedAt,
  content: flashCards,
};

const noteReadings: StudyLog = {
  log: noteReads,
  userId: noteReads.userId,
  contentId: noteReads.noteId,
  at: noteReads.readAt,
  content: notes,
};

/** The student's events of this kind on the reviewer's content at `since` or later (for EXISTS). */
function studyEventsSince(
  ex: Executor,
  kind: StudyLog,
  userId: string,
  reviewer: string,
  since: Date,
) {
  return ex
    .select({ one: sql`1` })
    .from(kind.log)
    .innerJoin(kind.content, eq(kind.content.id, kind.contentId))
    .innerJoin(topics, eq(topics.id, kind.content.topicId))
    .where(
      and(
        eq(kind.userId, userId),
        gte(kind.at, since),
        isReviewerSubject(topics.subjectId, reviewer),
      ),
    );
}

/**
 * Whether the student studied this reviewer at `since` or later: reviewed one of its cards or read
 * one of its notes. One round trip; each side stops at its first row.
 */
export async function studiedSince(
  ex: Executor,
  userId: string,
  reviewer: string,
  since: Date,
): Promise<boolean> {
  const cards = studyEventsSince(ex, cardReviews, userId, reviewer, since);
  const notesRead = studyEventsSince(ex, noteReadings, userId, reviewer, since);
  const [row] = await ex
    .select({ studied: sql<boolean>`${exists(cards)} or ${exists(notesRead)}` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.studied === true;
}

export async function countDueCardsByTopic(
  ex: Executor,
  userId: string,
  topicIds: string[],
  now: Date,
): Promise<TopicCounts> {
  return ex
    .select({ topicId: flashCards.topicId, n: count() })
    .from(cardSchedules)
    .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
    .where(and(mySchedulesIn(userId, topicIds), lte(cardSchedules.due, now)))
    .groupBy(flashCards.topicId)
    .then(toCounts);
}

/** Cards per topic the student has a schedule for (has seen). */
export async function countSeenCardsByTopic(
  ex: Executor,
  userId: string,
  topicIds: string[],
): Promise<TopicCounts> {
  return ex
    .select({ topicId: flashCards.topicId, n: count() })
    .from(cardSchedules)
    .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
    .where(mySchedulesIn(userId, topicIds))
    .groupBy(flashCards.topicId)
    .then(toCounts);
}

/** The student's FSRS state of each card of these topics they have reviewed. */
export async function listSchedulesOfTopics(ex: Executor, userId: string, topicIds: string[]) {
  if (topicIds.length === 0) return [];
  return ex
    .select({ cardId: cardSchedules.cardId, state: cardSchedules.state })
    .from(cardSchedules)
    .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
    .where(mySchedulesIn(userId, topicIds))
    .orderBy(asc(cardSchedules.cardId));
}

/**
 * Quiz home's Today list, its cards row (issue 23 item 5; core `todayList`): the student's cards
 * of the reviewer due at `now`, and how many of them the student rated since `dayStart` (the
 * Manila day's first instant), in one statement.
 */
export async function countCardsToday(
  ex: Executor,
  userId: string,
  reviewer: string,
  now: Date,
  dayStart: Date,
): Promise<{ due: number; reviewed: number }> {
  const [row] = await ex
    .select({
      due: sql<number>`(count(*) filter (where ${cardSchedules.due} <= ${now.toISOString()}::timestamptz))::int`,
      reviewed: sql<number>`(count(*) filter (where ${cardSchedules.lastReviewedAt} >= ${dayStart.toISOString()}::timestamptz))::int`,
    })
    .from(cardSchedules)
    .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
    .innerJoin(topics, eq(topics.id, flashCards.topicId))
    .where(and(eq(cardSchedules.userId, userId), isReviewerSubject(topics.subjectId, reviewer)));
  return { due: Number(row?.due ?? 0), reviewed: Number(row?.reviewed ?? 0) };
}
