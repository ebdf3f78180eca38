import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { noteReads, notes } from '../../platform/db/schema.ts';
import { type TopicCounts, toCounts } from '../content/study-material.repository.ts';

// The notes of a topic with the student's reads: content's notes joined with the study module's
// note reads.

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
