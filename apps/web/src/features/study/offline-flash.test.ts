import {
  applyRating,
  RETENTION_FAR,
  RETENTION_NEAR,
  retentionOn,
  type StoredCardState,
  type StudyOfflineProgress,
} from '@pasado/core';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../lib/offline/outbox.ts';
import { schedulesOnPhone } from './offline-flash.ts';

// Issue 23 item 5 (ADR 033): a rating given with no signal advances the card on the phone at the
// retention the server will give it — core `retentionOn` of the kept exam day and the rating's
// moment — so the phone's schedule is the server's.
const MINUTE = 60_000;
const first = new Date('2027-01-15T10:00:00+08:00');
const second = new Date(first.getTime() + 10 * MINUTE);
const kept = applyRating(null, 'good', 'r1', first).state;

const progress = (examDay: string | null, examLastDay = examDay): StudyOfflineProgress => ({
  schedules: [{ cardId: 'c1', state: kept as StudyOfflineProgress['schedules'][number]['state'] }],
  notesRead: [],
  examDay,
  examLastDay,
});
const waiting: OutboxEntry[] = [
  {
    id: 1,
    key: 'flash-review:r2',
    kind: 'flash-review',
    uid: 'u1',
    method: 'POST',
    path: '/api/study/crim/flash/reviews',
    body: { cardId: 'c1', rating: 'good', reviewId: 'r2', reviewedAt: second.toISOString() },
    meta: {},
    createdAt: second.getTime(),
  },
];
const dueOnPhone = (examDay: string | null, examLastDay = examDay) =>
  Date.parse(
    (schedulesOnPhone(progress(examDay, examLastDay), waiting, second).get('c1') as StoredCardState)
      .due,
  );

describe('schedulesOnPhone', () => {
  it('applies a waiting rating at the kept exam day’s retention, as the server does', () => {
    expect(retentionOn({ startsOn: '2027-01-20', endsOn: '2027-01-20' }, second)).toBe(
      RETENTION_NEAR,
    );
    expect(dueOnPhone('2027-01-20')).toBe(
      applyRating(kept, 'good', 'r2', second, RETENTION_NEAR).due.getTime(),
    );
  });

  it('without an exam date (or progress kept before it was sent), the default retention', () => {
    const atDefault = applyRating(kept, 'good', 'r2', second, RETENTION_FAR).due.getTime();
    expect(dueOnPhone(null)).toBe(atDefault);
    const { examDay: _, ...older } = progress(null);
    const fromOlder = schedulesOnPhone(older as StudyOfflineProgress, waiting, second).get('c1');
    expect(Date.parse(fromOlder?.due ?? '')).toBe(atDefault);
    // A near exam brings the card back sooner.
    expect(dueOnPhone('2027-01-20')).toBeLessThan(atDefault);
  });

  // The NLE sits two days: a card rated on the second is still rated for exam day, not after it.
  it('on the second day of a two-day sitting, the exam-day retention, not the passed one', () => {
    const examDay = applyRating(kept, 'good', 'r2', second, RETENTION_NEAR).due.getTime();
    expect(dueOnPhone('2027-01-14', '2027-01-15')).toBe(examDay);
    expect(dueOnPhone('2027-01-14', '2027-01-14')).toBe(
      applyRating(kept, 'good', 'r2', second, RETENTION_FAR).due.getTime(),
    );
  });
});
