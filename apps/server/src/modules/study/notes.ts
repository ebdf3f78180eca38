import type {
  NoteReadRequest,
  NoteReadResponse,
  TopicCardsResponse,
  TopicNotesResponse,
} from '@pasado/core';
import { manilaDayKey, noteReadRequestSchema } from '@pasado/core';
import { and, asc, count, eq, gte } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.ts';
import { flashCards, noteReads, notes, subjects, topics } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors/app-error.ts';
import { recordActivity } from '../progress/record-activity.ts';
import { manilaDayStart, requireTopic } from './scope.ts';

/** Reading time counted for one note at most (a tab left open overnight is not study time). */
export const NOTE_MAX_SECONDS = 30 * 60;

export async function topicNotes(
  db: Db,
  userId: string,
  reviewer: string,
  topicId: string,
): Promise<TopicNotesResponse> {
  const topic = await requireTopic(db, reviewer, topicId);
  const rows = await db
    .select({
      id: notes.id,
      title: notes.title,
      body: notes.body,
      readAt: noteReads.readAt,
    })
    .from(notes)
    .leftJoin(noteReads, and(eq(noteReads.noteId, notes.id), eq(noteReads.userId, userId)))
    .where(eq(notes.topicId, topic.id))
    .orderBy(asc(notes.sortOrder), asc(notes.id));
  const list = rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    read: r.readAt !== null,
  }));
  return {
    topic,
    notes: list,
    readCount: list.filter((n) => n.read).length,
    total: list.length,
  };
}

export async function topicCards(
  db: Db,
  reviewer: string,
  topicId: string,
): Promise<TopicCardsResponse> {
  const topic = await requireTopic(db, reviewer, topicId);
  const cards = await db
    .select({
      id: flashCards.id,
      front: flashCards.front,
      back: flashCards.back,
      rationale: flashCards.rationale,
    })
    .from(flashCards)
    .where(eq(flashCards.topicId, topic.id))
    .orderBy(asc(flashCards.id));
  return { topic, cards };
}

async function topicReadCounts(ex: Executor, userId: string, topicId: string) {
  const [total] = await ex.select({ n: count() }).from(notes).where(eq(notes.topicId, topicId));
  const [read] = await ex
    .select({ n: count() })
    .from(noteReads)
    .innerJoin(notes, eq(notes.id, noteReads.noteId))
    .where(and(eq(noteReads.userId, userId), eq(notes.topicId, topicId)));
  return { total: total?.n ?? 0, readCount: read?.n ?? 0 };
}

/**
 * Marks a note read (progress through its topic). Marking it again changes nothing: the reading
 * time counts once, so a retried request cannot inflate time studied.
 */
export async function markNoteRead(
  db: Db,
  userId: string,
  reviewer: string,
  noteId: string,
  input: NoteReadRequest,
  now: Date,
): Promise<NoteReadResponse> {
  const request = noteReadRequestSchema.parse(input);
  return db.transaction(async (tx) => {
    const [note] = await tx
      .select({ id: notes.id, topicId: notes.topicId })
      .from(notes)
      .innerJoin(topics, eq(topics.id, notes.topicId))
      .innerJoin(subjects, eq(subjects.id, topics.subjectId))
      .where(and(eq(notes.id, noteId), eq(subjects.reviewerShorthand, reviewer)));
    if (!note) throw notFound('No such note.');
    const inserted = await tx
      .insert(noteReads)
      .values({ userId, noteId: note.id, readAt: now })
      .onConflictDoNothing()
      .returning({ noteId: noteReads.noteId });
    const firstRead = inserted.length > 0;
    const seconds = Math.min(request.seconds, NOTE_MAX_SECONDS);
    if (firstRead && seconds > 0) {
      await recordActivity(
        tx,
        userId,
        {
          topics: [{ topicId: note.topicId, answered: 0, correct: 0, seconds }],
          gems: 0,
          drillPoints: 0,
          finished: false,
        },
        now,
      );
    }
    return {
      noteId: note.id,
      topicId: note.topicId,
      firstRead,
      ...(await topicReadCounts(tx, userId, note.topicId)),
    };
  });
}

/** Read activity today within a reviewer: a note marked read since Manila midnight. */
export async function readNoteToday(ex: Executor, userId: string, reviewer: string, now: Date) {
  const dayStart = manilaDayStart(manilaDayKey(now));
  const [row] = await ex
    .select({ n: count() })
    .from(noteReads)
    .innerJoin(notes, eq(notes.id, noteReads.noteId))
    .innerJoin(topics, eq(topics.id, notes.topicId))
    .innerJoin(subjects, eq(subjects.id, topics.subjectId))
    .where(
      and(
        eq(noteReads.userId, userId),
        eq(subjects.reviewerShorthand, reviewer),
        gte(noteReads.readAt, dayStart),
      ),
    );
  return (row?.n ?? 0) > 0;
}
