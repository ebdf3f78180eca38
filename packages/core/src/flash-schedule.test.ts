import { describe, expect, it } from 'vitest';
import {
  applyRating,
  cardStateName,
  hasReview,
  previewIntervals,
  queueCardView,
  RATING_TIME_MAX_AGE_MS,
  ratingTime,
} from './flash-schedule.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = new Date('2026-11-23T02:00:00Z'); // 10:00 in Manila

describe('applyRating', () => {
  it('a higher desired retention (an exam near) brings a known card back sooner', () => {
    // A card in review, reviewed Good a second time.
    let state = applyRating(null, 'good', 'r1', now).state;
    state = applyRating(state, 'good', 'r2', new Date(now.getTime() + 10 * MINUTE)).state;
    const later = new Date(state.due);
    const far = applyRating(state, 'good', 'r3', later, 0.9).due.getTime();
    const near = applyRating(state, 'good', 'r3', later, 0.95).due.getTime();
    expect(near).toBeLessThan(far);
    // Without a retention: ts-fsrs's default, 0.9.
    expect(applyRating(state, 'good', 'r3', later).due.getTime()).toBe(far);
    // The buttons' hints follow the same retention.
    expect(previewIntervals(state, later, 0.95).good).toBe(near - later.getTime());
    expect(previewIntervals(state, later).good).toBe(far - later.getTime());
  });

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

  it('counts days between reviews on the Manila calendar (docs/product.md#time), not UTC’s', () => {
    // Known at 11:30 PM Manila on Nov 28 (15:30 UTC).
    const known = applyRating(null, 'easy', 'r1', new Date('2026-11-28T23:30:00+08:00')).state;
    const goodAt = (at: string) => applyRating(known, 'good', 'r2', new Date(at));
    // 7:30 AM and 8:30 AM of Nov 29 in Manila: one Manila day after the last review, both (UTC's
    // day turns between them). Scheduled alike: the second an hour after the first.
    const early = goodAt('2026-11-29T07:30:00+08:00');
    const late = goodAt('2026-11-29T08:30:00+08:00');
    expect(late.state.stability).toBe(early.state.stability);
    expect(late.due.getTime() - early.due.getTime()).toBe(60 * 60_000);
    // 11:45 PM the same Manila day as the last review is the same day, and scheduled as one.
    const sameDay = goodAt('2026-11-28T23:45:00+08:00');
    expect(sameDay.state.stability).not.toBe(early.state.stability);
    // The hints the buttons show follow the same calendar.
    const hints = (at: string) => previewIntervals(known, new Date(at)).good;
    expect(hints('2026-11-29T08:30:00+08:00')).toBe(hints('2026-11-29T07:30:00+08:00'));
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

describe('ratingTime', () => {
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 60 * MINUTE);

  it('applies a late rating at the moment it was given', () => {
    expect(ratingTime(hoursAgo(8), null, now)).toEqual(hoursAgo(8));
    expect(ratingTime(null, null, now)).toEqual(now);
  });

  it('never later than now, never before the last review, never more than a week back', () => {
    expect(ratingTime(new Date(now.getTime() + DAY), null, now)).toEqual(now);
    const stored = { last_review: hoursAgo(2).toISOString() };
    expect(ratingTime(hoursAgo(5), stored, now)).toEqual(hoursAgo(2));
    expect(ratingTime(new Date(now.getTime() - RATING_TIME_MAX_AGE_MS - 1), null, now)).toEqual(
      now,
    );
    expect(ratingTime(new Date('not a date'), null, now)).toEqual(now);
  });
});

describe('queueCardView', () => {
  const card = { id: 'c1', topicId: 't1', front: 'F', back: 'B', rationale: null };

  it('shows a new card as new, with no due time and the hints of a first rating', () => {
    expect(queueCardView({ ...card, state: null, due: null }, 'Topic', now)).toEqual({
      ...card,
      topicName: 'Topic',
      state: 'new',
      due: null,
      intervals: previewIntervals(null, now),
    });
  });

  it('shows a reviewed card by its state, its due time and the hints from its schedule', () => {
    const { state, due } = applyRating(null, 'good', 'r1', now);
    const view = queueCardView({ ...card, state, due }, 'Topic', now);
    expect(view.state).toBe('learning');
    expect(view.due).toBe(due.toISOString());
    expect(view.intervals).toEqual(previewIntervals(state, now));
    expect(view.intervals).not.toEqual(previewIntervals(null, now));
  });
});
