import { type ReconciliationItem, readingSummary, type StatementLineView } from '@pasado/core';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { InputField } from '../../../components/input-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { manilaDateTime, peso } from '../../../lib/format.ts';
import { AdminLoading, AdminSectionHead, LoadFailure, useFlashNotice } from '../admin-parts.tsx';
import { shownReference } from '../payments/labels.ts';
import {
  useApproveMatched,
  useReconciliation,
  useStatementMappings,
  useUploadStatement,
} from './reconcile-api.ts';
import './reconcile.css';

const pesos = (centavos: number) => peso(centavos / 100);

/**
 * /admin/reconcile (issue 26 items 1–3): upload the receiving account's statement, then the four
 * lists it gives — matched, amount differs, not in the statement, paid but not claimed — and
 * approve every purchase matched by reference and amount in one action.
 */
export function ReconcileSection() {
  const headingId = useId();
  const view = useReconciliation();
  const [notice, setNotice] = useFlashNotice();
  const data = view.data;
  return (
    <section className="admin-section reconcile" aria-labelledby={headingId}>
      <AdminSectionHead headingId={headingId} title="Reconcile" query={view} />
      <UploadForm onDone={setNotice} />
      <p className="admin-notice" role="status">
        {notice}
      </p>
      {view.isPending ? (
        <AdminLoading>Matching purchases…</AdminLoading>
      ) : view.isError ? (
        <LoadFailure query={view}>
          Could not load the reconciliation. {view.error.message}
        </LoadFailure>
      ) : data ? (
        <>
          <p className="reconcile__covered">
            {data.coveredUntil
              ? `The statements run to ${manilaDateTime(data.coveredUntil)}.`
              : 'No statement uploaded yet.'}{' '}
            {data.notYetCovered > 0
              ? `${data.notYetCovered} newer ${data.notYetCovered === 1 ? 'purchase waits' : 'purchases wait'} for a later statement.`
              : null}
            {data.autoApproveMatched ? ' Matched purchases are approved automatically.' : null}
          </p>
          <MatchedList items={data.matched} onDone={setNotice} />
          <OutcomeList
            title="Amount differs"
            empty="No purchase paid a different amount."
            items={data.amountDiffers}
          />
          <OutcomeList
            title="Not in the statement"
            empty="Every purchase the statement covers was found in it."
            items={data.notInStatement}
          />
          <UnclaimedList lines={data.paidNotClaimed} />
        </>
      ) : null}
    </section>
  );
}

function UploadForm({ onDone }: { onDone: (notice: string) => void }) {
  const mappings = useStatementMappings();
  const upload = useUploadStatement();
  const [mappingId, setMappingId] = useState('gcash-history');
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const fileId = useId();
  const passwordId = useId();
  const error = upload.error;
  const needsPassword =
    error instanceof ApiError &&
    (error.reason === 'pdfPasswordRequired' || error.reason === 'pdfPasswordWrong');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(
      { file, mappingId, password },
      {
        onSuccess: ({ import: figures, autoApproved }) => {
          setPassword('');
          onDone(
            `Read ${figures.lines} ${figures.lines === 1 ? 'line' : 'lines'} of money in: ${figures.newLines} new, ${figures.lines - figures.newLines} kept before.${autoApproved.length > 0 ? ` ${autoApproved.length} approved automatically.` : ''}`,
          );
        },
      },
    );
  };
  return (
    <form className="admin-card reconcile-upload" onSubmit={submit}>
      <h3 className="admin-card__title">Upload a statement</h3>
      <p className="admin-card__meta">
        A CSV export or a PDF statement of the receiving account. The file is read and not kept.
      </p>
      <div className="reconcile-upload__fields">
        <SelectField
          label="Export"
          value={mappingId}
          onChange={setMappingId}
          disabled={mappings.isPending}
        >
          {(mappings.data?.mappings ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </SelectField>
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            Statement file
          </label>
          <input
            id={fileId}
            className="input"
            type="file"
            accept=".csv,.pdf,text/csv,application/pdf"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </div>
        {needsPassword ? (
          <InputField
            id={passwordId}
            label="PDF password"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        ) : null}
      </div>
      <FormError>{error ? error.message : null}</FormError>
      <div className="admin-card__actions">
        <button type="submit" className="btn btn--primary" disabled={!file || upload.isPending}>
          {upload.isPending ? <Spinner size="sm" /> : null}
          Upload statement
        </button>
      </div>
    </form>
  );
}

function ListSection({
  title,
  count,
  action,
  empty,
  children,
}: {
  title: string;
  count: number;
  action?: ReactNode;
  empty: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="reconcile-list" aria-labelledby={id}>
      <div className="reconcile-list__head">
        <h3 id={id} className="reconcile-list__title">
          {title} <span className="admin-chip__count">{count}</span>
        </h3>
        {action}
      </div>
      {count === 0 ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        <ul className="admin-list" aria-label={title}>
          {children}
        </ul>
      )}
    </section>
  );
}

function MatchedList({
  items,
  onDone,
}: {
  items: ReconciliationItem[];
  onDone: (notice: string) => void;
}) {
  const approve = useApproveMatched();
  const byReference = items.filter((i) => i.matchedBy === 'reference');
  const run = () =>
    approve.mutate(
      byReference.map((i) => i.subscriptionId),
      {
        onSuccess: ({ approved, skipped }) =>
          onDone(
            `Approved ${approved.length} ${approved.length === 1 ? 'purchase' : 'purchases'}.${skipped.length > 0 ? ` ${skipped.length} changed meanwhile and ${skipped.length === 1 ? 'was' : 'were'} left.` : ''}`,
          ),
      },
    );
  return (
    <ListSection
      title="Matched"
      count={items.length}
      empty="No purchase matched yet."
      action={
        byReference.length > 0 ? (
          <button
            type="button"
            className="btn btn--primary"
            onClick={run}
            disabled={approve.isPending}
          >
            {approve.isPending ? <Spinner size="sm" /> : null}
            Approve all matched ({byReference.length})
          </button>
        ) : null
      }
    >
      {items.map((item) => (
        <li key={item.subscriptionId}>
          <PurchaseCard item={item} />
        </li>
      ))}
      {approve.error ? <FormError>{approve.error.message}</FormError> : null}
    </ListSection>
  );
}

function OutcomeList({
  title,
  empty,
  items,
}: {
  title: string;
  empty: string;
  items: ReconciliationItem[];
}) {
  return (
    <ListSection title={title} count={items.length} empty={empty}>
      {items.map((item) => (
        <li key={item.subscriptionId}>
          <PurchaseCard item={item} />
        </li>
      ))}
    </ListSection>
  );
}

function UnclaimedList({ lines }: { lines: StatementLineView[] }) {
  return (
    <ListSection
      title="Paid but not claimed"
      count={lines.length}
      empty="Every payment in the statement belongs to a purchase."
    >
      {lines.map((line) => (
        <li key={line.identity}>
          <article className="admin-card reconcile-card">
            <LineFacts line={line} />
          </article>
        </li>
      ))}
    </ListSection>
  );
}

function LineFacts({ line, label }: { line: StatementLineView; label?: string }) {
  return (
    <p className="reconcile-card__line">
      {label ? <span className="review-proof__label">{label} </span> : null}
      <strong>{pesos(line.amountCentavos)}</strong>
      {line.reference ? (
        <>
          {' · ref '}
          <code className="review-proof__code">{shownReference(line.reference)}</code>
        </>
      ) : null}
      {' · '}
      <time dateTime={line.occurredAt}>{manilaDateTime(line.occurredAt)}</time>
      {line.sender ? ` · from ${line.sender}` : null}
    </p>
  );
}

/** One purchase: what the student typed, what the statement says, what OCR read. */
function PurchaseCard({ item }: { item: ReconciliationItem }) {
  const headingId = useId();
  const flagged =
    item.referenceUsed !== null || item.readings.some((r) => r.referenceUsedElsewhere);
  return (
    <article
      className="admin-card reconcile-card"
      aria-labelledby={headingId}
      data-flagged={flagged ? 'true' : undefined}
    >
      <header className="admin-card__head">
        <div className="admin-card__who">
          <h4 id={headingId} className="admin-card__title">
            {item.studentEmail}
          </h4>
          <p className="admin-card__meta">
            {item.planName ?? 'Unknown plan'} · {pesos(item.chargedCentavos)} · submitted{' '}
            <time dateTime={item.submittedAt}>{manilaDateTime(item.submittedAt)}</time>
          </p>
        </div>
      </header>
      {item.referenceUsed ? (
        <p className="review-flag" data-kind="reusedRefCode">
          Reference {shownReference(item.referenceUsed.reference)} already paid another purchase.
        </p>
      ) : null}
      {item.matchedBy === 'amountAndTime' ? (
        <p className="admin-card__meta">
          Matched by amount and time only: check it and approve it from the Payments tab.
        </p>
      ) : null}
      {item.typedReferences.map((reference) => (
        <p key={reference} className="reconcile-card__line">
          <span className="review-proof__label">Typed </span>
          <code className="review-proof__code">{shownReference(reference)}</code>
        </p>
      ))}
      {item.line ? (
        <div data-mismatch={item.line.amountCentavos !== item.chargedCentavos ? 'true' : undefined}>
          <LineFacts line={item.line} label="Statement" />
        </div>
      ) : null}
      {item.readings.map((reading) =>
        reading.status === 'done' ? (
          <p key={reading.transactionId} className="reconcile-card__line">
            {readingSummary(reading, reading)}
            {reading.referenceUsedElsewhere ? ' — this reference is cited by another purchase' : ''}
          </p>
        ) : (
          <p key={reading.transactionId} className="admin-card__meta">
            {reading.status === 'failed'
              ? 'The screenshot could not be read.'
              : 'The screenshot is being read…'}
          </p>
        ),
      )}
      {item.candidates.length > 0 ? (
        <div>
          <p className="admin-card__meta">Payments of this amount nobody claims, in its window:</p>
          {item.candidates.map((line) => (
            <LineFacts key={line.identity} line={line} />
          ))}
        </div>
      ) : null}
    </article>
  );
}
