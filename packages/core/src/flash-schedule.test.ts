import { describe, expect, it } from 'vitest';
import {
  applyRating,
  cardStateName,
  countIntroducedToday,
  FLASH_NEW_CARDS_PER_DAY,
  FLASH_QUEUE_MAX,
  hasReview,
  manilaDayStart,
  newCardsLeft,
  pickFlashQueue,
  previewIntervals,
} from './flash-schedule.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = new Date('2026-11-23T02:00:00Z'); // 10:00 in Manila

describe('applyRating', () => {
  it('starts a new card, remembering when it was first seen and the review id', () => {
    const { state, due, reps } = applyRating(null, 'good', 'r1', now);
    expect(cardStateName(state)).toBe('learning');
    expect(reps).toBe(1);
    expect(due.getTime()).toBeGreaterThan(now.getTime());
    expect(state.due).toBe(due.toISOString());
    expect(state.firstReviewedAt).toBe(now.toISOString());
    expect(state.reviewIds).toEqual(['r1']);
    expect(hasReview(state, 'r1')).toBe(true);
  });

  it('brings a forgotten card back sooner than a known one', () => {
    const again = applyRating(null, 'again', 'a', now).due.getTime();
    const good = applyRating(null, 'good', 'g', now).due.getTime();
    const easy = applyRating(null, 'easy', 'e', now).due.getTime();
    expect(again).toBeLessThan(good);
    expect(good).toBeLessThan(easy);
  });

  it('advances a card from a stored state (dates as ISO strings), keeping its first day', () => {
    const first = applyRating(null, 'good', 'r1', now).state;
    const later = new Date(now.getTime() + 10 * MINUTE);
    const second = applyRating(first, 'good', 'r2', later);
    expect(second.reps).toBe(2);
    expect(cardStateName(second.state)).toBe('review');
    expect(second.due.getTime() - later.getTime()).toBeGreaterThanOrEqual(DAY);
    expect(second.state.firstReviewedAt).toBe(now.toISOString());
    expect(second.state.reviewIds).toEqual(['r1', 'r2']);
  });

  it('applies a review id once: the same rating again changes nothing', () => {
    const first = applyRating(null, 'good', 'r1', now).state;
    const repeat = applyRating(first, 'again', 'r1', new Date(now.getTime() + DAY));
    expect(repeat.state).toBe(first);
    expect(repeat.reps).toBe(1);
  });

  it('remembers only the last 20 review ids', () => {
    let state = applyRating(null, 'good', 'r0', now).state;
    for (let i = 1; i <= 25; i++) {
      state = applyRating(state, 'good', `r${i}`, new Date(now.getTime() + i * DAY)).state;
    }
    expect(state.reviewIds).toHaveLength(20);
    expect(state.reviewIds?.[0]).toBe('r6');
  });
});

describe('previewIntervals', () => {
  it('says how long until the card returns for each rating, matching applyRating', () => {
    const stored = applyRating(null, 'good', 'r1', now).state;
    const at = new Date(now.getTime() + 10 * MINUTE);
    const hints = previewIntervals(stored, at);
    for (const rating of ['again', 'hard', 'good', 'easy'] as const) {
      expect(hints[rating]).toBe(applyRating(stored, rating, 'x', at).due.getTime() - at.getTime());
    }
    expect(hints.again).toBeLessThan(hints.easy);
  });

  it('gives a new card the first steps', () => {
    const hints = previewIntervals(null, now);
    expect(hints.again).toBe(MINUTE);
    expect(hints.good).toBe(10 * MINUTE);
  });
});

describe('the daily new-card allowance', () => {
  it('counts cards first seen since Manila midnight', () => {
    expect(manilaDayStart(now).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    const schedules = [
      { firstReviewedAt: '2026-11-22T16:00:00.000Z' }, // Manila midnight: today
      { firstReviewedAt: '2026-11-22T15:59:59.000Z' }, // yesterday
      { firstReviewedAt: '2026-11-23T01:00:00.000Z' },
      {},
    ];
    expect(countIntroducedToday(schedules, now)).toBe(2);
    expect(newCardsLeft(2)).toBe(FLASH_NEW_CARDS_PER_DAY - 2);
    expect(newCardsLeft(FLASH_NEW_CARDS_PER_DAY + 3)).toBe(0);
  });
});

describe('pickFlashQueue', () => {
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
  const card = (id: string, due: Date | null) => ({ id, due });

  it('puts due cards first (oldest due first, ties by id), then new cards in the given order', () => {
    const picked = pickFlashQueue(
      [
        card('n2', null),
        card('d-late', at(-5)),
        card('future', at(30)),
        card('n1', null),
        card('d-b', at(-60)),
        card('d-a', at(-60)),
        card('soon', at(10)),
      ],
      now,
      10,
    );
    expect(picked.cards.map((c) => c.id)).toEqual(['d-a', 'd-b', 'd-late', 'n2', 'n1']);
    expect(picked.dueCount).toBe(3);
    expect(picked.newCount).toBe(2);
    expect(picked.nextDueAt).toEqual(at(10));
  });

  it('takes no more new cards than today’s allowance, and caps the queue', () => {
    const fresh = Array.from({ length: 30 }, (_, i) => card(`n${i}`, null));
    expect(pickFlashQueue(fresh, now, 3).cards.map((c) => c.id)).toEqual(['n0', 'n1', 'n2']);
    expect(pickFlashQueue(fresh, now, 0).cards).toEqual([]);

    const due = Array.from({ length: FLASH_QUEUE_MAX + 5 }, (_, i) => card(`d${i}`, at(-i - 1)));
    const full = pickFlashQueue([...due, ...fresh], now, 20);
    expect(full.cards).toHaveLength(FLASH_QUEUE_MAX);
    expect(full.cards.every((c) => c.due !== null)).toBe(true);
    expect(full.dueCount).toBe(FLASH_QUEUE_MAX + 5);
    expect(pickFlashQueue([...due.slice(0, 45), ...fresh], now, 20).cards).toHaveLength(50);
  });

  it('has nothing to offer when every card is scheduled later', () => {
    const picked = pickFlashQueue([card('a', at(60)), card('b', at(5))], now, 20);
    expect(picked.cards).toEqual([]);
    expect(picked.nextDueAt).toEqual(at(5));
  });
});
