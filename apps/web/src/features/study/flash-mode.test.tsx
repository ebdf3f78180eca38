import type { FlashQueueCard, FlashQueueResponse } from '@pasado/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearOutbox, enqueue, outboxState, startOutbox } from '../../lib/offline/outbox.ts';
import { IDS } from '../../testing/docs.ts';
import { fakeApi, networkDown } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { claimsFor } from '../../testing/reviewers.ts';
import { queueReview } from './api/review-card.ts';
import { FlashMode } from './flash-mode.tsx';

const QUEUE = 'GET /api/study/let-elem/flash';
const REVIEWS = 'POST /api/study/let-elem/flash/reviews';
const FINISH = 'POST /api/study/let-elem/sessions/finish';

const card = (id: string, state: FlashQueueCard['state'] = 'new'): FlashQueueCard => ({
  id,
  topicId: 'gen.learning',
  topicName: 'Theories of Learning',
  front: `Front of ${id}`,
  back: `Back of ${id}`,
  rationale: null,
  state,
  due: null,
  intervals: { again: 60_000, hard: 360_000, good: 600_000, easy: 86_400_000 },
});
const queue = (cards: FlashQueueCard[]): FlashQueueResponse => ({
  cards,
  dueCount: cards.filter((c) => c.state !== 'new').length,
  newCount: cards.filter((c) => c.state === 'new').length,
  newCardsLeftToday: 20,
  newCardsPerDay: 20,
  nextDueAt: null,
});

async function rateGood(user: ReturnType<typeof renderScreen>['user'], id: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`Front of ${id}`) }));
  await user.click(screen.getByRole('button', { name: /^Good:/ }));
}

// docs/product.md#study-modes: a rating waits in the outbox until the server has it. The next
// queue came from the server alone, which had not seen those ratings, so "Study more" offered the
// cards just rated again and the student rated them twice.
describe('flash cards: Study more while ratings wait to be sent', () => {
  it('leaves out the cards whose rating has not reached the server', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answers = [
      queue([card('c1'), card('c2', 'review')]),
      queue([card('c1'), card('c2', 'review'), card('c3')]),
    ];
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      [QUEUE]: () => answers.shift(),
      [REVIEWS]: networkDown,
      'POST /api/analytics/events': {},
    });
    // The web project's files share the outbox (isolate: false): what another file left in it
    // (analytics events, a retry's timer) would be sent first.
    await clearOutbox();
    const stop = startOutbox(IDS.user);
    try {
      const { user } = renderScreen(<FlashMode />, {
        path: '/study/let-elem/flash',
        route: '/study/:reviewer/flash',
      });
      await rateGood(user, 'c1');
      await rateGood(user, 'c2');
      await screen.findByRole('heading', { name: 'Session complete' });
      await expect.poll(() => api.sentTo(REVIEWS).length).toBeGreaterThan(0);
      // The session's finish waits behind its ratings: the server counts the day by them.
      expect(outboxState().entries.map((e) => e.body.cardId ?? e.kind)).toEqual([
        'c1',
        'c2',
        'session-finish',
      ]);

      await user.click(screen.getByRole('button', { name: 'Study more' }));
      await vi.waitFor(() => expect(api.sentTo(QUEUE)).toHaveLength(2));
      expect((await screen.findByText('Card 1 of 1')).textContent).toBeTruthy();
      expect(screen.getByRole('button', { name: /Front of c3/ })).toBeTruthy();
      expect(screen.queryByText('Front of c1')).toBeNull();
    } finally {
      stop();
      await clearOutbox();
    }
  });
});

// docs/product.md#streaks: a flash session counts the day once the server has its finish. A
// finish lost on the network was only logged: the summary said "Session complete" and the day
// was never counted, with no word to the student.
describe('flash cards: a finish the network drops', () => {
  it('says the streak is not counted yet, tries again and then shows it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const finishes: unknown[] = [networkDown, { counted: true, streak: 3 }];
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      [QUEUE]: queue([card('c1')]),
      [REVIEWS]: {},
      'POST /api/analytics/events': {},
      [FINISH]: () => {
        const next = finishes.shift();
        return typeof next === 'function' ? next() : next;
      },
    });
    // The web project's files share the outbox (isolate: false): what another file left in it
    // (analytics events, a retry's timer) would be sent first.
    await clearOutbox();
    const stop = startOutbox(IDS.user);
    try {
      const { user } = renderScreen(<FlashMode />, {
        path: '/study/let-elem/flash',
        route: '/study/:reviewer/flash',
      });
      await rateGood(user, 'c1');
      await screen.findByRole('heading', { name: 'Session complete' });
      expect((await screen.findByText(/^Not counted for your streak yet\./)).textContent).toBe(
        'Not counted for your streak yet. It is kept on this phone and sent when the connection is back.',
      );
      expect(screen.queryByText(/Daily streak/)).toBeNull();

      expect((await screen.findByText('Daily streak: 3 days')).textContent).toBeTruthy();
      expect(api.sentTo(FINISH)).toHaveLength(2);
      // The retry states the same end as the first try: when the session ended, not when sent.
      const [first, retry] = api.sentTo(FINISH).map((r) => r.body as { finishedAt: string });
      expect(retry).toEqual({ mode: 'flash', finishedAt: first?.finishedAt });
      expect(screen.queryByText(/^Not counted for your streak yet\./)).toBeNull();
    } finally {
      stop();
      await clearOutbox();
    }
  });
});

// docs/offline.md: a student's ratings the server refused with a 401 (signed out meanwhile) stay
// on the phone for their next session and are never sent under anyone else's. The summary counted
// them as this student's, so another student's flash sessions on that phone never sent their
// finish and never counted for the streak.
describe("flash cards: another student's ratings kept on the phone", () => {
  it("do not hold back this student's session finish", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      [QUEUE]: queue([card('c1')]),
      [REVIEWS]: new Response(null, { status: 401 }),
      'POST /api/analytics/events': {},
      [FINISH]: { counted: true, streak: 1 },
    });
    await clearOutbox();
    const stopEarlier = startOutbox('earlier-student');
    await enqueue(
      queueReview('let-elem', {
        reviewId: 'r-earlier',
        cardId: 'c9',
        rating: 'good',
        seconds: 4,
        reviewedAt: '2026-01-05T01:00:00.000Z',
      }),
    );
    stopEarlier();
    expect(outboxState().entries.map((e) => e.uid)).toEqual(['earlier-student']);
    api.routes[REVIEWS] = {};
    const stop = startOutbox(IDS.user);
    try {
      const { user } = renderScreen(<FlashMode />, {
        path: '/study/let-elem/flash',
        route: '/study/:reviewer/flash',
      });
      await rateGood(user, 'c1');
      await screen.findByRole('heading', { name: 'Session complete' });
      expect((await screen.findByText('Daily streak: 1 day')).textContent).toBeTruthy();
      expect(api.sentTo(FINISH)).toHaveLength(1);
      expect(outboxState().entries.map((e) => e.uid)).toEqual(['earlier-student']);
    } finally {
      stop();
      await clearOutbox();
    }
  });
});
