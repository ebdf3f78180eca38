import type { StudyOfflinePack } from '@pasado/core/contract';
import { applyRating } from '@pasado/core/rules';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as store from '../../lib/offline/content-store.ts';
import { startKeepingOffline } from '../../lib/offline/keep-offline.ts';
import type { OutboxEntry, OutboxOutcome } from '../../lib/offline/outbox.ts';
import { sentRatings } from '../../lib/offline/sent-ratings.ts';
import { keptFlashQueue } from './offline-flash.ts';

// The content store on an in-memory IndexedDB.
vi.mock('idb-keyval', () => import('../../testing/fake-idb.ts'));

// The server: unreachable until the test hands it the student's progress.
let serverProgress: unknown = null;
vi.mock('../../lib/api.ts', () => ({
  apiFetch: async (path: string) => {
    if (serverProgress === null || !path.endsWith('/offline-progress')) {
      throw new TypeError('Failed to fetch');
    }
    return new Response(JSON.stringify(serverProgress), { status: 200, headers: { ETag: '"p2"' } });
  },
}));

// The outbox has sent the rating (it is gone from the store); its outcome is told by the test.
let tellOutcome: (outcome: OutboxOutcome) => void = () => undefined;
vi.mock('../../lib/offline/outbox.ts', () => ({
  onOutboxOutcome: (listener: (outcome: OutboxOutcome) => void) => {
    tellOutcome = listener;
    return () => undefined;
  },
  loadOutbox: async () => [],
}));

const pack: StudyOfflinePack = {
  reviewer: { shorthand: 'crim', abbreviation: 'CLE', name: 'Criminology' },
  topics: [{ id: 't1', subjectId: 's1', name: 'Topic', subjectName: 'Subject' }],
  cards: ['c1', 'c2'].map((id) => ({ id, topicId: 't1', front: id, back: id, rationale: null })),
  notes: [],
};
const ratedAt = new Date('2027-01-15T10:00:00+08:00');
const rating = (cardId: string, reviewId: string): OutboxEntry => ({
  id: 1,
  key: `flash-review:${reviewId}`,
  kind: 'flash-review',
  uid: 'u1',
  method: 'POST',
  path: '/api/study/crim/flash/reviews',
  body: { cardId, rating: 'easy', reviewId, reviewedAt: ratedAt.toISOString() },
  meta: { reviewer: 'crim' },
  createdAt: ratedAt.getTime(),
});
const offered = async () =>
  (await keptFlashQueue('u1', 'crim', { subjectId: null, topicId: null }, ratedAt))?.cards.map(
    (c) => c.id,
  );
const schedule = (cardId: string, reviewId: string) => {
  const { reviewIds: _, ...state } = applyRating(null, 'easy', reviewId, ratedAt).state;
  return { cardId, state };
};

// A rating the server has acknowledged left the outbox; the kept progress is read again a moment
// later. Until then, and if the signal dropped before it could be read, the phone offered the
// card again as if never rated (docs/decisions/019-offline-caching.md).
describe('a sent flash rating before the progress is read again', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const held = { version: '"p1"', bytes: 1, checkedAt: Date.now() };
  let stop: () => void = () => undefined;
  afterAll(() => {
    stop();
    vi.restoreAllMocks();
  });

  it('is replayed on the kept progress, and forgotten once a later read has it', async () => {
    const now = store.contentGeneration();
    await store.keepContent('u1', 'study', 'crim', held, pack, now);
    await store.keepContent(
      'u1',
      'study-progress',
      'crim',
      held,
      { schedules: [], notesRead: [], examDay: null },
      now,
    );
    stop = startKeepingOffline('u1', ['crim']);
    expect(await offered()).toEqual(['c1', 'c2']);

    tellOutcome({ entry: rating('c1', 'r1'), ok: true, body: {} });
    await vi.waitFor(async () => expect(await offered()).toEqual(['c2']));
    // The progress read after it fails (no signal): the card stays rated on the phone.
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    expect(await offered()).toEqual(['c2']);

    // Back online, the next rating's read brings the server's progress, which has both.
    serverProgress = {
      schedules: [schedule('c1', 'r1'), schedule('c2', 'r2')],
      notesRead: [],
      examDay: null,
    };
    tellOutcome({ entry: rating('c2', 'r2'), ok: true, body: {} });
    await vi.waitFor(async () => expect(await sentRatings('u1', 'crim')).toEqual([]), {
      timeout: 4_000,
    });
    expect(await offered()).toEqual([]);
  });
});
