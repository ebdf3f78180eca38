import type { AttemptItem, AttemptState } from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { QuizResult } from './quiz-result.tsx';

const ATTEMPT = '3d6f1b2a-8c4e-4f5a-9b0c-1d2e3f4a5b6c';

/** Item `n` of a finished quiz: the key is always A; `choice` is what the student picked. */
function item(n: number, choice: number | null): AttemptItem {
  return {
    questionId: `crim-law-${n}`,
    partId: null,
    topicName: 'Revised Penal Code',
    stem: `Question ${n}?`,
    choices: ['Right', 'Wrong 1', 'Wrong 2', 'Wrong 3'],
    choiceIndex: choice,
    flagged: false,
    isCorrect: choice === null ? null : choice === 0,
    reveal: { answerIndex: 0, rationale: `Because of article ${n}.`, distractorNotes: null },
  };
}

/** A lite quiz of 10 with 6 right, as the server grades it (1 gem a right answer). */
function liteResult(): AttemptState {
  return {
    attemptId: ATTEMPT,
    kind: 'lite',
    reviewer: 'crim',
    title: 'Lite quiz',
    status: 'submitted',
    startedAt: '2026-11-25T04:00:00.000Z',
    deadlineAt: null,
    serverNow: '2026-11-25T04:10:00.000Z',
    parts: null,
    sittings: null,
    items: Array.from({ length: 10 }, (_, i) => item(i + 1, i < 6 ? 0 : 1)),
    result: {
      correct: 6,
      total: 10,
      percentage: 60,
      missed: 4,
      gemsEarned: 6,
      autoSubmitted: false,
      parts: null,
      weightedRating: null,
      passingAverage: null,
      passed: null,
    },
  };
}

/** A CSE-like mock (50 + 40 × 3 items) rated `rating`, each part at `scores`. */
function mockResult(rating: number, scores: number[], autoSubmitted = false): AttemptState {
  const sizes = [50, 40, 40, 40];
  const names = [
    'Verbal Ability',
    'Analytical Ability',
    'Numerical Ability',
    'General Information',
  ];
  const parts = sizes.map((items, i) => ({
    partId: `part-${i}`,
    name: names[i] ?? '',
    items,
    correct: Math.round(((scores[i] ?? 0) / 100) * items),
    percentage: scores[i] ?? 0,
    weight: items / 170,
    floor: 50,
    belowFloor: (scores[i] ?? 0) < 50,
  }));
  const correct = parts.reduce((n, p) => n + p.correct, 0);
  return {
    ...liteResult(),
    kind: 'mock',
    title: 'Mock exam',
    items: [item(1, 0), item(2, null)],
    result: {
      correct,
      total: 170,
      percentage: (correct / 170) * 100,
      missed: 170 - correct,
      gemsEarned: 0,
      autoSubmitted,
      parts,
      weightedRating: rating,
      passingAverage: 75,
      passed: rating >= 75 && parts.every((p) => !p.belowFloor),
    },
  };
}

const stats = () =>
  [...document.querySelectorAll('.stat')].map((s) => [
    s.querySelector('.stat__value')?.textContent,
    s.querySelector('.stat__label')?.textContent,
  ]);

// docs/product.md "Lite quiz" and "Mock exam": the summary and the verdict.
describe('the quiz result', () => {
  it('a lite quiz: right answers, score and gems earned, and a retry of the missed ones', () => {
    renderScreen(<QuizResult state={liteResult()} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quiz summary');
    expect(stats()).toEqual([
      ['6/10', 'Correct'],
      ['60%', 'Score'],
      ['+6', 'Gems earned'],
    ]);
    expect(screen.getByRole('link', { name: 'Retry the ones I missed' }).getAttribute('href')).toBe(
      `/quiz/crim/lite?retry=${ATTEMPT}`,
    );
    expect(screen.getByRole('link', { name: 'Back to Quiz' }).getAttribute('href')).toBe(
      '/quiz?reviewer=crim',
    );
  });

  it('a lite quiz opens on its review of the missed items, with the rationales', () => {
    renderScreen(<QuizResult state={liteResult()} />);
    const review = screen.getByRole('region', { name: 'Review' });
    expect(
      within(review).getByRole('button', { name: 'Missed (4)' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      within(review)
        .getAllByRole('listitem')
        .filter((li) => li.classList.contains('review__item')),
    ).toHaveLength(4);
    expect(within(review).getAllByText('Not quite. The answer is A.')).toHaveLength(4);
  });

  it('a lite quiz taken offline: gems to come, no retry until the server has it', () => {
    renderScreen(<QuizResult state={liteResult()} offline="waiting" />);
    expect(screen.getByTestId('offline-note').textContent).toBe(
      'Saved on this phone. Your gems come when you are back online.',
    );
    expect(stats()[2]).toEqual(['+6', 'Gems to come']);
    expect(screen.queryByRole('link', { name: 'Retry the ones I missed' })).toBeNull();
  });

  it('a lite quiz the server refused earns nothing', () => {
    renderScreen(<QuizResult state={liteResult()} offline="refused" />);
    expect(screen.getByTestId('offline-note').textContent).toBe(
      'The server did not accept this quiz, so it earned no gems.',
    );
    expect(stats()[2]).toEqual(['+0', 'Gems earned']);
  });

  it('a passed mock: PASSED, the weighted rating, each part with whole weights adding to 100%', () => {
    renderScreen(<QuizResult state={mockResult(79, [84, 78, 71, 80])} />);
    expect(screen.getByTestId('verdict').textContent).toBe('PASSED');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your mock exam result');
    expect(stats()[0]).toEqual(['79%', 'Weighted rating']);
    expect(
      screen.getByText('To pass: a weighted average of at least 75% and no part below its floor.'),
    ).toBeTruthy();
    const weights = [...document.querySelectorAll('.parts__meta')].map(
      (m) => /weight (\d+)%/.exec(m.textContent ?? '')?.[1],
    );
    expect(weights).toEqual(['29', '24', '24', '23']);
    // The review waits for the student to ask for it.
    expect(screen.queryByRole('region', { name: 'Review' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Review answers' })).toBeTruthy();
  });

  it('a mock with a part below its floor is NOT PASSED, whatever the average, and the part says so', () => {
    renderScreen(<QuizResult state={mockResult(80, [95, 90, 45, 90])} />);
    expect(screen.getByTestId('verdict').textContent).toBe('NOT PASSED');
    const numerical = screen.getByRole('meter', { name: 'Numerical Ability: 45%' }).closest('li');
    expect(numerical?.querySelector('.parts__meta')?.textContent).toBe(
      '18/40 right · weight 24% · floor 50% · below the floor',
    );
  });

  it('a mock submitted at time up says so', () => {
    renderScreen(<QuizResult state={mockResult(40, [40, 40, 40, 40], true)} />);
    expect(screen.getByText('Time ran out, so we submitted your answers.')).toBeTruthy();
    expect(screen.getByTestId('verdict').textContent).toBe('NOT PASSED');
  });
});
