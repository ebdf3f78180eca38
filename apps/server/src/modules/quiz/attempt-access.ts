import { type AttemptKind, sittingPhase } from '@pasado/core';
import { notFound } from '../../platform/errors/app-error.ts';
import type { AttemptClock, AttemptHeader } from './attempts.repository.ts';

/**
 * Who may touch an attempt and how its refusals read: the quiz's messages, an attempt's kind, the
 * caller's own attempt or 404, the time-up refusal (issue 4; issue 12 item 4 for sittings).
 */
export const MESSAGES_QUIZ = {
  noItems: 'There are no items for this choice yet.',
  noMock: 'There is no mock exam for this reviewer yet.',
  submitted: 'This quiz is already submitted.',
  timeUp: 'Time is up: this mock exam was submitted.',
  answered: 'This item is already answered.',
  notInAttempt: 'This item is not part of this quiz.',
  badChoice: 'Choose one of the choices.',
  nothingMissed: 'You missed none: there is nothing to retry.',
  notFinished: 'Finish this quiz first.',
  chooseMajor: 'Choose your major first: the mock draws its Specialization from it.',
  sittingTimeUp: 'Time is up: this part was submitted.',
  sittingEnded: 'This part is finished: its answers can no longer change.',
  sittingNotStarted: 'This part has not started yet.',
  sittingRunning: 'Finish the part you are taking first.',
  sittingOutOfOrder: 'Take the parts in order.',
  inSittings: 'This exam is taken in parts: finish each part in turn.',
  noSitting: 'No such part.',
} as const;

export const asKind = (kind: string): AttemptKind => (kind === 'mock' ? 'mock' : 'lite');

/** The attempt of this user under this reviewer, or 404 (someone else's attempt is not found). */
export function ownAttempt<T extends Pick<AttemptHeader, 'userId' | 'reviewerShorthand' | 'kind'>>(
  row: T | null,
  userId: string,
  reviewer: string,
): T {
  if (!row || row.userId !== userId || row.reviewerShorthand !== reviewer || row.kind === 'drill') {
    throw notFound('No such quiz.');
  }
  return row;
}

/** The refusal of a write past the deadline: the whole mock, or in sittings only that part. */
export function timeUpMessage(attempt: Pick<AttemptClock, 'sittings'>): string {
  const { sittings } = attempt;
  if (!sittings) return MESSAGES_QUIZ.timeUp;
  const phase = sittingPhase(sittings);
  return phase.kind === 'running' && phase.index < sittings.length - 1
    ? MESSAGES_QUIZ.sittingTimeUp
    : MESSAGES_QUIZ.timeUp;
}
