import { manilaDayStart } from './time.ts';

/**
 * The flash queue and its vocabulary (issue 4 item 6; ADR 010 and 019): the ratings, the card
 * states, the daily new-card allowance and which cards a session shows, in which order. The
 * server applies it to the candidates its SQL narrowed down, the phone to every card it keeps.
 * Free of ts-fsrs (flash-schedule.ts), so code that only names a rating stays light.
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

/** New cards the daily limit still allows, given how many the student first saw today. */
export function newCardsLeft(introducedToday: number): number {
  return Math.max(0, FLASH_NEW_CARDS_PER_DAY - introducedToday);
}

/** How many of these schedules were first reviewed on `now`'s Manila day. */
export function countIntroducedToday(
  schedules: Iterable<{ firstReviewedAt?: string | undefined }>,
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
