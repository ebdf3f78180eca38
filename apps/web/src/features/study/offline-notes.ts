import type { TopicCardsResponse, TopicNotesResponse } from '@pasado/core';
import { changesSinceKept, readKept } from './offline-study.ts';

/** A topic's notes with the student's read marks, from what the phone keeps. */
export async function keptTopicNotes(
  uid: string,
  reviewer: string,
  topicId: string,
): Promise<TopicNotesResponse | null> {
  const kept = await readKept(uid, reviewer);
  const topic = kept?.pack.topics.find((t) => t.id === topicId);
  if (!kept || !topic) return null;
  const read = new Set(kept.progress.notesRead);
  for (const entry of await changesSinceKept(uid, reviewer)) {
    if (entry.kind === 'note-read' && entry.meta.noteId) read.add(entry.meta.noteId);
  }
  const notes = kept.pack.notes
    .filter((n) => n.topicId === topicId)
    .map((n) => ({ id: n.id, title: n.title, body: n.body, read: read.has(n.id) }));
  return { topic, notes, readCount: notes.filter((n) => n.read).length, total: notes.length };
}

/** Every card of a topic (listen mode), from what the phone keeps. */
export async function keptTopicCards(
  uid: string,
  reviewer: string,
  topicId: string,
): Promise<TopicCardsResponse | null> {
  const kept = await readKept(uid, reviewer);
  const topic = kept?.pack.topics.find((t) => t.id === topicId);
  if (!kept || !topic) return null;
  const cards = kept.pack.cards
    .filter((c) => c.topicId === topicId)
    .map(({ id, front, back, rationale }) => ({ id, front, back, rationale }));
  return { topic, cards };
}
