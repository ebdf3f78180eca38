import type { ItemStatsResponse, ItemStatsRow } from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type SentRequest } from '../../../testing/fake-api.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { ItemAnalysisPanel } from './item-analysis.tsx';

const COMPUTED = '2026-11-25T04:00:00.000Z';

function row(questionId: string, overrides: Partial<ItemStatsRow> = {}): ItemStatsRow {
  return {
    questionId,
    reviewerShorthand: 'let-elem',
    subjectName: 'Professional Education',
    topicName: 'Assessment',
    stem: `Stem of ${questionId}`,
    choices: ['A', 'B', 'C', 'D'],
    answerIndex: 2,
    responses: 120,
    correct: 44,
    difficulty: 0.37,
    discrimination: 0.25,
    optionShares: [0.4, 0.2, 0.37, 0.03],
    upperOptionShares: [0.55, 0.05, 0.38, 0.02],
    lowerOptionShares: [0.3, 0.5, 0.13, 0.07],
    flag: null,
    computedAt: COMPUTED,
    ...overrides,
  };
}

const STATS: ItemStatsResponse = {
  items: [
    row('ia-distractor', { flag: 'distractor-over-key' }),
    row('ia-few', { responses: 12, discrimination: null }),
  ],
  total: 2,
  page: 1,
  pageSize: 25,
  computedAt: COMPUTED,
};

function openPanel() {
  const api = fakeApi({
    'GET /api/admin/content/item-stats': STATS,
    'POST /api/admin/content/item-analysis/run': {
      questions: 14,
      flagged: 2,
      filed: 2,
      computedAt: COMPUTED,
    },
    'GET /api/admin/content/reports': { reports: [], total: 0 },
  });
  return { api, ...renderScreen(<ItemAnalysisPanel />) };
}

const asked = (api: { sentTo(key: string): SentRequest[] }) =>
  api
    .sentTo('GET /api/admin/content/item-stats')
    .map((r) => new URL(r.path, 'http://x').searchParams.toString());

// docs/product.md "Staff console" (item analysis, issue 12 item 6): the figures as staff read them.
describe('the item analysis table', () => {
  it('shows each option with its share, the key marked, and the top and bottom groups', async () => {
    openPanel();
    const table = await screen.findByRole('table', { name: 'Item analysis, page 1 of 1' });
    const [first] = within(table).getAllByRole('row').slice(1);
    expect(first?.querySelector('[data-key]')?.textContent).toBe('C37 %Keytop 38 % · bottom 13 %');
    expect(within(first as HTMLElement).getByText('Distractor beats key')).toBeTruthy();
    expect(first?.querySelector('td[data-label="Correct"]')?.textContent).toBe('37 %');
  });

  it('does not show a discrimination below 30 responses', async () => {
    openPanel();
    const table = await screen.findByRole('table');
    const few = within(table)
      .getByRole('rowheader', { name: /ia-few/ })
      .closest('tr');
    expect(few?.querySelector('td[data-label="Discrimination"]')?.textContent).toBe(
      '—Not shown below 30 responses',
    );
  });

  it('the sort select and the column headers ask for the same order', async () => {
    const { api, user } = openPanel();
    await screen.findByRole('table');
    expect(asked(api)).toEqual(['sort=flag&order=asc&page=1&pageSize=25']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Fewest responses');
    await expect.poll(() => asked(api).at(-1)).toBe('sort=responses&order=asc&page=1&pageSize=25');
    const responses = screen.getByRole('columnheader', { name: /Responses/ });
    expect(responses.getAttribute('aria-sort')).toBe('ascending');
    await user.click(
      within(screen.getByRole('columnheader', { name: /Correct/ })).getByRole('button'),
    );
    await expect.poll(() => asked(api).at(-1)).toBe('sort=difficulty&order=asc&page=1&pageSize=25');
    expect(screen.getByRole('columnheader', { name: /Correct/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('1');
  });

  it('Run now says what the run found', async () => {
    const { user } = openPanel();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await expect
      .poll(() => screen.getByRole('status').textContent)
      .toBe('Computed 14 items: 2 flagged, 2 new in the reported-items queue.');
  });
});
