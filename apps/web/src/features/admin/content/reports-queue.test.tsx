import type { ReportedItem } from '@pasado/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../testing/fake-api.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { ReportsQueue } from './reports-queue.tsx';

const REPORT: ReportedItem = {
  id: '6f1c2a4e-8b1d-4c5e-9a7f-0d2e3b4c5a61',
  reason: 'The key should be C.',
  createdAt: '2026-11-25T04:00:00.000Z',
  source: 'student',
  reporter: {
    userId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    email: 'ana@example.com',
    displayName: 'Ana',
  },
  openReportsOnQuestion: 1,
  reporterOpenReports: 1,
  question: {
    id: 'q-assess-1',
    reviewerShorthand: 'let-elem',
    subjectName: 'Professional Education',
    topicName: 'Assessment',
    stem: 'Which is a norm-referenced test?',
    choices: ['A', 'B', 'C', 'D'],
    answerIndex: 2,
    rationale: 'Because.',
    distractorNotes: null,
    difficulty: 2,
    heldAt: null,
  },
};

const REPORTS = 'GET /api/admin/content/reports';

// docs/product.md#staff (ADR 008): the console refetches after every action, a refusal included.
describe('the reported-items queue', () => {
  it('asks for the queue again after an action is refused (another staff member acted)', async () => {
    let cleared = false;
    const api = fakeApi({
      [REPORTS]: () => ({ reports: cleared ? [] : [REPORT] }),
      'GET /api/admin/content/report-settings': { holdThreshold: 3 },
      [`POST /api/admin/content/reports/${REPORT.id}/clear`]: () => {
        cleared = true;
        return reply(409, { error: { message: 'This report is already cleared.' } });
      },
    });
    const { user } = renderScreen(<ReportsQueue />);
    await user.click(await screen.findByRole('button', { name: 'Clear report' }));
    // The refetched queue no longer holds the report, so its card (and its buttons) go.
    await screen.findByText(/No reported items\./);
    expect(screen.queryByRole('button', { name: 'Clear report' })).toBeNull();
    expect(api.sentTo(REPORTS)).toHaveLength(2);
  });
});
