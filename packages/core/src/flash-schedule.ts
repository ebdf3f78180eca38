import {
  type Card,
  type CardInput,
  createEmptyCard,
  fsrs,
  type Grade,
  Rating,
  State,
} from 'ts-fsrs';
import type { FlashCardState, FlashIntervals, FlashRating } from './flash-queue.ts';
import { RETENTION_FAR } from './readiness/plan.ts';
import { MANILA_OFFSET_MS } from './time.ts';

/**
 * Flash-card scheduling (issue 4 item 6, issue 11 "flash cards are rated offline"; ADR 010 and
 * 019): the one home of the FSRS rule; which cards a session shows is flash-queue.ts. The server
 * applies a rating with it when the rating arrives; the web app applies the same rule to the schedules it keeps, so a rating given with no
 * signal advances the card on the phone, and the server's state wins when it is read again.
 *
 * ts-fsrs with its default parameters (no fuzz, short-term learning steps): every student gets the
 * same, well-studied schedule; per-student optimisation would need a review log. The one thing
 * that varies is the desired retention: 90 % (ts-fsrs's default) without an exam date, raised as
 * the student's exam nears (core `retentionOn`, ADR 033) — the server and the phone pass the same.
 */

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

// Made on first use, so a bundle that only needs the ratings (flash-queue.ts) carries no ts-fsrs;
// one per retention (a few distinct values: `desiredRetention` rounds to thousandths).
const schedulers = new Map<number, ReturnType<typeof fsrs>>();
const fsrsScheduler = (retention: number) => {
  let scheduler = schedulers.get(retention);
  if (!scheduler) {
    scheduler = fsrs({ request_retention: retention });
    schedulers.set(retention, scheduler);
  }
  return scheduler;
};

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

/*
 * ts-fsrs counts the days between two reviews on the calendar of the instants it is given, in UTC
 * (its `dateDiffInDays`), and a review on the same day as the last one is scheduled by its
 * short-term rule. The student's days are Manila's (docs/product.md#time): UTC's day turns at 8 AM
 * there, so a review at 7:30 AM and one at 8:30 AM of the same morning were scheduled by different
 * rules, and 11:30 PM and 12:30 AM of the next day as the same day. So ts-fsrs is given instants
 * whose UTC calendar is Manila's, and what it returns is moved back: the intervals it adds are
 * the same either way.
 */
const onManilaCalendar = (at: Date): Date => new Date(at.getTime() + MANILA_OFFSET_MS);
const offManilaCalendar = (at: Date): Date => new Date(at.getTime() - MANILA_OFFSET_MS);

function toCardInput(stored: StoredCardState | null, manilaNow: Date): CardInput | Card {
  if (!stored) return createEmptyCard(manilaNow);
  const { firstReviewedAt: _first, reviewIds: _ids, ...card } = stored;
  return {
    ...card,
    due: onManilaCalendar(new Date(card.due)),
    last_review: card.last_review ? onManilaCalendar(new Date(card.last_review)) : null,
  };
}

export function cardStateName(stored: StoredCardState | null): FlashCardState {
  if (!stored) return 'new';
  const state = typeof stored.state === 'number' ? stored.state : State[stored.state];
  return STATES[state as State] ?? 'new';
}

/** A card of the flash queue as the screen shows it (the contract's `flashQueueCardSchema`). */
export type FlashQueueCardView = {
  id: string;
  topicId: string;
  topicName: string;
  front: string;
  back: string;
  rationale: string | null;
  state: FlashCardState;
  due: string | null;
  intervals: FlashIntervals;
};

/**
 * A picked card as the queue shows it, with its state's name and the interval hints at `now`: one
 * shape for the server's queue and the one the phone builds offline.
 */
export function queueCardView(
  card: {
    id: string;
    topicId: string;
    front: string;
    back: string;
    rationale: string | null;
    state: StoredCardState | null;
    due: Date | null;
  },
  topicName: string,
  now: Date,
  retention: number = RETENTION_FAR,
): FlashQueueCardView {
  return {
    id: card.id,
    topicId: card.topicId,
    topicName,
    front: card.front,
    back: card.back,
    rationale: card.rationale,
    state: cardStateName(card.state),
    due: card.due?.toISOString() ?? null,
    intervals: previewIntervals(card.state, now, retention),
  };
}

/** Milliseconds until the card comes back for each rating, from `now` (the buttons' hints). */
export function previewIntervals(
  stored: StoredCardState | null,
  now: Date,
  retention: number = RETENTION_FAR,
): FlashIntervals {
  const manilaNow = onManilaCalendar(now);
  const preview = fsrsScheduler(retention).repeat(toCardInput(stored, manilaNow), manilaNow);
  const after = (grade: Grade) =>
    Math.max(0, preview[grade].card.due.getTime() - manilaNow.getTime());
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
  /** The desired retention (core `retentionOn` of the student's exam day and `now`). */
  retention: number = RETENTION_FAR,
): { state: StoredCardState; due: Date; reps: number } {
  if (stored && hasReview(stored, reviewId)) {
    return { state: stored, due: new Date(stored.due), reps: stored.reps };
  }
  const manilaNow = onManilaCalendar(now);
  const { card } = fsrsScheduler(retention).next(
    toCardInput(stored, manilaNow),
    manilaNow,
    GRADES[rating],
  );
  const due = offManilaCalendar(card.due);
  const state: StoredCardState = {
    ...card,
    due: due.toISOString(),
    last_review: card.last_review ? offManilaCalendar(card.last_review).toISOString() : null,
    firstReviewedAt: stored?.firstReviewedAt ?? now.toISOString(),
    reviewIds: [...(stored?.reviewIds ?? []), reviewId].slice(-REMEMBERED_REVIEW_IDS),
  };
  return { state, due, reps: card.reps };
}

/** How far back a rating sent late (given offline) is taken at its own time. */
export const RATING_TIME_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The moment a rating is applied at: when the student gave it (`reviewedAt`, sent by the phone),
 * so a rating given offline in the morning and sent in the evening schedules the card from the
 * morning. Never later than `now` (a phone's clock ahead), never before the card's last review
 * (ratings apply in order), and never more than a week back: beyond that, `now`.
 */
export function ratingTime(
  reviewedAt: Date | null,
  stored: Pick<StoredCardState, 'last_review'> | null,
  now: Date,
): Date {
  if (!reviewedAt || Number.isNaN(reviewedAt.getTime())) return now;
  if (now.getTime() - reviewedAt.getTime() > RATING_TIME_MAX_AGE_MS) return now;
  const last = stored?.last_review ? Date.parse(stored.last_review) : Number.NEGATIVE_INFINITY;
  return new Date(Math.min(now.getTime(), Math.max(reviewedAt.getTime(), last)));
}
