import type { FlashCardState, FlashIntervals, FlashRating } from '@pasado/core';
import {
  type Card,
  type CardInput,
  createEmptyCard,
  fsrs,
  type Grade,
  Rating,
  State,
} from 'ts-fsrs';

/**
 * What card_schedules.state holds: the ts-fsrs `Card` (dates as ISO strings) plus two fields of
 * ours that ts-fsrs ignores: when the student first saw the card (the daily new-card limit) and
 * the last review ids applied (a retried rating is not applied twice).
 */
export type StoredCardState = Omit<CardInput, 'due' | 'last_review'> & {
  due: string;
  last_review?: string | null;
  firstReviewedAt?: string;
  reviewIds?: string[];
};

/** How many review ids a card remembers: a retry comes within seconds, never 20 reviews later. */
const REMEMBERED_REVIEW_IDS = 20;

// Default FSRS parameters (90 % retention, no fuzz, short-term learning steps): every student
// gets the same, well-studied schedule; per-student optimisation would need a review log.
const scheduler = fsrs();

const GRADES: Record<FlashRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

const STATES: Record<State, FlashCardState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

function toCardInput(stored: StoredCardState | null, now: Date): CardInput | Card {
  if (!stored) return createEmptyCard(now);
  const { firstReviewedAt: _first, reviewIds: _ids, ...card } = stored;
  return card;
}

export function cardStateName(stored: StoredCardState | null): FlashCardState {
  if (!stored) return 'new';
  const state = typeof stored.state === 'number' ? stored.state : State[stored.state];
  return STATES[state as State] ?? 'new';
}

/** Milliseconds until the card comes back for each rating, from `now` (the buttons' hints). */
export function previewIntervals(stored: StoredCardState | null, now: Date): FlashIntervals {
  const preview = scheduler.repeat(toCardInput(stored, now), now);
  const after = (grade: Grade) => Math.max(0, preview[grade].card.due.getTime() - now.getTime());
  return {
    again: after(Rating.Again),
    hard: after(Rating.Hard),
    good: after(Rating.Good),
    easy: after(Rating.Easy),
  };
}

export function hasReview(stored: StoredCardState | null, reviewId: string): boolean {
  return stored?.reviewIds?.includes(reviewId) ?? false;
}

/** The card's next state after `rating` at `now`, remembering `reviewId`. */
export function applyRating(
  stored: StoredCardState | null,
  rating: FlashRating,
  reviewId: string,
  now: Date,
): { state: StoredCardState; due: Date; reps: number } {
  const { card } = scheduler.next(toCardInput(stored, now), now, GRADES[rating]);
  const state: StoredCardState = {
    ...card,
    due: card.due.toISOString(),
    last_review: card.last_review ? card.last_review.toISOString() : null,
    firstReviewedAt: stored?.firstReviewedAt ?? now.toISOString(),
    reviewIds: [...(stored?.reviewIds ?? []), reviewId].slice(-REMEMBERED_REVIEW_IDS),
  };
  return { state, due: card.due, reps: card.reps };
}
