import type { AttemptState } from '@pasado/core';
import { DEVICE_TIME_HEADER } from '@pasado/core/rules';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { clearOutbox, flush, startOutbox } from '../../lib/offline/outbox.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { answerOffline, finishOffline } from './offline-lite.ts';
import { type OfflineLiteRecord, writeOfflineLite } from './offline-lite-record.ts';

const LITE = 'POST /api/quiz/cse/lite/offline-attempts';
const ATTEMPT = 'a7c1f0de-0000-4000-8000-0000000000c1';
const item = (questionId: string) => ({
  questionId,
  partId: null,
  topicName: 'Topic',
  stem: `${questionId}?`,
  choices: ['A', 'B'],
  choiceIndex: null,
  flagged: false,
  isCorrect: null,
  reveal: null,
});
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
  items: [item('q-1'), item('q-2')],
  result: null,
};
const keys = { answerIndex: 1, rationale: 'Because.', distractorNotes: null };
const record: OfflineLiteRecord = {
  uid: 'student-1',
  reviewer: 'cse',
  subjectId: null,
  topicId: null,
  startedAt: '2026-11-28T01:00:00.000Z',
  finishedAt: null,
  keys: { 'q-1': keys, 'q-2': keys },
  answeredAt: {},
  state,
  synced: null,
  refused: false,
};

// docs/offline.md#the-phones-clock: a lite quiz taken offline is timed on the phone's clock, which
// the server compared with its own, so a phone a minute slow or ten minutes fast had honest quizzes
// refused for good. The quiz keeps the phone's times as they were, and the outbox says what the
// phone's clock read when it sent them: the server moves them onto its own clock by the difference.
describe('the times of a lite quiz taken offline', () => {
  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('are the phone’s, sent with the phone’s clock at the moment they are sent', async () => {
    // No IndexedDB in this DOM: the outbox and the For-you kit say so.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await clearOutbox();
    vi.useFakeTimers({ toFake: ['Date'] });
    writeOfflineLite(record);
    vi.setSystemTime(new Date('2026-11-28T01:00:30.000Z'));
    let taken = answerOffline(record, 'q-1', { choiceIndex: 1 });
    vi.setSystemTime(new Date('2026-11-28T01:01:10.000Z'));
    taken = answerOffline(taken, 'q-2', { choiceIndex: 0 });
    vi.setSystemTime(new Date('2026-11-28T01:01:20.000Z'));
    await finishOffline(taken);

    // Back online two hours later.
    vi.setSystemTime(new Date('2026-11-28T03:01:20.000Z'));
    const api = fakeApi({ [LITE]: { attemptId: ATTEMPT } });
    const stop = startOutbox('student-1');
    try {
      await flush();
    } finally {
      stop();
    }
    expect(api.sentTo(LITE)).toHaveLength(1);
    expect(api.sentTo(LITE)[0]?.body).toMatchObject({
      clientAttemptId: ATTEMPT,
      startedAt: '2026-11-28T01:00:00.000Z',
      finishedAt: '2026-11-28T01:01:20.000Z',
      answers: [
        { questionId: 'q-1', choiceIndex: 1, answeredAt: '2026-11-28T01:00:30.000Z' },
        { questionId: 'q-2', choiceIndex: 0, answeredAt: '2026-11-28T01:01:10.000Z' },
      ],
    });
    const [, init] =
      vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/offline-attempts')) ?? [];
    expect(new Headers(init?.headers).get(DEVICE_TIME_HEADER)).toBe('2026-11-28T03:01:20.000Z');
  });
});
