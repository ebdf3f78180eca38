import {
  type Card,
  type CardInput,
  createEmptyCard,
  fsrs,
  type Grade,
  Rating,
  State,
} from 'ts-fsrs';
import { manilaDayKey } from './time.ts';

/**
 * Flash-card scheduling (issue 4 item 6, issue 11 "flash cards are rated offline"; ADR 010 and
 * 019): the one home of the FSRS rule. The server applies a rating with it when the rating
 * arrives; the web app applies the same rule to the schedules it keeps, so a rating given with no
 * signal advances the card on the phone, and the server's state wins when it is read again.
 *
 * ts-fsrs with its default parameters (90 % retention, no fuzz, short-term learning steps): every
 * student gets the same, well-studied schedule; per-student optimisation would need a review log.
 */

export const FLASH_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type FlashRating = (typeof FLASH_RATINGS)[number];
export type FlashCardState = 'new' | 'learning' | 'review' | 'relearning';
/** Milliseconds until the card comes back, for each rating (the rating buttons' hints). */
export type FlashIntervals = Record<FlashRating, number>;

/**
 * New cards a student is shown per Manila day, across all reviewers: enough to cover a subject's
 * 30-card deck in two days, few enough that the reviews they cause stay manageable (FSRS brings a
 * new card back several times in its first week).
 */
export const FLASH_NEW_CARDS_PER_DAY = 20;
/** Cards in one queue: a session's worth; the next queue continues. */
export const FLASH_QUEUE_MAX = 50;

/**
 * A student's schedule of one card, as stored (card_schedules.state) and kept on the phone: the
 * ts-fsrs `Card` (dates as ISO strings) plus two fields of ours that ts-fsrs ignores: when the
 * student first saw the card (the daily new-card limit) and the last review ids applied (a
 * retried rating is not applied twice).
 */
export type StoredCardState = Omit<CardInput, 'due' | 'last_review'> & {
  due: string;
  last_review?: string | null;
  firstReviewedAt?: string;
  reviewIds?: string[];
};

/** How many review ids a card remembers: a retry comes within seconds, never 20 reviews later. */
const REMEMBERED_REVIEW_IDS = 20;

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

/**
 * The card's next state after `rating` at `now`, remembering `reviewId`. A review id the card
 * already remembers changes nothing (the same rating sent twice, or already in the server's state
 * when the phone replays what it has not seen confirmed).
 */
export function applyRating(
  stored: StoredCardState | null,
  rating: FlashRating,
  reviewId: string,
  now: Date,
): { state: StoredCardState; due: Date; reps: number } {
  if (stored && hasReview(stored, reviewId)) {
    return { state: stored, due: new Date(stored.due), reps: stored.reps };
  }
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

/** Start of the Manila day of `now` (DESIGN.md "Time": Asia/Manila, UTC+8, no DST). */
export function manilaDayStart(now: Date): Date {
  return new Date(`${manilaDayKey(now)}T00:00:00+08:00`);
}

/** New cards the daily limit still allows, given how many the student first saw today. */
export function newCardsLeft(introducedToday: number): number {
  return Math.max(0, FLASH_NEW_CARDS_PER_DAY - introducedToday);
}

/** How many of these schedules were first reviewed on `now`'s Manila day. */
export function countIntroducedToday(
  schedules: Iterable<Pick<StoredCardState, 'firstReviewedAt'>>,
  now: Date,
): number {
  const since = manilaDayStart(now).getTime();
  let n = 0;
  for (const s of schedules) {
    if (s.firstReviewedAt && Date.parse(s.firstReviewedAt) >= since) n += 1;
  }
  return n;
}

/** A card offered to the queue: `due` is null for a card the student has never reviewed. */
export type FlashCandidate = { id: string; due: Date | null };

export type PickedFlashQueue<C> = {
  /** Due cards (oldest due first), then new cards in the order given. */
  cards: C[];
  dueCount: number;
  newCount: number;
  /** The earliest due time after `now` (null: none scheduled). */
  nextDueAt: Date | null;
};

/**
 * The flash queue (issue 4 item 6): the cards whose due time has come, oldest first (ties by card
 * id); then cards never reviewed, in the order given (the reviewer's: subject, topic, card), as
 * many as today's new-card allowance and the queue's size still allow. The server gives it the
 * candidates its SQL narrowed down; the phone gives it every card it keeps.
 */
export function pickFlashQueue<C extends FlashCandidate>(
  candidates: readonly C[],
  now: Date,
  newCardsLeftToday: number,
  max: number = FLASH_QUEUE_MAX,
): PickedFlashQueue<C> {
  const at = now.getTime();
  const due: C[] = [];
  const fresh: C[] = [];
  let nextDue: number | null = null;
  for (const card of candidates) {
    if (card.due === null) fresh.push(card);
    else if (card.due.getTime() <= at) due.push(card);
    else if (nextDue === null || card.due.getTime() < nextDue) nextDue = card.due.getTime();
  }
  due.sort(
    (a, b) =>
      (a.due?.getTime() ?? 0) - (b.due?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const shownDue = due.slice(0, max);
  const room = Math.max(0, Math.min(newCardsLeftToday, max - shownDue.length));
  return {
    cards: [...shownDue, ...fresh.slice(0, room)],
    dueCount: due.length,
    newCount: fresh.length,
    nextDueAt: nextDue === null ? null : new Date(nextDue),
  };
}
