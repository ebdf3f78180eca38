import type { AttemptItem, AttemptState } from '@pasado/core/contract';
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { recordDenials, SUBSCRIPTION_ENDED } from '../../testing/denials.ts';
import { fakeApi, networkDown, reply } from '../../testing/fake-api.ts';
import { renderScreen, testQueryClient } from '../../testing/render.tsx';
import { claimsFor } from '../../testing/reviewers.ts';
import { attemptQueryKey, attemptQueryOptions } from './api/attempts.ts';
import { LiteQuiz } from './lite-quiz.tsx';
import { LiteQuizPage } from './quiz-screen-page.tsx';

const ATTEMPT = '6b1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5c';
const item = (n: number, answer: Partial<AttemptItem> = {}): AttemptItem => ({
  questionId: `q-${n}`,
  partId: null,
  topicName: 'Topic',
  stem: `Question ${n}?`,
  choices: ['A', 'B', 'C', 'D'],
  choiceIndex: null,
  flagged: false,
  isCorrect: null,
  reveal: null,
  ...answer,
});
const lite = (first: AttemptItem): AttemptState => ({
  attemptId: ATTEMPT,
  kind: 'lite',
  reviewer: 'cse-pro',
  title: 'Lite quiz',
  status: 'in_progress',
  startedAt: '2026-11-25T04:00:00.000Z',
  deadlineAt: null,
  serverNow: '2026-11-25T04:01:00.000Z',
  parts: null,
  sittings: null,
  items: [first, item(2)],
  result: null,
});
/** The quiz as the quiz screen shows it: from the attempt's query. */
function LiteScreen() {
  const attempt = useQuery(attemptQueryOptions('cse-pro', ATTEMPT));
  return attempt.data ? <LiteQuiz state={attempt.data} /> : null;
}
const SAVE = `PUT /api/quiz/cse-pro/attempts/${ATTEMPT}/answers/q-1`;
const SUBMIT = `POST /api/quiz/cse-pro/attempts/${ATTEMPT}/submit`;
/** Item `n` answered right (A), its key shown. */
const answered = (n: number) =>
  item(n, {
    choiceIndex: 0,
    isCorrect: true,
    reveal: { answerIndex: 0, rationale: 'Because.', distractorNotes: null },
  });
/** The quiz screen on `state`: by default on its first item, unanswered. */
function openQuiz(state: AttemptState = lite(item(1))) {
  const client = testQueryClient();
  client.setQueryData(attemptQueryKey(ATTEMPT), state);
  return renderScreen(<LiteScreen />, { client });
}
/** Both items answered: the last shows "See summary". */
const bothAnswered = (): AttemptState => ({
  ...lite(answered(1)),
  items: [answered(1), answered(2)],
});
const WAITING = 'Not sent yet: your answer goes as soon as your connection is back.';

// A lite answer is final. Its reply lost on the way, the screen still showed the item unanswered;
// the next tap met 409 "This item is already answered." and nothing read the item again, so it
// could neither be answered nor left ("Next item" waits for an answer).
describe('a lite answer whose reply was lost', () => {
  it('reads the item again on the server’s refusal and shows the saved answer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answered = item(1, {
      choiceIndex: 1,
      isCorrect: true,
      reveal: { answerIndex: 1, rationale: 'Because.', distractorNotes: null },
    });
    let saves = 0;
    fakeApi({
      'GET /api/auth/claims': claimsFor(['cse-pro']),
      [SAVE]: () => {
        saves += 1;
        return saves === 1
          ? networkDown()
          : reply(409, { error: { message: 'This item is already answered.' } });
      },
      [`GET /api/quiz/cse-pro/attempts/${ATTEMPT}`]: lite(answered),
    });
    const { user } = openQuiz();
    await user.click(screen.getByRole('button', { name: /^B/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(WAITING);
    await user.click(screen.getByRole('button', { name: /^C/ }));
    await expect.poll(() => screen.getByRole('alert').textContent).toBe('');
    expect(await screen.findByText('Correct!')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next item' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    vi.restoreAllMocks();
  });
});

// ADR 019: a lite answer lost on the way showed "Not sent…" and nothing more: the student had to
// notice the signal was back and tap again, on data that drops every few minutes.
describe('a lite answer sent while the connection is down', () => {
  it('shows the choice as picked and sends it by itself when the phone is back online', async () => {
    let online = false;
    const answered = item(1, {
      choiceIndex: 1,
      isCorrect: true,
      reveal: { answerIndex: 1, rationale: 'Because.', distractorNotes: null },
    });
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['cse-pro']),
      [SAVE]: () => (online ? { item: answered } : networkDown()),
    });
    const { user } = openQuiz();
    await user.click(screen.getByRole('button', { name: /^B/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(WAITING);
    expect(screen.getByRole('button', { name: /^B/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /^B/ }).getAttribute('data-state')).toBe('picked');

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Correct!')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(api.sentTo(SAVE)).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Next item' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('"See summary" lost on the way: sent by itself when the phone is back online', async () => {
    // The finish refreshes the phone's For-you kit, which this DOM has no IndexedDB to keep.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let online = false;
    const done: AttemptState = {
      ...bothAnswered(),
      status: 'submitted',
      result: {
        correct: 2,
        total: 2,
        percentage: 100,
        missed: 0,
        gemsEarned: 2,
        autoSubmitted: false,
        parts: null,
        weightedRating: null,
        passingAverage: null,
        passed: null,
      },
    };
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['cse-pro']),
      [SUBMIT]: () => (online ? done : networkDown()),
    });
    const { user } = openQuiz(bothAnswered());
    await user.click(screen.getByRole('button', { name: 'See summary' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not sent yet: your summary comes as soon as your connection is back.',
    );
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('heading', { name: 'Quiz summary' })).toBeTruthy();
    expect(api.sentTo(SUBMIT)).toHaveLength(2);
    vi.restoreAllMocks();
  });

  it('a refusal of the server is shown, and not sent again', async () => {
    let online = false;
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['cse-pro']),
      [SAVE]: () =>
        online
          ? reply(400, { error: { message: 'This quiz is already finished.' } })
          : networkDown(),
    });
    const { user } = openQuiz();
    await user.click(screen.getByRole('button', { name: /^A/ }));
    await screen.findByText(WAITING);
    online = true;
    window.dispatchEvent(new Event('online'));
    await expect
      .poll(() => screen.getByRole('alert').textContent)
      .toBe('This quiz is already finished.');
    window.dispatchEvent(new Event('online'));
    expect(api.sentTo(SAVE)).toHaveLength(2);
    expect(screen.getByRole('button', { name: /^A/ }).getAttribute('aria-pressed')).toBe('false');
  });
});

// docs/product.md#paywall: a lite set's answers and its submit need the subscription. One that
// ended mid-quiz left the server's refusal under the item until the next navigation: nothing told
// the root layout, which reads the claims again (with the spec's alert) so the guard moves the page.
describe('a subscription that ends in the middle of a lite quiz', () => {
  it('an answer refused on the paywall is reported, the server’s words shown meanwhile', async () => {
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['cse-pro']),
      [SAVE]: reply(403, SUBSCRIPTION_ENDED),
    });
    const denials = recordDenials();
    const { user } = openQuiz();
    await user.click(screen.getByRole('button', { name: /^B/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your subscription has ended: renew it to continue.',
    );
    expect(denials).toEqual(['expired']);
    expect(api.sentTo(SAVE)).toHaveLength(1);
  });

  it('"See summary" refused on the paywall is reported', async () => {
    fakeApi({
      'GET /api/auth/claims': claimsFor(['cse-pro']),
      [SUBMIT]: reply(403, SUBSCRIPTION_ENDED),
    });
    const denials = recordDenials();
    const { user } = openQuiz(bothAnswered());
    await user.click(screen.getByRole('button', { name: 'See summary' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your subscription has ended: renew it to continue.',
    );
    expect(denials).toEqual(['expired']);
  });

  // Quiz home was read while the subscription ran; the quiz is started after it ended.
  it('a start refused on the paywall is reported', async () => {
    const START = 'POST /api/quiz/cse-pro/lite';
    fakeApi({
      'GET /api/auth/claims': claimsFor(['cse-pro']),
      [START]: reply(403, SUBSCRIPTION_ENDED),
    });
    const denials = recordDenials();
    renderScreen(<LiteQuizPage />, { path: '/quiz/cse-pro/lite', route: '/quiz/:reviewer/lite' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your subscription has ended: renew it to continue.',
    );
    expect(denials).toEqual(['expired']);
  });
});
