import type { FlashQueueResponse, StudyOfflineProgress } from '@pasado/core/contract';
import {
  applyRating,
  countIntroducedToday,
  FLASH_NEW_CARDS_PER_DAY,
  type FlashRating,
  keptSittingDays,
  newCardsLeft,
  pickFlashQueue,
  queueCardView,
  ratingTime,
  retentionOn,
  type StoredCardState,
} from '@pasado/core/rules';
import type { OutboxEntry } from '../../lib/offline/outbox.ts';
import type { StudyScopeParams } from '../../lib/study-links.ts';
import { changesSinceKept, readKept } from './offline-study.ts';

/*
 * Flash cards with no signal (issue 11 deliverable 3; ADR 019). A rating given offline waits in
 * the outbox until the server has it, and a sent one is kept until the progress is read again
 * (lib/offline/sent-ratings.ts), so replaying both on the kept schedules with core's FSRS rule
 * gives each card's state on this phone; the progress read from the server wins.
 */

/**
 * The kept schedules with the ratings not yet in them applied in the order they were given, each at
 * the retention the server gives it: core `retentionOn` of the student's sitting (its days kept with
 * the progress; absent from progress kept before they were sent) and the rating's moment.
 */
export function schedulesOnPhone(
  progress: StudyOfflineProgress,
  entries: readonly OutboxEntry[],
  now: Date,
): Map<string, StoredCardState> {
  const schedules = new Map<string, StoredCardState>(
    progress.schedules.map((s) => [s.cardId, s.state as StoredCardState]),
  );
  const sitting = keptSittingDays(progress);
  for (const entry of entries) {
    if (entry.kind !== 'flash-review') continue;
    const { cardId, rating, reviewId, reviewedAt } = entry.body as {
      cardId: string;
      rating: FlashRating;
      reviewId: string;
      reviewedAt?: string;
    };
    const current = schedules.get(cardId) ?? null;
    // The same moment the server will apply it at (core ratingTime).
    const at = ratingTime(new Date(reviewedAt ?? entry.createdAt), current, now);
    const next = applyRating(current, rating, reviewId, at, retentionOn(sitting, at));
    schedules.set(cardId, next.state);
  }
  return schedules;
}

/** The flash queue as the server would build it, from what the phone keeps. */
export async function keptFlashQueue(
  uid: string,
  reviewer: string,
  scope: StudyScopeParams,
  now: Date,
): Promise<FlashQueueResponse | null> {
  const kept = await readKept(uid, reviewer);
  if (!kept) return null;
  const { pack } = kept;
  const inScope = new Set(
    pack.topics
      .filter((t) =>
        scope.topicId
          ? t.id === scope.topicId
          : scope.subjectId
            ? t.subjectId === scope.subjectId
            : true,
      )
      .map((t) => t.id),
  );
  const topicName = new Map(pack.topics.map((t) => [t.id, t.name]));
  const schedules = schedulesOnPhone(kept.progress, await changesSinceKept(uid, reviewer), now);
  // The server counts new cards across reviewers; the phone knows this reviewer's.
  const allowance = newCardsLeft(countIntroducedToday(schedules.values(), now));
  const candidates = pack.cards
    .filter((card) => inScope.has(card.topicId))
    .map((card) => {
      const state = schedules.get(card.id) ?? null;
      return { ...card, state, due: state ? new Date(state.due) : null };
    });
  const picked = pickFlashQueue(candidates, now, allowance);
  const retention = retentionOn(keptSittingDays(kept.progress), now);
  return {
    cards: picked.cards.map((card) =>
      queueCardView(card, topicName.get(card.topicId) ?? '', now, retention),
    ),
    dueCount: picked.dueCount,
    newCount: picked.newCount,
    newCardsLeftToday: allowance,
    newCardsPerDay: FLASH_NEW_CARDS_PER_DAY,
    nextDueAt: picked.nextDueAt?.toISOString() ?? null,
  };
}
