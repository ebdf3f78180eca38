import {
  type NoteReadResponse,
  noteReadResponseSchema,
  type TopicNotesResponse,
} from '@pasado/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studyOverviewQueryKey } from './get-study-overview.ts';
import { topicNotesQueryOptions } from './get-topic-notes.ts';
import { enc, studyRequest } from './study-fetch.ts';

/** POST /api/study/:reviewer/notes/:noteId/read; marking twice is harmless (counted once). */
export function markNoteRead(reviewer: string, noteId: string, seconds: number) {
  return studyRequest(`/${enc(reviewer)}/notes/${enc(noteId)}/read`, noteReadResponseSchema, {
    method: 'POST',
    json: { seconds },
  });
}

/** Marks a note read and writes the answer into the topic's cached notes. */
export function useMarkNoteRead(reviewer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { noteId: string; seconds: number }) =>
      markNoteRead(reviewer, input.noteId, input.seconds),
    onSuccess: (result: NoteReadResponse) => {
      client.setQueryData<TopicNotesResponse>(
        topicNotesQueryOptions(reviewer, result.topicId).queryKey,
        (old) =>
          old && {
            ...old,
            readCount: result.readCount,
            total: result.total,
            notes: old.notes.map((n) => (n.id === result.noteId ? { ...n, read: true } : n)),
          },
      );
      void client.invalidateQueries({ queryKey: studyOverviewQueryKey(reviewer) });
    },
  });
}
