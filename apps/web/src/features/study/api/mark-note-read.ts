import type { TopicNotesResponse } from '@pasado/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { enqueue } from '../../../lib/offline/outbox.ts';
import { studyOverviewQueryKey } from './get-study-overview.ts';
import { topicNotesQueryOptions } from './get-topic-notes.ts';
import { enc } from './study-fetch.ts';

/**
 * POST /api/study/:reviewer/notes/:noteId/read, as an entry of the app's outbox
 * (lib/offline/outbox.ts), so a note read with no signal is recorded when the phone is back
 * online. The server records a note once (its reading time too), so the note's id is the entry's
 * idempotency key: marking it again replaces the waiting entry.
 */
export function queueNoteRead(reviewer: string, noteId: string, seconds: number) {
  return {
    key: `note-read:${noteId}`,
    kind: 'note-read' as const,
    method: 'POST' as const,
    path: `/api/study/${enc(reviewer)}/notes/${enc(noteId)}/read`,
    body: { seconds },
    meta: { reviewer, noteId },
  };
}

/** Marks a note read: queued for the server, and shown read at once in the topic's notes. */
export function useMarkNoteRead(reviewer: string) {
  const client = useQueryClient();
  return useCallback(
    (input: { noteId: string; topicId: string; seconds: number }) => {
      void enqueue(queueNoteRead(reviewer, input.noteId, input.seconds));
      client.setQueryData<TopicNotesResponse>(
        topicNotesQueryOptions(reviewer, input.topicId).queryKey,
        (old) => {
          if (!old) return old;
          const notes = old.notes.map((n) => (n.id === input.noteId ? { ...n, read: true } : n));
          return { ...old, notes, readCount: notes.filter((n) => n.read).length };
        },
      );
      void client.invalidateQueries({ queryKey: studyOverviewQueryKey(reviewer) });
    },
    [client, reviewer],
  );
}
