import type { AttemptSitting, AttemptState } from '@pasado/core/contract';
import type { ContentDenial } from '@pasado/core/rules';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onContentDenied } from '../../lib/content-denied.ts';
import { clearOutbox, enqueue, outboxState, startOutbox } from '../../lib/offline/outbox.ts';
import { recordDenials, SUBSCRIPTION_ENDED } from '../../testing/denials.ts';
import { fakeApi, networkDown, reply } from '../../testing/fake-api.ts';
import { renderScreen, testQueryClient } from '../../testing/render.tsx';
import { claimsFor } from '../../testing/reviewers.ts';
import { attemptQueryKey, queueAnswer } from './api/attempts.ts';
import { MockExam } from './mock-exam.tsx';

const ATTEMPT = '8e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
const FINISHED_AT = '2026-11-25T06:30:00.000Z';

/** LET Elementary's two sittings (issue 12 item 4), the first one finished. */
function onBreak(part1: Partial<AttemptSitting> = {}): AttemptState {
  const sittings: AttemptSitting[] = [
    {
      number: 1,
      partIds: ['gen-ed'],
      name: 'General Education',
      items: 150,
      answered: 3,
      minutes: 150,
      startedAt: '2026-11-25T04:00:00.000Z',
      deadlineAt: FINISHED_AT,
      submittedAt: '2026-11-25T05:10:00.000Z',
      ...part1,
    },
    {
      number: 2,
      partIds: ['prof-ed'],
      name: 'Professional Education',
      items: 150,
      answered: 0,
      minutes: 180,
      startedAt: null,
      deadlineAt: null,
      submittedAt: null,
    },
  ];
  return {
    attemptId: ATTEMPT,
    kind: 'mock',
    reviewer: 'let-elem',
    title: 'Mock exam',
    status: 'in_progress',
    startedAt: '2026-11-25T04:00:00.000Z',
    deadlineAt: null,
    serverNow: '2026-11-25T05:11:00.000Z',
    parts: null,
    sittings,
    items: [],
    result: null,
  };
}

/** A mock on one clock whose time ran out at its last read, with one item answered as given. */
const mockAtTimeUp = (choiceIndex: number | null): AttemptState => ({
  ...onBreak(),
  sittings: null,
  deadlineAt: '2026-11-25T05:10:59.000Z',
  items: [
    {
      questionId: 'q-1',
      partId: null,
      topicName: 'Topic',
      stem: 'Question 1?',
      choices: ['A', 'B', 'C', 'D'],
      choiceIndex,
      flagged: false,
      isCorrect: null,
      reveal: null,
    },
  ],
});

const START = `POST /api/quiz/let-elem/attempts/${ATTEMPT}/sittings/2/start`;

// ADR 019 "a kept clock runs on": the countdown reads the server's clock as it was when the
// answer arrived. Shown again from the cache minutes later (Back to the exam from quiz home), the
// clock took the answer's old `serverNow` for the time now and gave the minutes away back.
describe('the mock clock', () => {
  it('shown again from the cache later, counts the minutes spent away', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const arrived = Date.parse('2026-11-25T05:12:34.000Z');
      vi.setSystemTime(arrived);
      const state = {
        ...mockAtTimeUp(null),
        serverNow: new Date(arrived).toISOString(),
        deadlineAt: new Date(arrived + 20 * 60_000).toISOString(),
      };
      fakeApi({ 'GET /api/auth/claims': claimsFor(['let-elem']) });
      const first = renderScreen(<MockExam state={state} />);
      expect(screen.getByTestId('clock').textContent).toBe('20:00');
      first.unmount();
      vi.setSystemTime(arrived + 6 * 60_000);
      renderScreen(<MockExam state={state} />);
      expect(screen.getByTestId('clock').textContent).toBe('14:00');
    } finally {
      vi.useRealTimers();
    }
  });
});

// docs/product.md "Mock exam" (sittings): the break between parts is the student's.
describe('the break between the parts of a mock', () => {
  it('says what is done, what is next, and that the next clock waits for the student', () => {
    fakeApi({});
    renderScreen(<MockExam state={onBreak()} />);
    expect(
      screen.getByRole('heading', { name: 'Part 1 of 2 — General Education — finished' }),
    ).toBeTruthy();
    expect(screen.getByText('You answered 3 of 150 items. Your answers are saved.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Part 2 — Professional Education' })).toBeTruthy();
    expect(screen.getByText('150 items')).toBeTruthy();
    // Written as quiz home writes a part's time.
    expect(screen.getByText('3 h')).toBeTruthy();
    expect(screen.getByText(/^Take your break: it is yours\./).textContent).toBe(
      'Take your break: it is yours. The 180-minute clock of Part 2 starts only when you press Start Part 2.',
    );
    expect(screen.queryByTestId('clock')).toBeNull();
  });

  it('a part ended by its clock says its time ran out', () => {
    fakeApi({});
    renderScreen(<MockExam state={onBreak({ answered: 1, submittedAt: FINISHED_AT })} />);
    expect(
      screen.getByText('Its time ran out. You answered 1 of 150 items. Your answers are saved.'),
    ).toBeTruthy();
  });

  it('Start Part 2 asks the server to start it', async () => {
    const api = fakeApi({ [START]: { ...onBreak(), status: 'in_progress' } });
    const { user } = renderScreen(<MockExam state={onBreak()} />);
    await user.click(screen.getByRole('button', { name: 'Start Part 2' }));
    await expect.poll(() => api.sentTo(START).length).toBe(1);
  });

  it('offline: the clock has not started, and the button is there to try again', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      fakeApi({ [START]: networkDown });
      const { user } = renderScreen(<MockExam state={onBreak()} />);
      await user.click(screen.getByRole('button', { name: 'Start Part 2' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'You are offline: the clock of Part 2 has not started. Start it when you are back online.',
      );
      expect(
        (screen.getByRole('button', { name: 'Start Part 2' }) as HTMLButtonElement).disabled,
      ).toBe(false);
    } finally {
      onLine.mockRestore();
    }
  });

  // A request lost on the way may have started the part: saying "the clock has not started" let
  // a student rest on a running clock, then find the part ten minutes shorter.
  it('a start lost on the way may have started the part: says so and reads the exam again', async () => {
    fakeApi({ [START]: networkDown });
    const client = testQueryClient();
    client.setQueryData(attemptQueryKey(ATTEMPT), onBreak());
    const { user } = renderScreen(<MockExam state={onBreak()} />, { client });
    await user.click(screen.getByRole('button', { name: 'Start Part 2' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the server. Part 2 may have started: try again to open it.',
    );
    // The quiz screen reads it again (now, or when the phone is back online).
    expect(client.getQueryState(attemptQueryKey(ATTEMPT))?.isInvalidated).toBe(true);
  });

  // Another tab started Part 2 and submitted the exam; its review needs the subscription, which
  // has ended. The refusal stayed under the button until the next navigation.
  it('a start refused on the paywall is reported, and the page moves', async () => {
    fakeApi({ [START]: reply(403, SUBSCRIPTION_ENDED) });
    const denials = recordDenials();
    const { user } = renderScreen(<MockExam state={onBreak()} />);
    await user.click(screen.getByRole('button', { name: 'Start Part 2' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your subscription has ended: renew it to continue.',
    );
    expect(denials).toEqual(['expired']);
  });

  it("a refusal shows the server's words", async () => {
    fakeApi({
      [START]: reply(409, {
        error: { status: 'FAILED_PRECONDITION', message: 'Part 2 has already started.' },
      }),
      [`GET /api/quiz/let-elem/attempts/${ATTEMPT}`]: onBreak(),
    });
    const { user } = renderScreen(<MockExam state={onBreak()} />);
    await user.click(screen.getByRole('button', { name: 'Start Part 2' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Part 2 has already started.');
  });
});

// Exam night: the time is up and the phone submits. A submit the server refuses on the paywall
// (the mock was submitted by a try whose answer was lost, and its review needs the subscription)
// is answered where every refusal is (lib/content-denied.ts), not tried again and again.
describe('a submit refused on the paywall when the time is up', () => {
  it('is reported once and not sent again', async () => {
    const SUBMIT = `POST /api/quiz/let-elem/attempts/${ATTEMPT}/submit`;
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      [SUBMIT]: reply(403, {
        error: {
          status: 'PERMISSION_DENIED',
          message: 'Subscribe to continue.',
          reason: 'expired',
        },
      }),
    });
    const denials: ContentDenial[] = [];
    const stop = onContentDenied((denial) => denials.push(denial));
    try {
      const timeUp = mockAtTimeUp(0);
      renderScreen(<MockExam state={timeUp} />);
      await expect.poll(() => api.sentTo(SUBMIT).length).toBe(1);
      await expect.poll(() => denials).toEqual(['expired']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(api.sentTo(SUBMIT)).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

// Exam night on flaky data: the last answers wait in the outbox when the time runs out. Submitted
// before them, the exam was rated without them and their saves were then refused.
describe('a submit with answers still waiting to be sent', () => {
  it('waits for them, then submits once they are sent', async () => {
    const SUBMIT = `POST /api/quiz/let-elem/attempts/${ATTEMPT}/submit`;
    const SAVE = `PUT /api/quiz/let-elem/attempts/${ATTEMPT}/answers/q-1`;
    const timeUp = mockAtTimeUp(null);
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      [SAVE]: { item: { ...timeUp.items[0], choiceIndex: 2 }, serverNow: timeUp.serverNow },
      [SUBMIT]: { ...timeUp, status: 'submitted' },
      [`GET /api/quiz/let-elem/attempts/${ATTEMPT}`]: timeUp,
      'POST /api/analytics/events': {},
    });
    // The outbox on this phone is unavailable (no IndexedDB here) and has not started: the answer
    // waits in this page's memory, as one whose send failed does.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The files of this project share the outbox module: what others left waiting goes first.
    await clearOutbox();
    await enqueue(queueAnswer('let-elem', ATTEMPT, 'q-1', { choiceIndex: 2 }), { merge: true });
    let stop: () => void = () => undefined;
    try {
      const { user } = renderScreen(<MockExam state={timeUp} />);
      await screen.findByText(/We could not reach the server\./);
      expect(api.sentTo(SUBMIT)).toHaveLength(0);
      // The outbox starts and sends the answer; then the exam is submitted.
      stop = startOutbox('student-1');
      await expect
        .poll(() => outboxState().entries.filter((e) => e.kind === 'mock-answer'))
        .toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await expect.poll(() => api.sentTo(SUBMIT).length).toBe(1);
      expect(
        api.sent.map((r) => `${r.method} ${r.path}`).filter((r) => r === SAVE || r === SUBMIT),
      ).toEqual([SAVE, SUBMIT]);
    } finally {
      stop();
      await clearOutbox();
    }
  });
});
