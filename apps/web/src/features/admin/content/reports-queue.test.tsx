import type { ReportedItem } from '@pasado/core';
import { screen, waitFor } from '@testing-library/react';
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
      [REPORTS]: () => ({ reports: cleared ? [] : [REPORT], total: cleared ? 0 : 1 }),
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

  it('counts every open report in its heading, those past the oldest listed too', async () => {
    // The server lists the oldest 200; the heading said "(200)" however many were waiting.
    const listed = Array.from({ length: 3 }, (_, i) => ({
      ...REPORT,
      id: `${REPORT.id.slice(0, -1)}${i}`,
    }));
    fakeApi({
      [REPORTS]: { reports: listed, total: 250 },
      'GET /api/admin/content/report-settings': { holdThreshold: 3 },
    });
    renderScreen(<ReportsQueue />);
    expect((await screen.findByRole('heading', { name: /Reported items \(/ })).textContent).toBe(
      'Reported items (250)',
    );
    expect(screen.getByText(/are shown;/).textContent).toBe(
      'The oldest 3 are shown; clear or fix them to see the rest.',
    );
  });

  it.each([
    ['not held, other reports open', null, false, `Report cleared on ${REPORT.question.id}.`],
    ['not held, the last report', null, true, `Report cleared on ${REPORT.question.id}.`],
    [
      'held, other reports open',
      '2026-11-25T05:00:00.000Z',
      false,
      `Report cleared; ${REPORT.question.id} stays held while other reports are open.`,
    ],
    [
      'held, the last report',
      '2026-11-25T05:00:00.000Z',
      true,
      `Report cleared; ${REPORT.question.id} is back in mocks.`,
    ],
  ])('clearing a report on an item %s says so', async (_, heldAt, released, message) => {
    // It said "stays held" of an item that was never held, whenever other reports were open.
    const report = {
      ...REPORT,
      openReportsOnQuestion: 2,
      question: { ...REPORT.question, heldAt },
    };
    fakeApi({
      [REPORTS]: { reports: [report], total: 1 },
      'GET /api/admin/content/report-settings': { holdThreshold: 3 },
      [`POST /api/admin/content/reports/${REPORT.id}/clear`]: {
        questionId: REPORT.question.id,
        resolved: 1,
        released,
      },
    });
    const { user } = renderScreen(<ReportsQueue />);
    await user.click(await screen.findByRole('button', { name: 'Clear report' }));
    await waitFor(() =>
      expect(screen.getByText(/^Report cleared/, { selector: '[role="status"]' }).textContent).toBe(
        message,
      ),
    );
  });
});
