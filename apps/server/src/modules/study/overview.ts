import type { Reviewer, StudyOverview, StudySessionFinishResponse } from '@pasado/core';
import { and, count, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  cardSchedules,
  flashCards,
  noteReads,
  notes,
  questions,
  userStreaks,
} from '../../platform/db/schema.ts';
import { recordActivity } from '../progress/record-activity.ts';
import { FLASH_NEW_CARDS_PER_DAY, newCardsLeftToday, reviewedCardToday } from './flash.ts';
import { readNoteToday } from './notes.ts';
import { topicsInScope } from './scope.ts';

type Counts = Map<string, number>;

function toCounts(rows: { topicId: string; n: number }[]): Counts {
  return new Map(rows.map((r) => [r.topicId, r.n]));
}

/** The launcher's numbers per subject and topic (cards, due, new, notes read, questions). */
export async function studyOverview(
  db: Db,
  userId: string,
  reviewer: Reviewer,
  now: Date,
): Promise<StudyOverview> {
  const scoped = await topicsInScope(db, reviewer.shorthand, {});
  const ids = scoped.map((t) => t.id);
  const empty: Counts = new Map();
  const [cards, due, seen, noteTotals, reads, questionTotals] =
    ids.length === 0
      ? [empty, empty, empty, empty, empty, empty]
      : await Promise.all([
          db
            .select({ topicId: flashCards.topicId, n: count() })
            .from(flashCards)
            .where(inArray(flashCards.topicId, ids))
            .groupBy(flashCards.topicId)
            .then(toCounts),
          db
            .select({ topicId: flashCards.topicId, n: count() })
            .from(cardSchedules)
            .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
            .where(
              and(
                eq(cardSchedules.userId, userId),
                inArray(flashCards.topicId, ids),
                lte(cardSchedules.due, now),
              ),
            )
            .groupBy(flashCards.topicId)
            .then(toCounts),
          db
            .select({ topicId: flashCards.topicId, n: count() })
            .from(cardSchedules)
            .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
            .where(and(eq(cardSchedules.userId, userId), inArray(flashCards.topicId, ids)))
            .groupBy(flashCards.topicId)
            .then(toCounts),
          db
            .select({ topicId: notes.topicId, n: count() })
            .from(notes)
            .where(inArray(notes.topicId, ids))
            .groupBy(notes.topicId)
            .then(toCounts),
          db
            .select({ topicId: notes.topicId, n: count() })
            .from(noteReads)
            .innerJoin(notes, eq(notes.id, noteReads.noteId))
            .where(and(eq(noteReads.userId, userId), inArray(notes.topicId, ids)))
            .groupBy(notes.topicId)
            .then(toCounts),
          db
            .select({ topicId: questions.topicId, n: count() })
            .from(questions)
            .where(and(inArray(questions.topicId, ids), isNull(questions.heldAt)))
            .groupBy(questions.topicId)
            .then(toCounts),
        ]);

  const subjects: StudyOverview['subjects'] = [];
  for (const topic of scoped) {
    let subject = subjects.at(-1);
    if (subject?.id !== topic.subjectId) {
      subject = { id: topic.subjectId, name: topic.subjectName, topics: [] };
      subjects.push(subject);
    }
    const total = cards.get(topic.id) ?? 0;
    subject.topics.push({
      id: topic.id,
      name: topic.name,
      cards: total,
      dueCards: due.get(topic.id) ?? 0,
      newCards: Math.max(0, total - (seen.get(topic.id) ?? 0)),
      notes: noteTotals.get(topic.id) ?? 0,
      notesRead: reads.get(topic.id) ?? 0,
      questions: questionTotals.get(topic.id) ?? 0,
    });
  }
  return {
    reviewer,
    subjects,
    newCardsLeftToday: await newCardsLeftToday(db, userId, now),
    newCardsPerDay: FLASH_NEW_CARDS_PER_DAY,
  };
}

/**
 * A flash, read or listen session ended (DESIGN.md "Progress": a finished study session counts for
 * the daily streak). It counts only when the student did something in this reviewer today — a
 * card reviewed or a note read — so the streak cannot be kept by calling this alone. Counting twice
 * on one day is harmless (the streak moves once per Manila day).
 */
export async function finishStudySession(
  db: Db,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<StudySessionFinishResponse> {
  const active =
    (await reviewedCardToday(db, userId, reviewer, now)) ||
    (await readNoteToday(db, userId, reviewer, now));
  if (!active) {
    const [row] = await db
      .select({ current: userStreaks.current })
      .from(userStreaks)
      .where(eq(userStreaks.userId, userId));
    return { counted: false, streak: row?.current ?? 0 };
  }
  const outcome = await db.transaction((tx) =>
    recordActivity(tx, userId, { topics: [], gems: 0, drillPoints: 0, finished: true }, now),
  );
  return { counted: true, streak: outcome.streak };
}
