import type {
  FlashQueueCard,
  FlashQueueResponse,
  FlashReviewRequest,
  FlashReviewResponse,
  StoredCardState,
  StudyScope,
} from '@pasado/core';
import {
  applyRating,
  cardStateName,
  FLASH_NEW_CARDS_PER_DAY,
  FLASH_QUEUE_MAX,
  flashReviewRequestSchema,
  hasReview,
  manilaDayStart,
  newCardsLeft,
  pickFlashQueue,
  queueCardView,
  ratingTime,
  retentionOn,
  type SittingDays,
} from '@pasado/core';
import type { Db, Executor, Tx } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors/app-error.ts';
import { grantedReviewer, grantsContent } from '../account/content-access.ts';
import { confirmingSession, type SentWith, SessionToConfirm } from '../auth/session-plugin.ts';
import { findStudentSittingDays } from '../content/exam-sittings.repository.ts';
import { planActivity } from '../progress/record-activity.ts';
import { recordStudyTime, studyTime } from './activity.ts';
import {
  lockCardReview,
  readCardReview,
  writeRating,
  writeReviewedSchedule,
} from './card-review.read-model.ts';
import {
  countDueCards,
  countUnseenCards,
  listDueCards,
  listUnseenCards,
  nextCardDueAt,
} from './cards.read-model.ts';
import { countCardsIntroducedSince, type StoredSchedule } from './repository.ts';
import { topicsInScope } from './scope.ts';

/** Time on one card counted toward time studied at most (a phone left on the table). */
export const FLASH_MAX_SECONDS_PER_CARD = 120;

/** New cards already introduced today (first reviewed since Manila midnight). */
export async function newCardsLeftToday(ex: Executor, userId: string, now: Date) {
  return newCardsLeft(await countCardsIntroducedSince(ex, userId, manilaDayStart(now)));
}

/**
 * The due queue (issue 4 item 6): cards whose due time has come, oldest first; then new cards in
 * the reviewer's order (subject, topic, card id), as many as today's new-card limit still allows.
 */
export async function flashQueue(
  db: Db,
  userId: string,
  reviewer: string,
  scope: StudyScope,
  now: Date,
): Promise<FlashQueueResponse> {
  const [scoped, sitting] = await Promise.all([
    topicsInScope(db, reviewer, scope),
    findStudentSittingDays(db, userId, reviewer),
  ]);
  const topicIds = scoped.map((t) => t.id);
  const topicName = new Map(scoped.map((t) => [t.id, t.name]));
  const allowance = await newCardsLeftToday(db, userId, now);
  if (topicIds.length === 0) {
    return {
      cards: [],
      dueCount: 0,
      newCount: 0,
      newCardsLeftToday: allowance,
      newCardsPerDay: FLASH_NEW_CARDS_PER_DAY,
      nextDueAt: null,
    };
  }
  // SQL narrows the candidates (due now, oldest first; unseen, in order) and counts; the choice
  // and order are core's rule, the one the phone applies offline (pickFlashQueue).
  const due = await listDueCards(db, userId, topicIds, now, FLASH_QUEUE_MAX);
  const dueCount = await countDueCards(db, userId, topicIds, now);
  const nextDueAt = await nextCardDueAt(db, userId, topicIds, now);
  const newCount = await countUnseenCards(db, userId, topicIds);
  const room = Math.min(allowance, FLASH_QUEUE_MAX - due.length);
  const fresh = room > 0 ? await listUnseenCards(db, userId, topicIds, room) : [];

  const candidates = [
    ...due.map((row) => ({ ...row, state: row.state as StoredCardState })),
    ...fresh.map((row) => ({ ...row, state: null, due: null })),
  ];
  // The buttons' hints at the retention a rating now would get (ADR 033).
  const retention = retentionOn(sitting, now);
  const cards: FlashQueueCard[] = pickFlashQueue(candidates, now, allowance).cards.map((row) =>
    queueCardView(row, topicName.get(row.topicId) ?? '', now, retention),
  );
  return {
    cards,
    dueCount,
    newCount,
    newCardsLeftToday: allowance,
    newCardsPerDay: FLASH_NEW_CARDS_PER_DAY,
    nextDueAt: nextDueAt?.toISOString() ?? null,
  };
}

/** Who rates a card, and the session the request was sent with (checked in the lock, ADR 036). */
export type CardRater = SentWith & {
  userId: string;
  /** The reviewer as the URL names it. */
  reviewer: string;
};

/**
 * Applies one rating with ts-fsrs, at the retention of the student's exam date, and persists the
 * next state: on one read and one write guarded by the user's `activity_seq` (`rateOnRead`, ADR
 * 037), or else under the locks. Idempotent per `reviewId`: a review id the card already remembers
 * changes nothing. The paywall is decided on the row the statement that decides read with it (a
 * rating given offline before the subscription ended still counts: `ratedAt`).
 */
export async function reviewCard(
  db: Db,
  rater: CardRater,
  input: FlashReviewRequest,
  now: Date,
): Promise<FlashReviewResponse> {
  const request = flashReviewRequestSchema.parse(input);
  const ratedAt = claimedRatingTime(request, now);
  return (
    (await rateOnRead(db, rater, request, now, ratedAt)) ??
    rateLocked(db, rater, request, now, ratedAt)
  );
}

/**
 * The rating decided under the locks alone: the path a guarded write hands over to
 * (`study/guarded-rating.test.ts` holds the two paths to the same results).
 */
export async function reviewCardLocked(
  db: Db,
  rater: CardRater,
  input: FlashReviewRequest,
  now: Date,
): Promise<FlashReviewResponse> {
  const request = flashReviewRequestSchema.parse(input);
  return rateLocked(db, rater, request, now, claimedRatingTime(request, now));
}

/** When the phone says it was rated, bounded as core `ratingTime` bounds it for the schedule. */
function claimedRatingTime(request: ParsedReview, now: Date): Date | undefined {
  return request.reviewedAt ? ratingTime(new Date(request.reviewedAt), null, now) : undefined;
}

async function rateLocked(
  db: Db,
  rater: CardRater,
  request: ParsedReview,
  now: Date,
  ratedAt: Date | undefined,
): Promise<FlashReviewResponse> {
  const { userId } = rater;
  return confirmingSession(
    (sessionConfirmed) => db.transaction((tx) => rateInTransaction(tx, sessionConfirmed)),
    rater.confirmSession,
  );

  async function rateInTransaction(
    tx: Tx,
    sessionConfirmed: boolean,
  ): Promise<FlashReviewResponse> {
    const review = await lockCardReview(tx, {
      userId,
      reviewer: rater.reviewer,
      cardId: request.cardId,
      now,
      session: rater.session,
    });
    // Rolls back what the lock created; the session is then read afresh (401 unless live).
    if (!review.sessionLive && !sessionConfirmed) throw new SessionToConfirm();
    // A refusal rolls back the empty schedule the lock may have created.
    grantedReviewer(review.access, now, ratedAt);
    const { locked } = review;
    if (!locked) throw notFound('No such card.');
    const { card, schedule: row } = locked;
    const stored = storedState(row);
    if (stored && hasReview(stored, request.reviewId)) return remembered(card.id, stored, row);
    const next = nextState(stored, request, locked.sitting, now);
    const seconds = studySeconds(request);
    const activity = await writeReviewedSchedule(tx, {
      userId,
      cardId: card.id,
      schedule: { state: next.state, due: next.due, lastReviewedAt: now, reps: next.reps },
      activityAt: seconds > 0 ? now : null,
    });
    if (seconds > 0) {
      await recordStudyTime(
        tx,
        userId,
        card.topicId,
        seconds,
        now,
        locked.progress,
        activity ?? undefined,
      );
    }
    return rated(card.id, next);
  }
}

/** A rating request as the schema parsed it (its defaults applied). */
type ParsedReview = ReturnType<typeof flashReviewRequestSchema.parse>;

/** The time on a card counted toward time studied. */
function studySeconds(request: ParsedReview): number {
  return Math.min(request.seconds, FLASH_MAX_SECONDS_PER_CARD);
}

/**
 * A rating in two statements and no transaction (ADR 037): one read of everything it is decided
 * on, then one write of the schedule and the study time, guarded by the user's `activity_seq` as
 * read. Null hands the rating to the locked path, which decides it afresh and words any refusal in
 * the API's order: a session only this process's cache knew, no access, no such card, no study
 * time to record, or a write that missed because another of the student's activity writes
 * committed in between. A copy of a rating the card remembers is answered from the read.
 */
async function rateOnRead(
  db: Db,
  rater: CardRater,
  request: ParsedReview,
  now: Date,
  ratedAt: Date | undefined,
): Promise<FlashReviewResponse | null> {
  const { userId } = rater;
  const seconds = studySeconds(request);
  const read = await readCardReview(db, {
    userId,
    reviewer: rater.reviewer,
    cardId: request.cardId,
    now,
    session: rater.session,
  });
  if (
    !read.sessionLive ||
    !read.card ||
    !read.progress ||
    !grantsContent(read.access, now, ratedAt)
  ) {
    return null;
  }
  const { card, schedule } = read;
  const stored = schedule ? storedState(schedule) : null;
  if (stored && schedule && hasReview(stored, request.reviewId)) {
    return remembered(card.id, stored, schedule);
  }
  if (seconds <= 0) return null;
  const next = nextState(stored, request, read.sitting, now);
  const plan = planActivity(
    userId,
    studyTime(card.topicId, seconds),
    now,
    read.progress,
    read.activity,
  );
  const written = await writeRating(db, {
    activity: plan.write,
    activitySeq: read.activitySeq,
    cardId: card.id,
    schedule: { state: next.state, due: next.due, lastReviewedAt: now, reps: next.reps },
  });
  return written ? rated(card.id, next) : null;
}

/** The card's FSRS state as stored, or null for one never rated (its schedule created empty). */
function storedState(schedule: StoredSchedule): StoredCardState | null {
  return 'due' in schedule.state ? (schedule.state as StoredCardState) : null;
}

/**
 * The card's next state. FSRS counts from when the student rated it (a rating given offline
 * arrives later; the study time and the streak count when the server learns of it), at the
 * retention raised as the student's exam nears (issue 23 item 5; ADR 033): of the rating's own
 * Manila day, as the phone applies it offline.
 */
function nextState(
  stored: StoredCardState | null,
  request: ParsedReview,
  sitting: SittingDays | null,
  now: Date,
) {
  const at = ratingTime(request.reviewedAt ? new Date(request.reviewedAt) : null, stored, now);
  return applyRating(stored, request.rating, request.reviewId, at, retentionOn(sitting, at));
}

/** The reply to a rating the card already remembers: the schedule as it stands. */
function remembered(
  cardId: string,
  stored: StoredCardState,
  schedule: Pick<StoredSchedule, 'due' | 'reps'>,
): FlashReviewResponse {
  return {
    cardId,
    state: cardStateName(stored),
    due: schedule.due.toISOString(),
    reps: schedule.reps,
    duplicate: true,
  };
}

/** The reply to a rating applied now. */
function rated(cardId: string, next: ReturnType<typeof nextState>): FlashReviewResponse {
  return {
    cardId,
    state: cardStateName(next.state),
    due: next.due.toISOString(),
    reps: next.reps,
    duplicate: false,
  };
}
