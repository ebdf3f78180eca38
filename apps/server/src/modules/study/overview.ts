import {
  FLASH_NEW_CARDS_PER_DAY,
  manilaDayKey,
  manilaDayStart,
  type Reviewer,
  type StudyOverview,
  type StudyReviewersResponse,
  type StudySessionFinishResponse,
  streakOn,
  studyFinishAt,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { listGrantedReviewers } from '../content/reviewers.repository.ts';
import {
  countCardsByTopic,
  countNotesByTopic,
  countOpenQuestionsByTopic,
  type TopicCounts,
} from '../content/study-material.repository.ts';
import { recordActivity } from '../progress/record-activity.ts';
import { findStreak } from '../progress/repository.ts';
import { settleRanOutMocks } from '../quiz/finish-attempt.ts';
import { countDueCardsByTopic, countSeenCardsByTopic, studiedSince } from './cards.read-model.ts';
import { newCardsLeftToday } from './flash.ts';
import { countReadNotesByTopic } from './notes.read-model.ts';
import { topicsInScope } from './scope.ts';

/** The launcher's reviewers: those the student holds the `Granted` claim for. */
export async function studyReviewers(db: Db, userId: string): Promise<StudyReviewersResponse> {
  return { reviewers: await listGrantedReviewers(db, userId) };
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
  const empty: TopicCounts = new Map();
  const [cards, due, seen, noteTotals, reads, questionTotals] =
    ids.length === 0
      ? [empty, empty, empty, empty, empty, empty]
      : await Promise.all([
          countCardsByTopic(db, ids),
          countDueCardsByTopic(db, userId, ids, now),
          countSeenCardsByTopic(db, userId, ids),
          countNotesByTopic(db, ids),
          countReadNotesByTopic(db, userId, ids),
          countOpenQuestionsByTopic(db, ids),
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
 * A flash, read or listen session ended (docs/product.md#progress: a finished study session counts for
 * the daily streak), on the Manila day it ended (`finishedAt`, on the server's clock; core
 * `studyFinishAt`): a session finished offline late in the evening and sent after midnight keeps
 * its day. It counts only when the student did something in this reviewer since that day began — a
 * card reviewed or a note read, as received — so the streak cannot be kept by calling this alone.
 * Counting twice on one day is harmless (the streak moves once per Manila day).
 */
export async function finishStudySession(
  db: Db,
  userId: string,
  reviewer: string,
  now: Date,
  finishedAt: Date | null = null,
): Promise<StudySessionFinishResponse> {
  const at = studyFinishAt(finishedAt, now);
  const active = await studiedSince(db, userId, reviewer, manilaDayStart(at));
  if (!active) {
    // Counted or not, the summary shows the streak as it stands today, as Tasks does.
    const row = await findStreak(db, userId);
    const streak = row ? streakOn(row, manilaDayKey(now)) : 0;
    return { counted: false, streak };
  }
  // A mock of the student's that ran out unseen counts its streak day before this session's.
  await settleRanOutMocks(db, userId, now);
  const outcome = await db.transaction((tx) =>
    recordActivity(tx, userId, { topics: [], gems: 0, drillPoints: 0, finished: true }, at),
  );
  return { counted: true, streak: outcome.streak };
}
