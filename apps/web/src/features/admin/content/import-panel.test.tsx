import type { ImportReport } from '@pasado/core/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type SentRequest } from '../../../testing/fake-api.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { ImportPanel } from './import-panel.tsx';
import { ReportsQueue } from './reports-queue.tsx';

const counts = (created: number) => ({ created, updated: 0, unchanged: 0 });
const REPORT: ImportReport = {
  reviewer: 'fx',
  subjects: counts(1),
  topics: counts(2),
  questions: counts(3),
  flashCards: counts(4),
  notes: counts(2),
  blueprints: counts(1),
};

const IMPORT = 'POST /api/admin/content/import';
const bank = (name = 'small.json') =>
  new File(['{"questions":[]}'], name, { type: 'application/json' });
const picker = () => screen.getByLabelText('Content file (.json or .csv)');
const requests = (api: { sentTo(key: string): SentRequest[] }) =>
  api.sentTo(IMPORT).map((r) => r.body as { fileName: string; dryRun: boolean });

// docs/content-format.md: a file is checked (a dry run) before anything is written.
describe('the content import panel', () => {
  it('refuses a file that is not .json or .csv without sending it', async () => {
    const api = fakeApi({});
    renderScreen(<ImportPanel />);
    await userEvent
      .setup({ applyAccept: false })
      .upload(picker(), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a .json or .csv file.');
    expect(api.sent).toEqual([]);
  });

  it("lists a bad file's problems by line, and offers no import", async () => {
    fakeApi({
      [IMPORT]: {
        ok: false,
        errors: [
          {
            line: 12,
            message: 'questions[0].answerIndex: answerIndex must point at one of the choices.',
          },
          { line: null, message: 'The file names no reviewer.' },
        ],
      },
    });
    const { user } = renderScreen(<ImportPanel />);
    await user.upload(picker(), bank());
    const errors = await screen.findByRole('alert');
    expect(errors.querySelector('.content-admin__errors-title')?.textContent).toBe(
      '2 problems in the file. Nothing was imported.',
    );
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'line 12: questions[0].answerIndex: answerIndex must point at one of the choices.',
      ' The file names no reviewer.',
    ]);
    expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();
  });

  it('a clean dry run shows what would change; Import then writes it', async () => {
    const api = fakeApi({
      [IMPORT]: ({ body }: SentRequest) => ({
        ok: true,
        dryRun: (body as { dryRun: boolean }).dryRun,
        report: REPORT,
      }),
    });
    const { user } = renderScreen(<ImportPanel />);
    await user.upload(picker(), bank());
    const table = await screen.findByRole('table', { name: 'Importing this file would change' });
    expect(within(table).getByRole('row', { name: /Questions/ }).textContent).toBe('Questions300');
    expect(requests(api)).toEqual([
      expect.objectContaining({ fileName: 'small.json', dryRun: true }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Import small.json' }));
    expect((await screen.findByRole('status')).textContent).toBe('Imported small.json for fx.');
    expect(requests(api).map((r) => r.dryRun)).toEqual([true, false]);
  });

  it('after a real import the content on screen is asked for again; a dry run asks for nothing', async () => {
    const REPORTS = 'GET /api/admin/content/reports';
    const api = fakeApi({
      [IMPORT]: ({ body }: SentRequest) => ({
        ok: true,
        dryRun: (body as { dryRun: boolean }).dryRun,
        report: REPORT,
      }),
      [REPORTS]: { reports: [], total: 0 },
      'GET /api/admin/content/report-settings': { holdThreshold: 3 },
    });
    const { user } = renderScreen(
      <>
        <ImportPanel />
        <ReportsQueue />
      </>,
    );
    await user.upload(picker(), bank());
    await screen.findByRole('button', { name: 'Import small.json' });
    expect(api.sentTo(REPORTS)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Import small.json' }));
    await expect
      .poll(() => screen.getAllByRole('status').map((s) => s.textContent))
      .toContain('Imported small.json for fx.');
    await expect.poll(() => api.sentTo(REPORTS).length).toBe(2);
  });
});
