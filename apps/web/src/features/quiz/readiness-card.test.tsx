import type { Readiness } from '@pasado/core/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { ReadinessCard } from './readiness-card.tsx';

const TODAY = '2027-01-22';

/** A new student's readiness with a plan whose next full mock the server says is `nextMockDay`. */
function readiness(nextMockDay: string | null): Readiness {
  return {
    passingAverage: 75,
    parts: [],
    whole: null,
    passChance: null,
    holdingBack: null,
    sureness: null,
    action: { kind: 'mock', text: 'Take a full mock' },
    daysLeft: 57,
    fullMocks: 1,
    plan: {
      dailyItems: 20,
      dailyMinutes: 22,
      mockDays: ['2026-12-27', '2027-01-22', '2027-02-16', '2027-03-14'],
      nextMockDay,
      retention: 0.9,
    },
  };
}

const target = (nextMockDay: string | null, today = TODAY) => {
  renderScreen(
    <ReadinessCard reviewer="let-elem" readiness={readiness(nextMockDay)} today={today} />,
  );
  return screen.getByTestId('daily-target').textContent;
};

// docs/product.md#readiness: "Next full mock", "today" while one is owed.
describe('the readiness card’s next full mock', () => {
  it('today’s plan mock already taken: the next plan day, not "today"', () => {
    expect(target('2027-02-16')).toBe(
      'Today: 20 items, about 22 min · Next full mock: Feb 16, 2027',
    );
  });

  it('owed: today', () => {
    expect(target(TODAY)).toBe('Today: 20 items, about 22 min · Next full mock: today');
  });

  it('owed on a kept quiz home from an earlier day: still today', () => {
    expect(target('2027-01-20')).toBe('Today: 20 items, about 22 min · Next full mock: today');
  });

  it('no plan day left: no next mock', () => {
    expect(target(null, '2027-03-15')).toBe('Today: 20 items, about 22 min');
  });
});
