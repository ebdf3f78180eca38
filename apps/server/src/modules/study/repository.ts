import type { StudyScope } from '@pasado/core';
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
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.ts';
import {
  cardSchedules,
  flashCards,
  noteReads,
  notes,
  questions,
  reviewerSubjects,
  subjects,
  topics,
  userStreaks,
  users,
} from '../../platform/db/schema.ts';
import { isReviewerSubject, reviewerSubjectJoin } from '../content/reviewer-subjects.repository.ts';
import { findReviewerContent, joinTopicAndSubject } from '../content/topics.repository.ts';

/**
 * The study modes' SQL (issue 4 item 6): the topics a request covers, flash cards and their FSRS
 * schedules, notes and reads, drill questions. Counts per topic come back as a map topic id → n.
 */

export type TopicCounts = Map<string, number>;

function toCounts(rows: { topicId: string; n: number }[]): TopicCounts {
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

// --- Topics ---------------------------------------------------------------------------------

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

// --- Flash cards and their schedules ---------------------------------------------------------

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

/** What the study modes show of a card. */
const studyCard = {
  id: flashCards.id,
  topicId: flashCards.topicId,
  front: flashCards.front,
  back: flashCards.back,
  rationale: flashCards.rationale,
};

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

/** A card of this reviewer, or null (a card of another reviewer is not ours to touch). */
export function findReviewerCard(ex: Executor, reviewer: string, cardId: string) {
  return findReviewerContent(ex, flashCards, reviewer, cardId);
}

/**
 * The student's schedule of a card, locked; an empty one (`state` {}) is created first, so two
 * copies of one request serialise on the row even for a card never seen.
 */
export async function lockCardSchedule(
  tx: Tx,
  userId: string,
  cardId: string,
  now: Date,
): Promise<StoredSchedule | null> {
  await tx
    .insert(cardSchedules)
    .values({ userId, cardId, state: {}, due: now, reps: 0 })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(cardSchedules)
    .where(and(eq(cardSchedules.userId, userId), eq(cardSchedules.cardId, cardId)))
    .for('update');
  return row ?? null;
}

export async function updateCardSchedule(
  ex: Executor,
  userId: string,
  cardId: string,
  schedule: Pick<StoredSchedule, 'state' | 'due' | 'lastReviewedAt' | 'reps'>,
): Promise<void> {
  await ex
    .update(cardSchedules)
    .set(schedule)
    .where(and(eq(cardSchedules.userId, userId), eq(cardSchedules.cardId, cardId)));
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

// --- Notes and reads ------------------------------------------------------------------------

/** A topic's notes in order, each with whether the student has read it. */
export async function listTopicNotes(ex: Executor, userId: string, topicId: string) {
  const rows = await ex
    .select({
      id: notes.id,
      title: notes.title,
      body: notes.body,
      readAt: noteReads.readAt,
    })
    .from(notes)
    .leftJoin(noteReads, and(eq(noteReads.noteId, notes.id), eq(noteReads.userId, userId)))
    .where(eq(notes.topicId, topicId))
    .orderBy(asc(notes.sortOrder), asc(notes.id));
  return rows.map((r) => ({ id: r.id, title: r.title, body: r.body, read: r.readAt !== null }));
}

/** A note of this reviewer, or null. */
export function findReviewerNote(ex: Executor, reviewer: string, noteId: string) {
  return findReviewerContent(ex, notes, reviewer, noteId);
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

/** A topic's notes and how many of them the student has read. */
export async function countTopicNotes(ex: Executor, userId: string, topicId: string) {
  const [total] = await ex.select({ n: count() }).from(notes).where(eq(notes.topicId, topicId));
  const [read] = await ex
    .select({ n: count() })
    .from(noteReads)
    .innerJoin(notes, eq(notes.id, noteReads.noteId))
    .where(and(eq(noteReads.userId, userId), eq(notes.topicId, topicId)));
  return { total: total?.n ?? 0, readCount: read?.n ?? 0 };
}

export function countNotesByTopic(ex: Executor, topicIds: string[]): Promise<TopicCounts> {
  return countContentByTopic(ex, notes, topicIds);
}

export async function countReadNotesByTopic(
  ex: Executor,
  userId: string,
  topicIds: string[],
): Promise<TopicCounts> {
  return ex
    .select({ topicId: notes.topicId, n: count() })
    .from(noteReads)
    .innerJoin(notes, eq(notes.id, noteReads.noteId))
    .where(and(eq(noteReads.userId, userId), inArray(notes.topicId, topicIds)))
    .groupBy(notes.topicId)
    .then(toCounts);
}

// --- Drill questions ------------------------------------------------------------------------

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

// --- Progress the study screens show --------------------------------------------------------
// These read the progress module's tables (recordActivity writes them); they move to its
// repository once there is one.

export async function findCurrentStreak(ex: Executor, userId: string): Promise<number | null> {
  const [row] = await ex
    .select({ current: userStreaks.current })
    .from(userStreaks)
    .where(eq(userStreaks.userId, userId));
  return row?.current ?? null;
}

export async function findUnclaimedDrillPoints(
  ex: Executor,
  userId: string,
): Promise<number | null> {
  const [row] = await ex
    .select({ unclaimed: users.unclaimedDrillPoints })
    .from(users)
    .where(eq(users.id, userId));
  return row?.unclaimed ?? null;
}

// --- What the phone keeps for offline study (issue 11) ------------------------------------

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

/** Ids of the notes of these topics the student has read. */
export async function listReadNoteIds(
  ex: Executor,
  userId: string,
  topicIds: string[],
): Promise<string[]> {
  if (topicIds.length === 0) return [];
  const rows = await ex
    .select({ noteId: noteReads.noteId })
    .from(noteReads)
    .innerJoin(notes, eq(notes.id, noteReads.noteId))
    .where(and(eq(noteReads.userId, userId), inArray(notes.topicId, topicIds)))
    .orderBy(asc(noteReads.noteId));
  return rows.map((r) => r.noteId);
}
