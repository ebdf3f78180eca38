import { describe, expect, it, vi } from 'vitest';
import { recordDenials, SUBSCRIPTION_ENDED } from '../../testing/denials.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { clearOutbox, enqueue, flush, outboxState, startOutbox } from './outbox.ts';
import { reportOutboxDenials } from './outbox-denials.ts';

const RATING = 'POST /api/study/let-elem/flash/reviews';
const NOTE = 'POST /api/study/let-elem/notes/n1/read';
const LITE = 'POST /api/quiz/let-elem/lite/offline-attempts';
const ANSWER = 'PUT /api/quiz/let-elem/attempts/a1/answers/q1';

/** An outbox entry for `route` ('METHOD /path'), as the features queue them. */
const entry = (
  kind: 'flash-review' | 'note-read' | 'lite-attempt' | 'mock-answer',
  route: string,
) => {
  const [method, path = ''] = route.split(' ') as ['POST' | 'PUT', string];
  return { key: `${kind}:1`, kind, method, path, body: {}, meta: { reviewer: 'let-elem' } };
};

/**
 * Queues `entries` (written before the outbox knew the student, so adopted) and sends them all,
 * as the signed-in services do: the outbox started, its refusals followed.
 */
async function sendAll(entries: ReturnType<typeof entry>[]) {
  // The web project's files share the outbox (isolate: false): what another file or test left goes
  // first. It also counts the refusals from zero again.
  await clearOutbox();
  for (const e of entries) await enqueue(e);
  const stopReports = reportOutboxDenials();
  const stop = startOutbox('student-1');
  try {
    await flush();
  } finally {
    stop();
    stopReports();
  }
}

// docs/offline.md: a change made after the subscription ended is refused on the paywall when it is
// sent. The outbox dropped it and counted it, and nothing told the root layout, so the student
// went on studying on a screen the guard no longer allows until the next navigation.
describe('the outbox and the paywall', () => {
  it('reports a refusal for the subscription once, and still sends what follows', async () => {
    // No IndexedDB in this DOM: the outbox says so and keeps its entries in memory.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({
      [RATING]: reply(403, SUBSCRIPTION_ENDED),
      [NOTE]: reply(403, SUBSCRIPTION_ENDED),
      [LITE]: reply(403, SUBSCRIPTION_ENDED),
      [ANSWER]: { item: {}, serverNow: '2026-11-25T05:00:00.000Z' },
    });
    const denials = recordDenials();
    await sendAll([
      entry('flash-review', RATING),
      entry('note-read', NOTE),
      entry('lite-attempt', LITE),
      // An open mock is finished on the grant alone: its answers go on after the refusals.
      entry('mock-answer', ANSWER),
    ]);
    expect(api.sent.map((r) => `${r.method} ${r.path}`)).toEqual([RATING, NOTE, LITE, ANSWER]);
    expect(denials).toEqual(['expired']);
    // Refused for good, as before: work done after the end never counts (core `gaveAccessAt`).
    // Counted from the empty outbox sendAll starts with.
    expect(outboxState().rejected).toBe(3);
    expect(outboxState().entries).toEqual([]);
  });

  // A rating of the track the student has just switched from: the page shown is another track's.
  it('leaves a refusal for want of the reviewer’s grant to the screen of that reviewer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({
      [RATING]: reply(403, {
        error: {
          status: 'PERMISSION_DENIED',
          message: 'You do not have access to this reviewer.',
          reason: 'noReviewer',
        },
      }),
    });
    const denials = recordDenials();
    await sendAll([entry('flash-review', RATING)]);
    expect(denials).toEqual([]);
    expect(outboxState().entries).toEqual([]);
  });
});
