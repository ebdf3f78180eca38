import type {
  FlashScheduleState,
  Reviewer,
  StoredCardState,
  StudyOfflinePack,
  StudyOfflineProgress,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { findStudentSittingDays } from '../content/exam-sittings.repository.ts';
import { listCardsOfTopics, listNotesOfTopics } from '../content/study-material.repository.ts';
import { listSchedulesOfTopics } from './cards.read-model.ts';
import { listReadNoteIds } from './notes.read-model.ts';
import { topicsInScope } from './scope.ts';

/**
 * What the phone keeps to study a reviewer with no signal (issue 11 deliverable 2; ADR 019): the
 * reviewer's content, the same for all its students, and apart from it the student's own
 * progress, which changes with every rating and so is small and fetched on its own.
 */

/** Every card and note of the reviewer's subjects, in the reviewer's order. */
export async function studyOfflinePack(db: Db, reviewer: Reviewer): Promise<StudyOfflinePack> {
  const topics = await topicsInScope(db, reviewer.shorthand, {});
  const ids = topics.map((t) => t.id);
  const position = new Map(ids.map((id, i) => [id, i]));
  const byTopic = (a: { topicId: string }, b: { topicId: string }) =>
    (position.get(a.topicId) ?? 0) - (position.get(b.topicId) ?? 0);
  const [cards, notes] = await Promise.all([
    listCardsOfTopics(db, ids),
    listNotesOfTopics(db, ids),
  ]);
  // Array.prototype.sort is stable: within a topic, the SQL order (card id; note order) stays.
  return { reviewer, topics, cards: cards.sort(byTopic), notes: notes.sort(byTopic) };
}

/** The student's card schedules and read notes in the reviewer. */
export async function studyOfflineProgress(
  db: Db,
  userId: string,
  reviewer: string,
): Promise<StudyOfflineProgress> {
  const ids = (await topicsInScope(db, reviewer, {})).map((t) => t.id);
  const [schedules, notesRead, sitting] = await Promise.all([
    listSchedulesOfTopics(db, userId, ids),
    listReadNoteIds(db, userId, ids),
    findStudentSittingDays(db, userId, reviewer),
  ]);
  return {
    schedules: schedules
      .filter((row) => 'due' in row.state)
      .map((row) => ({ cardId: row.cardId, state: toScheduleState(row.state as StoredCardState) })),
    notesRead,
    examDay: sitting?.startsOn ?? null,
    examLastDay: sitting?.endsOn ?? null,
  };
}

/** The stored state without the review ids the server remembers (only it needs them). */
function toScheduleState(stored: StoredCardState): FlashScheduleState {
  const { reviewIds: _ids, ...card } = stored;
  return card as FlashScheduleState;
}
