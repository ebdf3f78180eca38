import type { DrillAnswerResponse, DrillRun } from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordDenials, SUBSCRIPTION_ENDED } from '../../testing/denials.ts';
import { type Answer, fakeApi, reply, type SentRequest } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { DrillMode } from './drill-mode.tsx';

const RUN: DrillRun = {
  attemptId: '0e1d2c3b-4a59-4687-9a6b-5c4d3e2f1a0b',
  items: [0, 1].map((position) => ({
    position,
    questionId: `fx-q${position + 1}`,
    topicName: 'Assessment',
    stem: `Question ${position + 1}: which one?`,
    choices: ['Right', 'Wrong 1', 'Wrong 2', 'Wrong 3'],
  })),
  startedAt: '2026-11-25T04:00:00.000Z',
  deadlineAt: '2026-11-25T04:01:00.000Z',
  itemSeconds: 20,
  serverNow: '2026-11-25T04:00:00.000Z',
};

const BASE = `/api/study/let-elem/drill`;

/** The server grades: choice 0 is right, worth 10 points and a speed bonus of 2. */
const grade = ({ body }: SentRequest): DrillAnswerResponse => {
  const { position, choiceIndex } = body as { position: number; choiceIndex: number | null };
  const correct = choiceIndex === 0;
  return { position, correct, answerIndex: 0, rationale: 'Because.', points: correct ? 12 : 0 };
};

const ANSWERS = `POST ${BASE}/${RUN.attemptId}/answers`;
const FINISH = `POST ${BASE}/${RUN.attemptId}/finish`;

/** The drill screen, its server answering as `answers` says (by default, a run of two). */
function openDrill(answers: Record<string, Answer> = {}) {
  const api = fakeApi({
    [`POST ${BASE}`]: RUN,
    [ANSWERS]: grade,
    [FINISH]: {
      attemptId: RUN.attemptId,
      total: 2,
      answered: 2,
      correct: 1,
      points: 12,
      maxPoints: 30,
      unclaimedDrillPoints: 37,
      streak: 1,
    },
    ...answers,
  });
  return {
    api,
    ...renderScreen(<DrillMode />, {
      path: '/study/let-elem/drill?subject=prof-ed',
      route: '/study/:reviewer/drill',
    }),
  };
}

// docs/product.md "Drill": a timed run graded by the server, its points left to claim on Tasks.
describe('drill mode', () => {
  it('says how a drill works before it starts', () => {
    openDrill();
    const intro = screen.getByRole('region', { name: 'How a drill works' });
    expect(
      within(intro)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Up to 10 questions, 20 seconds each.',
      '10 points per correct answer, plus up to 5 for speed.',
      'Drill points stay unclaimed until you claim them on Tasks.',
    ]);
  });

  it('marks each answer with the server’s grade, then sums up the points to claim', async () => {
    const { api, user } = openDrill();
    await user.click(screen.getByRole('button', { name: 'Start drill' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeTruthy();
    expect(api.sentTo(`POST ${BASE}`)[0]?.body).toEqual({ subjectId: 'prof-ed' });
    expect(screen.getByRole('progressbar', { name: 'Time left for this question' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Right/ }));
    await expect
      .poll(() => document.querySelector('.drill-feedback')?.textContent)
      .toBe('Correct! +12 points');
    expect(document.querySelector('.drill-score')?.textContent).toBe('12 pts');

    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeTruthy();
    await user.keyboard('2');
    await expect
      .poll(() => document.querySelector('.drill-feedback')?.textContent)
      .toBe('Not quite.');
    const states = [...document.querySelectorAll('.drill-choice')].map((b) =>
      b.getAttribute('data-state'),
    );
    expect(states).toEqual(['right', 'wrong', null, null]);

    expect(await screen.findByRole('heading', { name: 'Drill complete' })).toBeTruthy();
    expect(screen.getByText('1 of 2 correct')).toBeTruthy();
    expect(document.querySelector('.drill-points')?.textContent).toBe(
      '+12 drill pointsUnclaimed — claim them on Tasks.You have 37 unclaimed drill points.',
    );
    expect(screen.getByRole('link', { name: 'Tasks' }).getAttribute('href')).toBe('/tasks');
    expect(screen.getByText('Daily streak: 1 day')).toBeTruthy();
    expect(api.sentTo(`POST ${BASE}/${RUN.attemptId}/answers`).map((r) => r.body)).toEqual([
      { position: 0, choiceIndex: 0 },
      { position: 1, choiceIndex: 1 },
    ]);
  });

  it('one point is "1 point", in the run and in the summary', async () => {
    const { user } = openDrill({
      [ANSWERS]: (request) => ({ ...grade(request), points: grade(request).correct ? 1 : 0 }),
      [FINISH]: {
        attemptId: RUN.attemptId,
        total: 2,
        answered: 2,
        correct: 1,
        points: 1,
        maxPoints: 30,
        unclaimedDrillPoints: 1,
        streak: 1,
      },
    });
    await user.click(screen.getByRole('button', { name: 'Start drill' }));
    await user.click(await screen.findByRole('button', { name: /Right/ }));
    await expect
      .poll(() => document.querySelector('.drill-feedback')?.textContent)
      .toBe('Correct! +1 point');
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeTruthy();
    await user.keyboard('2');
    expect(await screen.findByRole('heading', { name: 'Drill complete' })).toBeTruthy();
    expect(document.querySelector('.drill-points')?.textContent).toBe(
      '+1 drill pointUnclaimed — claim them on Tasks.You have 1 unclaimed drill point.',
    );
  });
});

// docs/product.md#paywall: a drill's answers and its finish need the subscription. One that ended
// during the run showed the refusal in the run until the next navigation: nothing told the root
// layout, which reads the claims again (with the spec's alert) so the guard moves the page.
describe('drill mode: the subscription ends during the run', () => {
  it('an answer refused on the paywall is reported', async () => {
    const { user } = openDrill({ [ANSWERS]: reply(403, SUBSCRIPTION_ENDED) });
    const denials = recordDenials();
    await user.click(screen.getByRole('button', { name: 'Start drill' }));
    await user.click(await screen.findByRole('button', { name: /Right/ }));
    expect(
      await screen.findByText('Your subscription has ended: renew it to continue.'),
    ).toBeTruthy();
    expect(denials).toEqual(['expired']);
  });

  it('a finish refused on the paywall is reported', async () => {
    const { user } = openDrill({ [FINISH]: reply(403, SUBSCRIPTION_ENDED) });
    const denials = recordDenials();
    await user.click(screen.getByRole('button', { name: 'Start drill' }));
    await user.click(await screen.findByRole('button', { name: /Right/ }));
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Right/ }));
    expect(
      await screen.findByText('Your subscription has ended: renew it to continue.'),
    ).toBeTruthy();
    expect(denials).toEqual(['expired']);
  });
});
