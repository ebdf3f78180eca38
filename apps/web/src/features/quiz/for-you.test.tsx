import type { AttemptState, Readiness } from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { claimsFor } from '../../testing/reviewers.ts';
import { LiteQuizPage } from './quiz-screen-page.tsx';
import { FOR_YOU_HINT, ReadinessCard } from './readiness-card.tsx';

const ATTEMPT = '0b7c2f3e-1d4a-4c5b-8e9f-a0b1c2d3e4f5';

const readiness: Readiness = {
  passingAverage: 75,
  parts: [
    {
      partId: 'gen-ed',
      name: 'General Education',
      answers: 12,
      floor: 0,
      weight: 0.4,
      predicted: null,
      needed: 18,
    },
  ],
  whole: null,
  passChance: null,
  holdingBack: null,
  sureness: null,
  action: { kind: 'answer', text: 'Answer 18 more General Education items' },
  daysLeft: null,
  fullMocks: 0,
  plan: null,
};

/** A For-you set as the server answers its start (items trimmed to one). */
const forYouState: AttemptState = {
  attemptId: ATTEMPT,
  kind: 'lite',
  reviewer: 'let-elem',
  title: 'Lite quiz: for you',
  status: 'in_progress',
  startedAt: '2026-11-26T02:00:00.000Z',
  deadlineAt: null,
  serverNow: '2026-11-26T02:00:00.000Z',
  parts: null,
  sittings: null,
  items: [
    {
      questionId: 'q-1',
      partId: null,
      topicName: 'Reading',
      stem: 'Which word is a noun?',
      choices: ['run', 'table', 'quickly', 'blue'],
      choiceIndex: null,
      flagged: false,
      isCorrect: null,
      reveal: null,
    },
  ],
  result: null,
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

// docs/product.md#readiness "For you" (issue 23 item 4; ADR 032).
describe('the For-you set', () => {
  it('the readiness card offers it, linking exactly /quiz/<track>/lite?for=you', async () => {
    fakeApi({});
    renderScreen(<ReadinessCard reviewer="let-elem" readiness={readiness} today="2026-11-26" />);
    const card = await screen.findByRole('region', { name: 'Would you pass?' });
    const link = within(card).getByRole('link', { name: 'Practice for you' });
    expect(link.getAttribute('href')).toBe('/quiz/let-elem/lite?for=you');
    expect(card.textContent).toContain(FOR_YOU_HINT);
    // The card's other texts stay as they were.
    expect(card.textContent).toContain('Answer 18 more General Education items');
    expect(within(card).getByRole('link', { name: 'How this works' })).toBeTruthy();
  });

  it('?for=you starts a For-you set on the server (nothing else in the request) and says so', async () => {
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      'POST /api/quiz/let-elem/lite': forYouState,
      [`GET /api/quiz/let-elem/attempts/${ATTEMPT}`]: forYouState,
    });
    renderScreen(<LiteQuizPage />, {
      path: '/quiz/let-elem/lite?for=you',
      route: '/quiz/:reviewer/lite',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lite quiz: for you' }),
    ).toBeTruthy();
    expect(api.sentTo('POST /api/quiz/let-elem/lite').map((r) => r.body)).toEqual([
      { forYou: true },
    ]);
  });

  it('another ?for= value is a plain lite quiz', async () => {
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      'POST /api/quiz/let-elem/lite': { ...forYouState, title: 'Lite quiz: all subjects' },
      [`GET /api/quiz/let-elem/attempts/${ATTEMPT}`]: {
        ...forYouState,
        title: 'Lite quiz: all subjects',
      },
    });
    renderScreen(<LiteQuizPage />, {
      path: '/quiz/let-elem/lite?for=me',
      route: '/quiz/:reviewer/lite',
    });
    await screen.findByRole('heading', { level: 1, name: 'Lite quiz: all subjects' });
    expect(api.sentTo('POST /api/quiz/let-elem/lite').map((r) => r.body)).toEqual([{}]);
  });
});
