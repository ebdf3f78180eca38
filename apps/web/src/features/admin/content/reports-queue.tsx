import type { FixReportRequest, ReportedItem } from '@pasado/core';
import { REPORT_HOLD_THRESHOLD_RANGE } from '@pasado/core/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Chip } from '../../../components/chip.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { manilaDateTime } from '../../../lib/format.ts';
import { LoadFailure } from '../admin-parts.tsx';
import {
  clearAllReports,
  clearReport,
  dismissReporter,
  fixReport,
  holdReportedItem,
  reportSettingsQueryOptions,
  reportsQueryOptions,
  saveReportSettings,
} from './content-api.ts';
import { ContentBusy } from './content-busy.tsx';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

const failure = (error: unknown) =>
  error instanceof ApiError
    ? error.message
    : 'Could not reach the server. Check your connection and try again.';

type Draft = { stem: string; choices: string[]; answerIndex: number; rationale: string };

/** Only what staff changed is sent, so an untouched field is never rewritten. */
function editOf(item: ReportedItem['question'], draft: Draft): FixReportRequest['question'] {
  const edit: NonNullable<FixReportRequest['question']> = {};
  if (draft.stem.trim() !== item.stem) edit.stem = draft.stem.trim();
  const choices = draft.choices.map((c) => c.trim());
  if (choices.some((c, i) => c !== item.choices[i])) edit.choices = choices;
  if (draft.answerIndex !== item.answerIndex) edit.answerIndex = draft.answerIndex;
  if (draft.rationale.trim() !== item.rationale) edit.rationale = draft.rationale.trim();
  return Object.keys(edit).length > 0 ? edit : undefined;
}

function FixForm({
  report,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  report: ReportedItem;
  busy: boolean;
  error: string | null;
  onSubmit(edit: FixReportRequest['question']): void;
  onCancel(): void;
}) {
  const q = report.question;
  const [draft, setDraft] = useState<Draft>({
    stem: q.stem,
    choices: [...q.choices],
    answerIndex: q.answerIndex,
    rationale: q.rationale,
  });
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(editOf(q, draft));
  };
  /** The question's stem or rationale (each up to 2,000 characters, as the contract allows). */
  const longText = (field: 'stem' | 'rationale', label: string) => (
    <TextareaField
      id={`${id}-${field}`}
      label={label}
      className="content-admin__input content-admin__textarea"
      value={draft[field]}
      required
      maxLength={2000}
      onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
    />
  );
  return (
    <form className="content-admin__fix" onSubmit={submit} aria-label={`Fix item ${q.id}`}>
      {longText('stem', 'Question')}
      <fieldset className="fieldset content-admin__choices">
        <legend className="fieldset__legend">Choices (select the key)</legend>
        {draft.choices.map((choice, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a choice's position is its identity.
          <div key={i} className="content-admin__choice-edit">
            <input
              type="radio"
              name={`${id}-key`}
              id={`${id}-key-${i}`}
              className="content-admin__radio"
              checked={draft.answerIndex === i}
              onChange={() => setDraft((d) => ({ ...d, answerIndex: i }))}
              aria-label={`Choice ${LETTERS[i]} is the key`}
            />
            <label className="visually-hidden" htmlFor={`${id}-choice-${i}`}>
              Choice {LETTERS[i]}
            </label>
            <span className="content-admin__letter" aria-hidden="true">
              {LETTERS[i]}
            </span>
            <input
              id={`${id}-choice-${i}`}
              className="content-admin__input"
              value={choice}
              required
              maxLength={500}
              onChange={(e) =>
                setDraft((d) => ({
                  ...d,
                  choices: d.choices.map((c, j) => (j === i ? e.target.value : c)),
                }))
              }
            />
          </div>
        ))}
      </fieldset>
      {longText('rationale', 'Rationale')}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="content-admin__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? <Spinner size="sm" /> : null}
          Save and mark fixed
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * Only an item held for everyone is out of mocks, so only then does clearing say whether it is back
 * (docs/product.md#reports); an item not held was never out, however many reports stay open.
 */
function clearedMessage(q: ReportedItem['question'], released: boolean): string {
  if (!q.heldAt) return `Report cleared on ${q.id}.`;
  return released
    ? `Report cleared; ${q.id} is back in mocks.`
    : `Report cleared; ${q.id} stays held while other reports are open.`;
}

function ReportCard({
  report,
  onDone,
  onSettled,
}: {
  report: ReportedItem;
  onDone(message: string): void;
  /** After every action, refused ones too: a 409 means another staff member already acted. */
  onSettled(): void;
}) {
  const [editing, setEditing] = useState(false);
  const q = report.question;
  const titleId = useId();
  const clear = useMutation({
    mutationFn: () => clearReport(report.id),
    onSettled,
    onSuccess: (result) => onDone(clearedMessage(q, result.released)),
  });
  const fix = useMutation({
    mutationFn: (edit: FixReportRequest['question']) =>
      fixReport(report.id, edit ? { question: edit } : {}),
    onSettled,
    onSuccess: (result) =>
      onDone(
        `${q.id} marked fixed (${result.resolved === 1 ? '1 report' : `${result.resolved} reports`} closed); it is back in mocks.`,
      ),
  });
  const hold = useMutation({
    mutationFn: () => holdReportedItem(report.id),
    onSettled,
    onSuccess: () =>
      onDone(`${q.id} is held out of every student's quizzes until you clear or fix it.`),
  });
  const clearAll = useMutation({
    mutationFn: () => clearAllReports(report.id),
    onSettled,
    onSuccess: (result) =>
      onDone(
        `${result.resolved === 1 ? '1 report' : `${result.resolved} reports`} on ${q.id} cleared; it is back in every quiz.`,
      ),
  });
  const reporter = report.reporter;
  const dismiss = useMutation({
    mutationFn: () => dismissReporter(reporter?.userId ?? ''),
    onSettled,
    onSuccess: (result) =>
      onDone(
        `${result.resolved === 1 ? '1 report' : `${result.resolved} reports`} by ${reporter?.email ?? 'this student'} cleared; ${result.released} ${result.released === 1 ? 'item is' : 'items are'} back in every quiz.`,
      ),
  });
  const mutations = [clear, fix, hold, clearAll, dismiss];
  const busy = mutations.some((m) => m.isPending);
  const failed = mutations.find((m) => m.error)?.error;

  return (
    <article className="card content-admin__report" aria-labelledby={titleId}>
      <header className="content-admin__report-header">
        <p className="content-admin__meta">
          {q.reviewerShorthand} · {q.subjectName} · {q.topicName}
        </p>
        <h3 id={titleId} className="content-admin__report-title">
          {q.id}
        </h3>
        <div className="content-admin__badges">
          {report.source === 'analysis' ? <Chip tone="info">Item analysis</Chip> : null}
          {q.heldAt ? <Chip tone="warning">Held for everyone</Chip> : null}
          {report.openReportsOnQuestion > 1 ? (
            <Chip tone="info">{report.openReportsOnQuestion} open reports</Chip>
          ) : null}
        </div>
      </header>

      <div className="content-admin__reason">
        <p className="content-admin__reason-text">“{report.reason}”</p>
        <p className="content-admin__muted">
          {report.reporter
            ? `${report.reporter.displayName ? `${report.reporter.displayName} · ` : ''}${report.reporter.email}`
            : 'Item analysis'}{' '}
          · <time dateTime={report.createdAt}>{manilaDateTime(report.createdAt)}</time>
        </p>
      </div>

      {editing ? (
        <FixForm
          report={report}
          busy={fix.isPending}
          error={fix.error ? failure(fix.error) : null}
          onSubmit={(edit) => fix.mutate(edit)}
          onCancel={() => {
            fix.reset();
            setEditing(false);
          }}
        />
      ) : (
        <>
          <p className="content-admin__stem">{q.stem}</p>
          <ol className="content-admin__choice-list">
            {q.choices.map((choice, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a choice's position is its identity.
                key={i}
                className="content-admin__choice"
                data-key={i === q.answerIndex || undefined}
              >
                <span className="content-admin__letter">{LETTERS[i]}</span>
                <span className="content-admin__choice-text">{choice}</span>
                {i === q.answerIndex ? <span className="content-admin__key">Key</span> : null}
              </li>
            ))}
          </ol>
          <p className="content-admin__rationale">
            <strong>Rationale:</strong> {q.rationale}
          </p>
          {failed ? (
            <p className="form-error" role="alert">
              {failure(failed)}
            </p>
          ) : null}
          <div className="content-admin__actions">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy}
              onClick={() => clear.mutate()}
            >
              {clear.isPending ? <Spinner size="sm" /> : null}
              Clear report
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy}
              onClick={() => fix.mutate(undefined)}
            >
              {fix.isPending ? <Spinner size="sm" /> : null}
              Mark fixed
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              onClick={() => setEditing(true)}
            >
              Edit item
            </button>
          </div>
          <div className="content-admin__actions content-admin__actions--bulk">
            {q.heldAt ? null : (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy}
                onClick={() => hold.mutate()}
              >
                {hold.isPending ? <Spinner size="sm" /> : null}
                Hold for everyone
              </button>
            )}
            {report.openReportsOnQuestion > 1 ? (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy}
                onClick={() => clearAll.mutate()}
              >
                {clearAll.isPending ? <Spinner size="sm" /> : null}
                Clear all {report.openReportsOnQuestion} reports
              </button>
            ) : null}
            {reporter && report.reporterOpenReports > 1 ? (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy}
                onClick={() => dismiss.mutate()}
              >
                {dismiss.isPending ? <Spinner size="sm" /> : null}
                Clear all {report.reporterOpenReports} by this student
              </button>
            ) : null}
          </div>
        </>
      )}
    </article>
  );
}

/**
 * How many students must report an item before it leaves everyone's quizzes (issue 21 finding 2);
 * until then it leaves only the reporters' own.
 */
function HoldThreshold({ onSaved }: { onSaved(message: string): void }) {
  const queryClient = useQueryClient();
  const settings = useQuery(reportSettingsQueryOptions());
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  const save = useMutation({
    mutationFn: (holdThreshold: number) => saveReportSettings({ holdThreshold }),
    onSuccess: (saved) => {
      queryClient.setQueryData(reportSettingsQueryOptions().queryKey, saved);
      setDraft(null);
      onSaved(
        `Items are now held for everyone once ${saved.holdThreshold} ${saved.holdThreshold === 1 ? 'student reports' : 'students report'} them.`,
      );
    },
  });
  if (!settings.data) return null;
  const value = draft ?? String(settings.data.holdThreshold);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(value);
    if (Number.isInteger(n)) save.mutate(n);
  };
  return (
    <form className="content-admin__threshold" onSubmit={submit}>
      <label htmlFor={id} className="content-admin__threshold-label">
        Hold an item for everyone once this many students report it
      </label>
      <div className="content-admin__threshold-row">
        <input
          id={id}
          className="content-admin__input content-admin__threshold-input"
          type="number"
          inputMode="numeric"
          min={REPORT_HOLD_THRESHOLD_RANGE.min}
          max={REPORT_HOLD_THRESHOLD_RANGE.max}
          required
          value={value}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button
          type="submit"
          className="btn btn--secondary"
          disabled={save.isPending || draft === null}
        >
          {save.isPending ? <Spinner size="sm" /> : null}
          Save
        </button>
      </div>
      <p className="content-admin__muted">
        Until then a report keeps the item out of the reporter's own quizzes only.
      </p>
      {save.error ? (
        <p className="form-error" role="alert">
          {failure(save.error)}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Items students reported as wrong (docs/product.md#quiz): oldest first, with the key and rationale.
 * Clear when the item is right (it returns to mocks once no report on it is open); mark fixed,
 * optionally editing it, which closes every open report on the item and returns it to mocks.
 */
export function ReportsQueue() {
  const queryClient = useQueryClient();
  const reports = useQuery(reportsQueryOptions());
  const [announcement, setAnnouncement] = useState('');
  const headingId = useId();

  // The queue is refetched after a refusal as after a success (docs/product.md#staff): a 409
  // ("already cleared") means another staff member acted, and the card should show that.
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportsQueryOptions().queryKey });

  return (
    <section className="content-admin__queue" aria-labelledby={headingId}>
      <div className="content-admin__queue-header">
        <h2 id={headingId} className="content-admin__heading">
          Reported items
          {reports.data ? (
            <span className="content-admin__count"> ({reports.data.total})</span>
          ) : null}
        </h2>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={reports.isFetching}
          onClick={() => void reports.refetch()}
        >
          Refresh
        </button>
      </div>
      <HoldThreshold onSaved={setAnnouncement} />
      <p className="content-admin__ok content-admin__announce" role="status">
        {announcement}
      </p>
      {reports.isPending ? (
        <ContentBusy>Loading reported items…</ContentBusy>
      ) : reports.isError ? (
        <LoadFailure query={reports}>{failure(reports.error)}</LoadFailure>
      ) : reports.data.reports.length === 0 ? (
        <p className="content-admin__empty">
          No reported items. When a student reports an item as wrong, it appears here; it leaves
          that student's quizzes at once, and everyone's once enough students report it or you hold
          it.
        </p>
      ) : (
        <>
          {reports.data.total > reports.data.reports.length ? (
            <p className="content-admin__muted">
              The oldest {reports.data.reports.length} are shown; clear or fix them to see the rest.
            </p>
          ) : null}
          <ul className="content-admin__report-list">
            {reports.data.reports.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} onDone={setAnnouncement} onSettled={refresh} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
