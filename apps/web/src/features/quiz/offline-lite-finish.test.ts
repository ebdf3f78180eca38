import type { AttemptState } from '@pasado/core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { finishOffline } from './offline-lite.ts';
import type { OfflineLiteRecord } from './offline-lite-record.ts';
import { readOfflineLite, writeOfflineLite } from './offline-lite-record.ts';

// The outbox keeps the quiz on the device when `enqueue` resolves; here it resolves when the test
// says so, as a slow IndexedDB write would.
const queued: unknown[] = [];
let release: () => void = () => undefined;
vi.mock('../../lib/offline/outbox.ts', () => ({
  enqueue: async (entry: unknown) => {
    queued.push(entry);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  },
}));

const ATTEMPT = 'a7c1f0de-0000-4000-8000-000000000001';
const state: AttemptState = {
  attemptId: ATTEMPT,
  kind: 'lite',
  reviewer: 'cse',
  title: 'Lite quiz',
  status: 'in_progress',
  startedAt: '2026-11-28T01:00:00.000Z',
  deadlineAt: null,
  serverNow: '2026-11-28T01:00:00.000Z',
  parts: null,
  sittings: null,
  items: [
    {
      questionId: 'q-1',
      partId: null,
      topicName: 'Topic',
      stem: 'Question 1?',
      choices: ['A', 'B'],
      choiceIndex: 1,
      flagged: false,
      isCorrect: true,
      reveal: { answerIndex: 1, rationale: 'Because.', distractorNotes: null },
    },
  ],
  result: null,
};
const record: OfflineLiteRecord = {
  uid: 'student-1',
  reviewer: 'cse',
  subjectId: null,
  topicId: null,
  startedAt: '2026-11-28T01:00:00.000Z',
  finishedAt: null,
  keys: { 'q-1': { answerIndex: 1, rationale: 'Because.', distractorNotes: null } },
  answeredAt: { 'q-1': '2026-11-28T01:01:00.000Z' },
  state,
  synced: null,
  refused: false,
};

// A lite quiz finished offline is never queued again once the phone calls it finished: marked
// first and closed before it was queued, it never reached the server (no gems, kept forever).
describe('finishing a lite quiz offline (docs/decisions/019-offline-caching.md)', () => {
  afterAll(() => localStorage.clear());

  it('is queued before the phone calls it finished, once however often Finish is tapped', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    writeOfflineLite(record);
    const finishing = finishOffline(record);
    await vi.waitFor(() => expect(queued).toHaveLength(1));
    expect(readOfflineLite(record.uid, ATTEMPT)?.finishedAt).toBeNull();
    // A second tap meanwhile.
    const again = finishOffline(readOfflineLite(record.uid, ATTEMPT) ?? record);
    release();
    const [done, second] = await Promise.all([finishing, again]);
    expect(second).toBe(done);
    expect(queued).toHaveLength(1);
    expect(readOfflineLite(record.uid, ATTEMPT)?.finishedAt).toBe(done.finishedAt);
    expect(done.state.status).toBe('submitted');
  });
});
