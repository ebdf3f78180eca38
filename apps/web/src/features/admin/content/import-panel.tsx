import type { ContentError, ImportReport } from '@pasado/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { importContentFile } from './content-api.ts';
import { ContentBusy } from './content-busy.tsx';

// Mirrors CONTENT_FILE_MAX_CHARS in the contract without importing it (that module brings zod).
const MAX_BYTES = 5 * 1024 * 1024;

const KINDS = [
  ['subjects', 'Subjects'],
  ['topics', 'Topics'],
  ['questions', 'Questions'],
  ['flashCards', 'Flash cards'],
  ['notes', 'Notes'],
  ['blueprints', 'Blueprints'],
] as const;

type Picked = { name: string; text: string };
type State =
  | { step: 'idle' }
  | { step: 'checking' | 'importing'; file: Picked }
  | { step: 'invalid'; file: Picked; errors: ContentError[] }
  | { step: 'checked'; file: Picked; report: ImportReport }
  | { step: 'imported'; file: Picked; report: ImportReport }
  | { step: 'failed'; file: Picked; retry: 'check' | 'import'; message: string };

function requestFailure(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Could not reach the server. Check your connection and try again.';
}

function ReportTable({ report, caption }: { report: ImportReport; caption: string }) {
  return (
    <table className="content-admin__table">
      <caption className="content-admin__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Kind</th>
          <th scope="col">New</th>
          <th scope="col">Updated</th>
          <th scope="col">Unchanged</th>
        </tr>
      </thead>
      <tbody>
        {KINDS.map(([kind, label]) => (
          <tr key={kind}>
            <th scope="row">{label}</th>
            <td>{report[kind].created}</td>
            <td>{report[kind].updated}</td>
            <td>{report[kind].unchanged}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Import a content file (docs/content-format.md): choosing a file runs a dry run at once, which
 * shows what would change or every problem with its line; only a clean dry run offers Import.
 */
export function ImportPanel() {
  const [state, setState] = useState<State>({ step: 'idle' });
  const [pickError, setPickError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const busy = state.step === 'checking' || state.step === 'importing';
  const queryClient = useQueryClient();

  const run = async (file: Picked, dryRun: boolean) => {
    setState({ step: dryRun ? 'checking' : 'importing', file });
    try {
      const result = await importContentFile({ fileName: file.name, text: file.text, dryRun });
      if (!result.ok) setState({ step: 'invalid', file, errors: result.errors });
      else setState({ step: dryRun ? 'checked' : 'imported', file, report: result.report });
    } catch (error) {
      setState({
        step: 'failed',
        file,
        retry: dryRun ? 'check' : 'import',
        message: requestFailure(error),
      });
    } finally {
      // A real import rewrites items and tracks: the reported-item cards, sittings and item stats
      // on screen are refetched. After a failure too, as an import that timed out may have landed.
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: ['admin', 'content'] });
    }
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) reads it again.
    event.target.value = '';
    if (!chosen) return;
    setPickError(null);
    // A refused pick clears the previous file's result, so nothing on screen is about another file.
    const refuse = (message: string) => {
      setState({ step: 'idle' });
      setPickError(message);
    };
    if (!/\.(json|csv)$/i.test(chosen.name)) return refuse('Choose a .json or .csv file.');
    if (chosen.size > MAX_BYTES) return refuse('The file is too large (at most 5 MB).');
    let text: string;
    try {
      text = await chosen.text();
    } catch {
      return refuse('The file could not be read. Choose it again.');
    }
    await run({ name: chosen.name, text }, true);
  };

  const file = state.step === 'idle' ? null : state.file;

  return (
    <section className="card content-admin__panel" aria-labelledby={`${inputId}-title`}>
      <header className="content-admin__panel-header">
        <h2 id={`${inputId}-title`} className="content-admin__heading">
          Import content
        </h2>
        <p id={hintId} className="content-admin__muted">
          A reviewer's subjects, topics, questions, flash cards, notes and blueprints as .json or
          .csv. Each file is checked first (a dry run); nothing is written until you import it.
          Importing again updates rows by id and never duplicates them.
        </p>
      </header>

      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Content file (.json or .csv)
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="content-admin__file"
          type="file"
          accept=".json,.csv,application/json,text/csv"
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => void onPick(event)}
        />
        {file ? (
          <p className="content-admin__muted">
            Selected: <strong className="content-admin__file-name">{file.name}</strong>
          </p>
        ) : null}
      </div>

      <div aria-live="polite" className="content-admin__outcome">
        {pickError ? (
          <p className="form-error" role="alert">
            {pickError}
          </p>
        ) : null}

        {state.step === 'checking' || state.step === 'importing' ? (
          <ContentBusy>
            {state.step === 'checking' ? 'Checking the file…' : 'Importing…'}
          </ContentBusy>
        ) : null}

        {state.step === 'invalid' ? (
          <div className="content-admin__errors" role="alert">
            <p className="content-admin__errors-title">
              {state.errors.length === 1
                ? '1 problem in the file. Nothing was imported.'
                : `${state.errors.length} problems in the file. Nothing was imported.`}
            </p>
            <ol className="content-admin__error-list">
              {state.errors.map((error, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: errors have no identity; the list is replaced whole.
                <li key={i}>
                  {error.line !== null ? (
                    <span className="content-admin__line">line {error.line}:</span>
                  ) : null}{' '}
                  {error.message}
                </li>
              ))}
            </ol>
            <p className="content-admin__muted">Fix the file, then choose it again.</p>
          </div>
        ) : null}

        {state.step === 'checked' ? (
          <div className="content-admin__result">
            <p className="content-admin__ok">
              Dry run passed for <strong>{state.report.reviewer}</strong>. Nothing is written yet.
            </p>
            <ReportTable report={state.report} caption="Importing this file would change" />
            <div className="content-admin__actions">
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => void run(state.file, false)}
              >
                Import {state.file.name}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  setState({ step: 'idle' });
                  inputRef.current?.focus();
                }}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : null}

        {state.step === 'imported' ? (
          <div className="content-admin__result">
            <p className="content-admin__ok" role="status">
              Imported {state.file.name} for <strong>{state.report.reviewer}</strong>.
            </p>
            <ReportTable report={state.report} caption="What the import changed" />
          </div>
        ) : null}

        {state.step === 'failed' ? (
          <div className="notice notice--danger" role="alert">
            <p>{state.message}</p>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => void run(state.file, state.retry === 'check')}
            >
              {state.retry === 'check' ? 'Check again' : 'Try the import again'}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
