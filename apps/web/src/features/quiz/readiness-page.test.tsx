import type { QuizHome, Readiness } from '@pasado/core/contract';
import { addDays, manilaDayKey, sittingDatesText } from '@pasado/core/rules';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { claimsFor, LET_ELEM, letSitting } from '../../testing/reviewers.ts';
import { ReadinessPage } from './readiness-page.tsx';

const HOME = 'GET /api/quiz/let-elem/quiz-home';

/** LET Elementary's quiz home with a readiness of a student who needs a mock first. */
function home(overrides: Partial<QuizHome> = {}): QuizHome {
  return {
    reviewer: { shorthand: 'let-elem', abbreviation: 'LET-Elem', name: 'LET — Elementary' },
    subjects: [],
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
    readiness: {
      passingAverage: 75,
      parts: [
        {
          partId: 'gen-ed',
          name: 'General Education',
          answers: 0,
          floor: 50,
          weight: 0.4,
          predicted: null,
          needed: 30,
        },
        {
          partId: 'prof-ed',
          name: 'Professional Education',
          answers: 0,
          floor: 50,
          weight: 0.6,
          predicted: null,
          needed: 30,
        },
      ],
      whole: null,
      passChance: null,
      holdingBack: null,
      sureness: null,
      action: { kind: 'mock', text: 'Take a full mock' },
      daysLeft: null,
      fullMocks: 0,
      plan: null,
    },
    today: null,
    ...overrides,
  };
}

const openPage = () => renderScreen(<ReadinessPage />, { path: '/quiz/readiness' });

/** The quiz home of a student holding LET Elementary. */
function openWith(quizHome: QuizHome) {
  fakeApi({
    'GET /api/auth/claims': claimsFor(['let-elem']),
    'GET /api/reviewers': { reviewers: [LET_ELEM] },
    [HOME]: quizHome,
  });
  return openPage();
}

/** A plan to an exam 40 days out; `nextMockDay` as the server sends it. */
function withPlan(mockDays: string[], nextMockDay: string | null): QuizHome {
  const base = home();
  const readiness = base.readiness as Readiness;
  return {
    ...base,
    readiness: {
      ...readiness,
      daysLeft: 40,
      plan: { dailyItems: 20, dailyMinutes: 22, mockDays, nextMockDay, retention: 0.9 },
    },
  };
}

/** The plan's mock days as the page lists them. */
async function listedMocks(): Promise<string[]> {
  const plan = await screen.findByRole('region', { name: 'Your plan' });
  const list = within(plan).queryByRole('list');
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '')
    : [];
}

// docs/product.md#readiness: /quiz/readiness.
describe('the readiness page', () => {
  it('a failed reviewer list: says so with Try again, which loads the page', async () => {
    let reviewersOk = false;
    fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      'GET /api/reviewers': () =>
        reviewersOk ? { reviewers: [LET_ELEM] } : reply(500, { error: { message: 'Down' } }),
      [HOME]: home(),
    });
    const { user } = openPage();
    expect(
      (await screen.findByRole('alert')).textContent?.startsWith(
        'We could not load your readiness. Check your connection and try again.',
      ),
    ).toBe(true);
    expect(screen.queryByLabelText('Loading your readiness')).toBeNull();

    reviewersOk = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'How Pasado predicts' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failed claims read: says so with Try again', async () => {
    fakeApi({
      'GET /api/auth/claims': reply(500, { error: { message: 'Down' } }),
      'GET /api/reviewers': { reviewers: [LET_ELEM] },
    });
    openPage();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We could not load your readiness.',
    );
  });

  it('a student who holds no reviewer is told so, not kept loading', async () => {
    fakeApi({
      'GET /api/auth/claims': claimsFor([]),
      'GET /api/reviewers': { reviewers: [LET_ELEM] },
    });
    openPage();
    expect(await screen.findByText('You have no reviewer to practise with yet.')).toBeTruthy();
    expect(screen.queryByLabelText('Loading your readiness')).toBeNull();
  });

  // The page named the step ("Take a full mock") with no way to take it.
  it('before it can predict: the step, with its button', async () => {
    openWith(home());
    const how = await screen.findByRole('region', { name: 'How Pasado predicts' });
    expect(within(how).getByText('Take a full mock')).toBeTruthy();
    expect(within(how).getByRole('link', { name: 'Start mock exam' }).getAttribute('href')).toBe(
      '/quiz/let-elem/mock',
    );
  });

  it('before it can predict, a mock under way: resumes it', async () => {
    const attemptId = '5b0e1c9a-2f4d-4c1e-9a7b-3d6e8f1a2b3c';
    openWith(
      home({
        openMock: {
          attemptId,
          deadlineAt: null,
          serverNow: '2026-11-29T01:00:00.000Z',
          answered: 40,
          total: 300,
        },
      }),
    );
    const how = await screen.findByRole('region', { name: 'How Pasado predicts' });
    expect(within(how).getByRole('link', { name: 'Resume mock exam' }).getAttribute('href')).toBe(
      `/quiz/let-elem/mock?attempt=${attemptId}`,
    );
  });

  it('one part short of answers: the step, with Practice for you', async () => {
    const base = home();
    const readiness = base.readiness as Readiness;
    openWith({
      ...base,
      readiness: {
        ...readiness,
        action: { kind: 'answer', text: 'Answer 12 more General Education items' },
      },
    });
    const how = await screen.findByRole('region', { name: 'How Pasado predicts' });
    expect(within(how).getByText('Answer 12 more General Education items')).toBeTruthy();
    expect(within(how).getByRole('link', { name: 'Practice for you' }).getAttribute('href')).toBe(
      '/quiz/let-elem/lite?for=you',
    );
  });

  it('today’s plan mock already taken: the list starts at the next plan day', async () => {
    const today = manilaDayKey(new Date());
    const later = addDays(today, 26);
    openWith(withPlan([addDays(today, -25), today, later], later));
    expect(await listedMocks()).toEqual([sittingDatesText([{ date: later }])]);
  });

  it('a plan mock owed since a passed day: the list starts with Today', async () => {
    const today = manilaDayKey(new Date());
    const later = addDays(today, 20);
    openWith(withPlan([addDays(today, -5), later], today));
    expect(await listedMocks()).toEqual(['Today', sittingDatesText([{ date: later }])]);
  });

  it('on exam day, with the exam date picked: no plan, and not asked to choose a date', async () => {
    const today = manilaDayKey(new Date());
    const sitting = letSitting('2a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', today);
    openWith({ ...home(), sitting: { current: sitting, options: [sitting] } });
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan.textContent).toContain(
      'Today is your exam: there is nothing left to plan. Good luck!',
    );
    expect(plan.textContent).not.toContain('Choose your exam date');
  });

  it('a passed exam date: says so and asks for the next one', async () => {
    const day = addDays(manilaDayKey(new Date()), -3);
    const sitting = letSitting('3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', day);
    openWith({ ...home(), sitting: { current: sitting, options: [] } });
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan.textContent).toContain(
      `Your exam on ${sittingDatesText([{ date: day }])} has passed. Choose your next one on Quiz to get a plan to it.`,
    );
  });

  it('no exam date: asks for one', async () => {
    openWith(home());
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan.textContent).toContain('Choose your exam date on Quiz to get a plan to it.');
  });
});
