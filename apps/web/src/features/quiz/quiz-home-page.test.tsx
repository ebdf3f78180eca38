import type { QuizHome } from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, networkDown } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import {
  CSE_PRO,
  claimsFor,
  LET_ELEM,
  MARCH_2027,
  SEPTEMBER_2027,
} from '../../testing/reviewers.ts';
import { QuizHomePage } from './quiz-home-page.tsx';

const OPEN_MOCK = '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';

/** LET Elementary's quiz home (GET /api/quiz/let-elem/quiz-home): a bank, its two-part mock. */
function home(overrides: Partial<QuizHome> = {}): QuizHome {
  return {
    reviewer: { shorthand: 'let-elem', abbreviation: 'LET-Elem', name: 'LET — Elementary' },
    subjects: [
      { id: 'gen-ed', name: 'General Education', itemCount: 420, topics: [] },
      { id: 'prof-ed', name: 'Professional Education', itemCount: 380, topics: [] },
    ],
    major: null,
    sitting: { current: null, options: [] },
    mock: {
      name: 'LET Elementary mock',
      totalItems: 300,
      totalMinutes: 330,
      passingAverage: 75,
      parts: [
        { partId: 'gen-ed', name: 'General Education', items: 150, minutes: 150 },
        { partId: 'prof-ed', name: 'Professional Education', items: 150, minutes: 180 },
      ],
      sittings: 2,
    },
    openMock: null,
    recent: [],
    weakestTopics: [],
    weakestMinAnswered: 5,
    mockHistory: [],
    readiness: null,
    today: null,
    ...overrides,
  };
}

function openQuizHome(
  quizHome: QuizHome,
  granted = ['let-elem'],
  reviewers = [LET_ELEM, CSE_PRO],
  routes: Parameters<typeof fakeApi>[0] = {},
) {
  fakeApi({
    'GET /api/auth/claims': claimsFor(granted),
    'GET /api/reviewers': { reviewers },
    'GET /api/quiz/let-elem/quiz-home': quizHome,
    ...routes,
  });
  return renderScreen(<QuizHomePage />, { path: '/quiz' });
}

// Analytics and the offline pool go to IndexedDB, which the DOM emulation has not: each says so
// with a warning and the screen goes on, as on a phone with storage turned off.
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

// docs/product.md "Quiz home".
describe('the quiz home', () => {
  it('describes a mock in sittings: its parts, each on its own clock', async () => {
    openQuizHome(home());
    const mock = await screen.findByRole('region', { name: 'Mock exam' });
    expect(mock.textContent).toContain(
      'LET Elementary mock: 300 items in 2 parts, each on its own clock; the break between is yours. Pass with 75%.',
    );
    expect(
      within(mock)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['General Education150 items · 2 h 30 min', 'Professional Education150 items · 3 h']);
    expect(within(mock).getByRole('link', { name: 'Start mock exam' }).getAttribute('href')).toBe(
      '/quiz/let-elem/mock',
    );
  });

  it('counts one item as one item', async () => {
    openQuizHome(
      home({
        mock: {
          name: 'Sample mock',
          totalItems: 1,
          totalMinutes: 2,
          passingAverage: 75,
          parts: [{ partId: 'gen-ed', name: 'Sample part', items: 1, minutes: 2 }],
          sittings: 1,
        },
      }),
    );
    const mock = await screen.findByRole('region', { name: 'Mock exam' });
    expect(mock.textContent).toContain('Sample mock: 1 item in 2 min. Pass with 75%.');
  });

  it('a subject of one item and a result of one gem are counted in the singular', async () => {
    const result = (attemptId: string, gemsEarned: number) => ({
      attemptId,
      kind: 'lite' as const,
      title: 'Lite quiz',
      submittedAt: '2026-11-25T02:00:00.000Z',
      correct: gemsEarned,
      total: 10,
      percentage: gemsEarned * 10,
      weightedRating: null,
      passed: null,
      gemsEarned,
    });
    openQuizHome(
      home({
        subjects: [
          { id: 'gen-ed', name: 'General Education', itemCount: 1, topics: [] },
          { id: 'prof-ed', name: 'Professional Education', itemCount: 2, topics: [] },
        ],
        recent: [
          result('0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', 1),
          result('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', 3),
        ],
      }),
    );
    const subject = await screen.findByRole('combobox', { name: 'Subject' });
    expect(
      within(subject)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All subjects (3 items)',
      'General Education (1 item)',
      'Professional Education (2 items)',
    ]);
    expect([...document.querySelectorAll('.quiz-list__meta')].map((m) => m.textContent)).toEqual([
      'Nov 25 · 1/10 right · 1 gem',
      'Nov 25 · 3/10 right · 3 gems',
    ]);
  });

  it('a mock waiting on its break: resume it, no clock running', async () => {
    openQuizHome(
      home({
        openMock: {
          attemptId: OPEN_MOCK,
          deadlineAt: null,
          serverNow: '2026-11-25T05:00:00.000Z',
          answered: 3,
          total: 300,
        },
      }),
    );
    const resume = await screen.findByRole('region', { name: 'Mock exam in progress' });
    expect(within(resume).getByText('On a break between parts · 3 of 300 answered')).toBeTruthy();
    expect(within(resume).queryByRole('timer')).toBeNull();
    // With the attempt's id: offline the screen resumes it from the cache; without, it asked the
    // server to start or resume one and said "Starting a mock exam needs a connection."
    expect(
      screen.getAllByRole('link', { name: 'Resume mock exam' }).map((a) => a.getAttribute('href')),
    ).toEqual([
      `/quiz/let-elem/mock?attempt=${OPEN_MOCK}`,
      `/quiz/let-elem/mock?attempt=${OPEN_MOCK}`,
    ]);
  });

  it('a track with majors and none chosen: the mock waits for the major', async () => {
    openQuizHome(
      home({ major: { current: null, options: [{ subjectId: 'off.math', name: 'Mathematics' }] } }),
    );
    const mock = await screen.findByRole('region', { name: 'Mock exam' });
    expect(within(mock).getByText('Choose your major above to start the mock exam.')).toBeTruthy();
    expect(within(mock).queryByRole('link')).toBeNull();
  });

  // lib/query-client.ts: TanStack's default paused an action tapped offline (the select stayed
  // disabled, no word said) and sent it once the phone was back, maybe hours later.
  it('a major chosen offline says so at once and is never sent later', async () => {
    const PUT_MAJOR = 'PUT /api/reviewers/let-elem/major';
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      'GET /api/reviewers': { reviewers: [LET_ELEM, CSE_PRO] },
      'GET /api/quiz/let-elem/quiz-home': home({
        major: { current: null, options: [{ subjectId: 'off.math', name: 'Mathematics' }] },
      }),
      [PUT_MAJOR]: () => (navigator.onLine ? {} : networkDown()),
    });
    const { user } = renderScreen(<QuizHomePage />, { path: '/quiz' });
    const select = await screen.findByRole('combobox', { name: 'Major' });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    try {
      await user.selectOptions(select, 'off.math');
      expect(
        (
          await screen.findByText(
            'We could not change your major. Check your connection and try again.',
          )
        ).textContent,
      ).toBeTruthy();
      expect((select as HTMLSelectElement).disabled).toBe(false);
    } finally {
      onLine.mockRestore();
      window.dispatchEvent(new Event('online'));
    }
    // Back online, nothing goes out on its own: the failed tap was the only one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sentTo(PUT_MAJOR)).toHaveLength(1);
  });

  it('each weakest topic opens its lite quiz, flash cards or notes, which come back to the quiz', async () => {
    openQuizHome(
      home({
        weakestTopics: [
          {
            topicId: 'gen-ed.learning',
            topicName: 'Theories of Learning',
            subjectId: 'prof-ed',
            subjectName: 'Professional Education',
            answered: 8,
            correct: 3,
            accuracy: 37.5,
          },
        ],
      }),
    );
    const weak = await screen.findByRole('region', { name: 'Weakest topics' });
    const href = (name: string) => within(weak).getByRole('link', { name }).getAttribute('href');
    expect(href('Practise Theories of Learning')).toBe('/quiz/let-elem/lite?topic=gen-ed.learning');
    expect(href('Flash cards for Theories of Learning')).toBe(
      '/study/let-elem/flash?subject=prof-ed&topic=gen-ed.learning&back=quiz',
    );
    expect(href('Read notes on Theories of Learning')).toBe(
      '/study/let-elem/read?subject=prof-ed&topic=gen-ed.learning&back=quiz',
    );
    expect(within(weak).getByText('Professional Education · 3/8 right')).toBeTruthy();
    expect(
      within(weak).getByRole('meter', { name: 'Theories of Learning: 38% right' }),
    ).toBeTruthy();
  });

  it('no weak topic yet: how many answers it takes', async () => {
    openQuizHome(home());
    const weak = await screen.findByRole('region', { name: 'Weakest topics' });
    expect(weak.textContent).toContain(
      'Answer at least 5 items in a topic to see how you do in it.',
    );
  });

  it('every held track not ready: says so and offers the ready ones instead of an empty quiz', async () => {
    openQuizHome(home(), ['let-elem'], [{ ...LET_ELEM, offered: false, usable: false }, CSE_PRO]);
    expect(await screen.findByRole('heading', { name: 'LET-Elem is not ready yet' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Lite quiz' })).toBeNull();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      expect.stringContaining('CSE-Pro'),
    ]);
    expect(
      (screen.getByRole('button', { name: 'Switch track' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  describe('the exam date (issue 23)', () => {
    beforeEach(() => {
      // Noon of 26 November 2026 in Manila: 115 Manila days before 21 March 2027.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-26T04:00:00Z'));
    });
    afterEach(() => vi.useRealTimers());

    it('shows the Manila days left to the student’s sitting', async () => {
      openQuizHome(
        home({ sitting: { current: MARCH_2027, options: [MARCH_2027, SEPTEMBER_2027] } }),
      );
      const card = await screen.findByRole('region', { name: 'Your exam date' });
      expect(within(card).getByText('115 days left')).toBeTruthy();
      expect((within(card).getByLabelText('Exam date') as HTMLSelectElement).value).toBe(
        MARCH_2027.id,
      );
    });

    it('without one, asks for it; picking one sends it and shows the new count', async () => {
      const picked = { current: SEPTEMBER_2027, options: [MARCH_2027, SEPTEMBER_2027] };
      let sitting: QuizHome['sitting'] = { current: null, options: [MARCH_2027, SEPTEMBER_2027] };
      const { user } = openQuizHome(home({ sitting }), undefined, undefined, {
        'GET /api/quiz/let-elem/quiz-home': () => home({ sitting }),
        'PUT /api/reviewers/let-elem/sitting': (request) => {
          expect(request.body).toEqual({ sittingId: SEPTEMBER_2027.id });
          sitting = picked;
          return picked;
        },
      });
      const card = await screen.findByRole('region', { name: 'Your exam date' });
      expect(within(card).getByText(/Choose your official exam date/)).toBeTruthy();
      await user.selectOptions(within(card).getByLabelText('Exam date'), 'Sep 26, 2027');
      expect(await within(card).findByText('304 days left')).toBeTruthy();
    });
  });

  describe('the Today list (issue 23 item 5)', () => {
    beforeEach(() => {
      // Noon of 26 November 2026 in Manila.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-26T04:00:00Z'));
    });
    afterEach(() => vi.useRealTimers());

    const list = (over: Partial<NonNullable<QuizHome['today']>> = {}): QuizHome['today'] => ({
      day: '2026-11-26',
      items: { answered: 12, target: 30, done: false },
      cards: { due: 4, reviewed: 3, done: false },
      mock: { planDay: '2026-11-20', done: false },
      complete: false,
      ...over,
    });
    const rowOf = (card: HTMLElement, name: string) =>
      within(card).getByRole('link', { name }).closest('li') as HTMLElement;

    it('shows each row with its link and progress, none done', async () => {
      openQuizHome(home({ today: list() }));
      const card = await screen.findByRole('region', { name: 'Today' });
      expect(
        within(card).getByRole('link', { name: 'For-you practice' }).getAttribute('href'),
      ).toBe('/quiz/let-elem/lite?for=you');
      expect(within(rowOf(card, 'For-you practice')).getByText('12 of 30 items')).toBeTruthy();
      expect(
        within(card)
          .getByRole('progressbar', { name: 'Items answered today' })
          .getAttribute('value'),
      ).toBe('12');
      expect(within(card).getByRole('link', { name: 'Flash cards' }).getAttribute('href')).toBe(
        '/study/let-elem/flash?back=quiz',
      );
      expect(within(rowOf(card, 'Flash cards')).getByText('4 cards due')).toBeTruthy();
      expect(within(card).getByRole('link', { name: 'Full mock exam' }).getAttribute('href')).toBe(
        '/quiz/let-elem/mock',
      );
      expect(
        within(rowOf(card, 'Full mock exam')).getByText(
          'Your plan’s full mock, due since Nov 20, 2026',
        ),
      ).toBeTruthy();
      expect(within(card).getAllByText('Not done yet')).toHaveLength(3);
      expect(within(card).queryByText('All done')).toBeNull();
      expect(
        within(card).getByText(/Finish it and the day counts toward your streak/),
      ).toBeTruthy();
    });

    it('a complete list says the day counts toward the streak; no mock owed, no mock row', async () => {
      openQuizHome(
        home({
          today: list({
            items: { answered: 34, target: 30, done: true },
            cards: { due: 0, reviewed: 7, done: true },
            mock: null,
            complete: true,
          }),
        }),
      );
      const card = await screen.findByRole('region', { name: 'Today' });
      expect(within(card).getByText('All done')).toBeTruthy();
      expect(within(card).getByText(/This day counts toward your streak/)).toBeTruthy();
      expect(within(rowOf(card, 'For-you practice')).getByText('30 of 30 items')).toBeTruthy();
      expect(
        within(rowOf(card, 'Flash cards')).getByText('All caught up · 7 reviewed today'),
      ).toBeTruthy();
      expect(within(card).queryByRole('link', { name: 'Full mock exam' })).toBeNull();
      expect(within(card).getAllByText('Done')).toHaveLength(2);
    });

    it('the mock row resumes the mock under way by its attempt', async () => {
      openQuizHome(
        home({
          today: list(),
          openMock: {
            attemptId: OPEN_MOCK,
            deadlineAt: null,
            serverNow: '2026-11-26T04:00:00.000Z',
            answered: 3,
            total: 300,
          },
        }),
      );
      const card = await screen.findByRole('region', { name: 'Today' });
      expect(within(card).getByRole('link', { name: 'Full mock exam' }).getAttribute('href')).toBe(
        `/quiz/let-elem/mock?attempt=${OPEN_MOCK}`,
      );
    });

    it('a list kept from an earlier day is not shown as today’s', async () => {
      openQuizHome(home({ today: list({ day: '2026-11-25' }) }));
      const card = await screen.findByRole('region', { name: 'Today' });
      expect(within(card).getByText('Go online to see today’s list.')).toBeTruthy();
      expect(within(card).queryByRole('link')).toBeNull();
    });

    it('no plan (no exam date): no list', async () => {
      openQuizHome(home({ today: null }));
      await screen.findByRole('heading', { name: 'Lite quiz' });
      expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
    });
  });
});
