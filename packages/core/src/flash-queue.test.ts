import { describe, expect, it } from 'vitest';
import {
  countIntroducedToday,
  FLASH_NEW_CARDS_PER_DAY,
  FLASH_QUEUE_MAX,
  newCardsLeft,
  pickFlashQueue,
} from './flash-queue.ts';
import { manilaDayStart } from './time.ts';

const MINUTE = 60_000;
const now = new Date('2026-11-23T02:00:00Z'); // 10:00 in Manila

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
