import type {
  NoteReadRequest,
  NoteReadResponse,
  TopicCardsResponse,
  TopicNotesResponse,
} from '@pasado/core';
import { noteReadRequestSchema } from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors/app-error.ts';
import { findReviewerNote, listTopicCards } from '../content/study-material.repository.ts';
import { recordStudyTime } from './activity.ts';
import { countTopicNotes, listTopicNotes } from './notes.read-model.ts';
import { insertNoteRead } from './repository.ts';
import { requireTopic } from './scope.ts';

/** Reading time counted for one note at most (a tab left open overnight is not study time). */
export const NOTE_MAX_SECONDS = 30 * 60;

export async function topicNotes(
  db: Db,
  userId: string,
  reviewer: string,
  topicId: string,
): Promise<TopicNotesResponse> {
  const topic = await requireTopic(db, reviewer, topicId);
  const list = await listTopicNotes(db, userId, topic.id);
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
  return { topic, cards: await listTopicCards(db, topic.id) };
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
    const note = await findReviewerNote(tx, reviewer, noteId);
    if (!note) throw notFound('No such note.');
    const firstRead = await insertNoteRead(tx, userId, note.id, now);
    const seconds = Math.min(request.seconds, NOTE_MAX_SECONDS);
    if (firstRead && seconds > 0) {
      await recordStudyTime(tx, userId, note.topicId, seconds, now);
    }
    return {
      noteId: note.id,
      topicId: note.topicId,
      firstRead,
      ...(await countTopicNotes(tx, userId, note.topicId)),
    };
  });
}
