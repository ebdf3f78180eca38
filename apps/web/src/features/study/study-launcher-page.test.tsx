import type { StudyOverview } from '@pasado/core/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { claimsFor, LET_ELEM } from '../../testing/reviewers.ts';
import { StudyLauncherPage } from './study-launcher-page.tsx';

/** A reviewer whose one topic has one note, one card and one question (a bank being written). */
const OVERVIEW: StudyOverview = {
  reviewer: { shorthand: 'let-elem', abbreviation: 'LET-Elem', name: 'LET — Elementary' },
  subjects: [
    {
      id: 'prof-ed',
      name: 'Professional Education',
      topics: [
        {
          id: 'gen.learning',
          name: 'Theories of Learning',
          cards: 1,
          dueCards: 0,
          newCards: 1,
          notes: 1,
          notesRead: 0,
          questions: 1,
        },
      ],
    },
  ],
  newCardsLeftToday: 20,
  newCardsPerDay: 20,
};

// A count of one reads in the singular on every mode card (lib/format.ts countText).
describe('the study launcher’s counts', () => {
  it('say "1 note", "1 card" and "1 question"', async () => {
    fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      'GET /api/reviewers': { reviewers: [LET_ELEM] },
      'GET /api/study/let-elem': OVERVIEW,
    });
    renderScreen(<StudyLauncherPage />, { path: '/study?reviewer=let-elem' });
    expect((await screen.findByText('0/1 note read')).textContent).toBeTruthy();
    expect(screen.getByText('1 note · 1 card').textContent).toBeTruthy();
    expect(screen.getByText('1 question · 20 s each').textContent).toBeTruthy();
  });
});
