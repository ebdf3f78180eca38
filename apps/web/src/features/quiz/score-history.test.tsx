import type { MockHistoryEntry } from '@pasado/core/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScoreHistory } from './score-history.tsx';

/** A CSE Professional–like blueprint: 50 items then 40 × 3, weighted by items (issue 13 item 2). */
const PARTS = [
  { partId: 'verbal', name: 'Verbal Ability', items: 50 },
  { partId: 'analytical', name: 'Analytical Ability', items: 40 },
  { partId: 'numerical', name: 'Numerical Ability', items: 40 },
  { partId: 'general', name: 'General Information', items: 40 },
];

/** A finished mock as GET /api/quiz/:reviewer/home lists it; `scores` give it its parts. */
function mock(day: number, rating: number, scores?: number[]): MockHistoryEntry {
  return {
    attemptId: `00000000-0000-4000-8000-0000000000${String(day).padStart(2, '0')}`,
    submittedAt: `2026-11-${String(day).padStart(2, '0')}T04:00:00.000Z`,
    weightedRating: rating,
    passingAverage: 75,
    passed: rating >= 75,
    parts: scores
      ? PARTS.map((p, i) => ({
          ...p,
          correct: Math.round(((scores[i] ?? 0) / 100) * p.items),
          percentage: scores[i] ?? 0,
          weight: Number((p.items / 170).toFixed(6)),
          floor: 50,
          belowFloor: (scores[i] ?? 0) < 50,
        }))
      : null,
  };
}

const HISTORY = [mock(4, 58), mock(11, 66), mock(18, 71.5), mock(25, 79, [84, 78, 71, 80])];

// docs/product.md "Quiz home" and issue 13 item 4: the ratings over time and the latest by part.
describe('the mock exam history', () => {
  it('charts the ratings against the passing line: passed filled above it, not passed below', () => {
    render(<ScoreHistory history={HISTORY} />);
    const chart = screen.getByRole('img', {
      name: 'Mock exam ratings, oldest to newest: 58%, 66%, 71.5%, 79%. Passing average 75%.',
    });
    expect(chart.querySelectorAll('.score-chart__dot--fail')).toHaveLength(3);
    expect(chart.querySelectorAll('.score-chart__dot--pass')).toHaveLength(1);
    expect(chart.querySelector('.score-chart__pass-label')?.textContent).toBe('75%');
    const passY = Number(screen.getByTestId('score-chart-pass').getAttribute('y1'));
    const dotYs = [...chart.querySelectorAll('circle')].map((d) => Number(d.getAttribute('cy')));
    // SVG's y grows downwards: a higher rating sits higher, only the passing one above the line.
    expect(dotYs.map((y) => y < passY)).toEqual([false, false, false, true]);
    expect(chart.querySelector('.score-chart__line')).toBeTruthy();
  });

  it('gives the numbers as a table, newest first', () => {
    render(<ScoreHistory history={HISTORY} />);
    const table = screen.getByRole('table', { name: 'Mock exam ratings, newest first' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Nov 25, 2026', '79%', 'Passed'],
      ['Nov 18, 2026', '71.5%', 'Not passed'],
      ['Nov 11, 2026', '66%', 'Not passed'],
      ['Nov 4, 2026', '58%', 'Not passed'],
    ]);
  });

  it('draws the latest mock by part, bars as long as the ratings, weights whole and adding to 100%', () => {
    render(<ScoreHistory history={HISTORY} />);
    const parts = screen.getByRole('list', { name: /Latest mock by part/ });
    const rows = within(parts).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.part-bars__name')?.textContent)).toEqual(
      PARTS.map((p) => p.name),
    );
    expect(rows.map((r) => r.querySelector('.part-bars__score')?.textContent)).toEqual([
      '84%',
      '78%',
      '71%',
      '80%',
    ]);
    expect(rows.map((r) => r.querySelector('.part-bars__fill')?.getAttribute('width'))).toEqual([
      '84',
      '78',
      '71',
      '80',
    ]);
    // 50/170, 40/170 × 3 are 29.4, 23.5 × 3: rounded one by one they would add up to 101.
    expect(rows.map((r) => r.querySelector('.part-bars__meta')?.textContent)).toEqual([
      '42/50 right · weight 29% · floor 50%',
      '31/40 right · weight 24% · floor 50%',
      '28/40 right · weight 24% · floor 50%',
      '32/40 right · weight 23% · floor 50%',
    ]);
  });

  it('with no finished mock, says how to start one and draws nothing', () => {
    render(<ScoreHistory history={[]} />);
    expect(screen.getByText('Finish a mock exam to see your ratings over time here.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('with one finished mock, a single point and no line', () => {
    render(<ScoreHistory history={[mock(25, 77, [80, 76, 72, 78])]} />);
    const chart = screen.getByRole('img', {
      name: 'Mock exam ratings, oldest to newest: 77%. Passing average 75%.',
    });
    expect(chart.querySelectorAll('circle')).toHaveLength(1);
    expect(chart.querySelector('.score-chart__line')).toBeNull();
  });
});
