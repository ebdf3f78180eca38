import type { TopicNotesResponse } from '@pasado/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useClaims } from '../../../lib/session/get-claims.ts';
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

/**
 * The outbox, loaded when a note is first marked: read and listen stay inside the 50 KB route
 * budget, and the service worker has the chunk for offline use.
 */
export const loadOutbox = () => import('../../../lib/offline/outbox.ts');

/**
 * What a read or listen session's finish runs first (use-session-finish.ts `before`): sends what
 * waits, and fails while one of this student's read notes of the reviewer is still in the outbox
 * (its send failed: no connection, a timeout, a 5xx, an earlier change that keeps failing). The
 * server counts the day by the notes read, so a finish sent before them is answered "not counted"
 * for good; failing, the finish waits and is tried again while the summary is open.
 */
export function useSendWaiting(reviewer: string): () => Promise<void> {
  const uid = useClaims().data?.uid;
  return useCallback(async () => {
    const outbox = await loadOutbox();
    await outbox.flush();
    // This student's, or written before the outbox knew them (uid ''), as the sync banner counts.
    const waiting = outbox
      .outboxState()
      .entries.some(
        (e) =>
          e.kind === 'note-read' && e.meta.reviewer === reviewer && (e.uid === uid || e.uid === ''),
      );
    if (waiting) throw new Error('The read notes are still waiting to be sent');
  }, [reviewer, uid]);
}

/** Marks a note read: queued for the server, and shown read at once in the topic's notes. */
export function useMarkNoteRead(reviewer: string) {
  const client = useQueryClient();
  return useCallback(
    (input: { noteId: string; topicId: string; seconds: number }) => {
      void loadOutbox().then((outbox) =>
        outbox.enqueue(queueNoteRead(reviewer, input.noteId, input.seconds)),
      );
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
