import type {
  FlashQueueCard,
  FlashQueueResponse,
  FlashReviewRequest,
  FlashReviewResponse,
  StudyScope,
} from '@pasado/core';
import { flashReviewRequestSchema, manilaDayKey } from '@pasado/core';
import { and, asc, count, eq, gt, gte, inArray, isNull, lte, min, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.ts';
import { cardSchedules, flashCards, subjects, topics } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors/app-error.ts';
import { recordActivity } from '../progress/record-activity.ts';
import {
  applyRating,
  cardStateName,
  hasReview,
  previewIntervals,
  type StoredCardState,
} from './fsrs.ts';
import { manilaDayStart, topicsInScope } from './scope.ts';

/**
 * New cards a student is shown per Manila day, across all reviewers: enough to cover a subject's
 * 30-card deck in two days, few enough that the reviews they cause stay manageable (FSRS brings a
 * new card back several times in its first week).
 */
export const FLASH_NEW_CARDS_PER_DAY = 20;
/** Cards in one queue answer: a session's worth; the next request continues. */
export const FLASH_QUEUE_MAX = 50;
/** Time on one card counted toward time studied at most (a phone left on the table). */
export const FLASH_MAX_SECONDS_PER_CARD = 120;

/** New cards already introduced today (first reviewed since Manila midnight). */
export async function newCardsLeftToday(ex: Executor, userId: string, now: Date) {
  const dayStart = manilaDayStart(manilaDayKey(now));
  const [row] = await ex
    .select({ n: count() })
    .from(cardSchedules)
    .where(
      and(
        eq(cardSchedules.userId, userId),
        sql`(${cardSchedules.state}->>'firstReviewedAt')::timestamptz >= ${dayStart.toISOString()}::timestamptz`,
      ),
    );
  return Math.max(0, FLASH_NEW_CARDS_PER_DAY - (row?.n ?? 0));
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
  const scoped = await topicsInScope(db, reviewer, scope);
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
  const mine = and(eq(cardSchedules.userId, userId), inArray(flashCards.topicId, topicIds));

  const due = await db
    .select({
      id: flashCards.id,
      topicId: flashCards.topicId,
      front: flashCards.front,
      back: flashCards.back,
      rationale: flashCards.rationale,
      state: cardSchedules.state,
      due: cardSchedules.due,
    })
    .from(cardSchedules)
    .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
    .where(and(mine, lte(cardSchedules.due, now)))
    .orderBy(asc(cardSchedules.due), asc(flashCards.id))
    .limit(FLASH_QUEUE_MAX);
  const [dueTotal] = await db
    .select({ n: count() })
    .from(cardSchedules)
    .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
    .where(and(mine, lte(cardSchedules.due, now)));
  const [later] = await db
    .select({ at: min(cardSchedules.due) })
    .from(cardSchedules)
    .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
    .where(and(mine, gt(cardSchedules.due, now)));

  const unseen = and(inArray(flashCards.topicId, topicIds), isNull(cardSchedules.cardId));
  const unseenJoin = and(eq(cardSchedules.cardId, flashCards.id), eq(cardSchedules.userId, userId));
  const [newTotal] = await db
    .select({ n: count() })
    .from(flashCards)
    .leftJoin(cardSchedules, unseenJoin)
    .where(unseen);
  const room = Math.min(allowance, FLASH_QUEUE_MAX - due.length);
  const fresh =
    room > 0
      ? await db
          .select({
            id: flashCards.id,
            topicId: flashCards.topicId,
            front: flashCards.front,
            back: flashCards.back,
            rationale: flashCards.rationale,
          })
          .from(flashCards)
          .innerJoin(topics, eq(topics.id, flashCards.topicId))
          .innerJoin(subjects, eq(subjects.id, topics.subjectId))
          .leftJoin(cardSchedules, unseenJoin)
          .where(unseen)
          .orderBy(
            asc(subjects.sortOrder),
            asc(subjects.id),
            asc(topics.sortOrder),
            asc(topics.id),
            asc(flashCards.id),
          )
          .limit(room)
      : [];

  const cards: FlashQueueCard[] = [
    ...due.map((row) => {
      const stored = row.state as StoredCardState;
      return {
        id: row.id,
        topicId: row.topicId,
        topicName: topicName.get(row.topicId) ?? '',
        front: row.front,
        back: row.back,
        rationale: row.rationale,
        state: cardStateName(stored),
        due: row.due.toISOString(),
        intervals: previewIntervals(stored, now),
      };
    }),
    ...fresh.map((row) => ({
      ...row,
      topicName: topicName.get(row.topicId) ?? '',
      state: 'new' as const,
      due: null,
      intervals: previewIntervals(null, now),
    })),
  ];
  return {
    cards,
    dueCount: dueTotal?.n ?? 0,
    newCount: newTotal?.n ?? 0,
    newCardsLeftToday: allowance,
    newCardsPerDay: FLASH_NEW_CARDS_PER_DAY,
    nextDueAt: later?.at ? new Date(later.at).toISOString() : null,
  };
}

/**
 * Applies one rating with ts-fsrs and persists the next state. Idempotent per `reviewId`: the row
 * is locked, and a review id the card already remembers changes nothing.
 */
export async function reviewCard(
  db: Db,
  userId: string,
  reviewer: string,
  input: FlashReviewRequest,
  now: Date,
): Promise<FlashReviewResponse> {
  const request = flashReviewRequestSchema.parse(input);
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select({ id: flashCards.id, topicId: flashCards.topicId })
      .from(flashCards)
      .innerJoin(topics, eq(topics.id, flashCards.topicId))
      .innerJoin(subjects, eq(subjects.id, topics.subjectId))
      .where(and(eq(flashCards.id, request.cardId), eq(subjects.reviewerShorthand, reviewer)));
    if (!card) throw notFound('No such card.');

    // Make sure a row exists to lock, so two copies of one request serialise on it.
    await tx
      .insert(cardSchedules)
      .values({ userId, cardId: card.id, state: {}, due: now, reps: 0 })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(cardSchedules)
      .where(and(eq(cardSchedules.userId, userId), eq(cardSchedules.cardId, card.id)))
      .for('update');
    if (!row) throw new Error('card schedule row vanished');
    const stored = 'due' in row.state ? (row.state as StoredCardState) : null;

    if (stored && hasReview(stored, request.reviewId)) {
      return {
        cardId: card.id,
        state: cardStateName(stored),
        due: row.due.toISOString(),
        reps: row.reps,
        duplicate: true,
      };
    }

    const next = applyRating(stored, request.rating, request.reviewId, now);
    await tx
      .update(cardSchedules)
      .set({ state: next.state, due: next.due, lastReviewedAt: now, reps: next.reps })
      .where(and(eq(cardSchedules.userId, userId), eq(cardSchedules.cardId, card.id)));

    const seconds = Math.min(request.seconds, FLASH_MAX_SECONDS_PER_CARD);
    if (seconds > 0) {
      await recordActivity(
        tx,
        userId,
        {
          topics: [{ topicId: card.topicId, answered: 0, correct: 0, seconds }],
          gems: 0,
          drillPoints: 0,
          finished: false,
        },
        now,
      );
    }
    return {
      cardId: card.id,
      state: cardStateName(next.state),
      due: next.due.toISOString(),
      reps: next.reps,
      duplicate: false,
    };
  });
}

/** Flash activity today within a reviewer: did the student review any card since Manila midnight? */
export async function reviewedCardToday(ex: Executor, userId: string, reviewer: string, now: Date) {
  const dayStart = manilaDayStart(manilaDayKey(now));
  const [row] = await ex
    .select({ n: count() })
    .from(cardSchedules)
    .innerJoin(flashCards, eq(flashCards.id, cardSchedules.cardId))
    .innerJoin(topics, eq(topics.id, flashCards.topicId))
    .innerJoin(subjects, eq(subjects.id, topics.subjectId))
    .where(
      and(
        eq(cardSchedules.userId, userId),
        eq(subjects.reviewerShorthand, reviewer),
        gte(cardSchedules.lastReviewedAt, dayStart),
      ),
    );
  return (row?.n ?? 0) > 0;
}
