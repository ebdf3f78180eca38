import { STATEMENT_FIELDS, type StatementField, statementMappingSchema } from '@pasado/core';
import { type FormEvent, useId, useState } from 'react';
import { Chip } from '../../../components/chip.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { InputField } from '../../../components/input-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { AdminList, AdminSectionHead, useFlashNotice } from '../admin-parts.tsx';
import { useAddMapping, useStatementMappings } from './reconcile-api.ts';
import './reconcile.css';

const FIELD_LABELS: Record<StatementField, string> = {
  date: 'Date (required)',
  time: 'Time',
  reference: 'Reference',
  description: 'Description',
  sender: 'Sender',
  credit: 'Money in (credit)',
  debit: 'Money out (debit)',
  amount: 'Signed amount',
  direction: 'In / out',
  balance: 'Balance',
};

/** "Reference No. | Ref No." → the header names, aliases in order. */
const splitNames = (text: string) =>
  text
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * /admin/mappings (issue 26 item 1: "a column mapping per source kept as data … and a screen to
 * add one"): the mappings statements are read with, and a form for another export's layout. The
 * contract's schema checks it here as staff type and again on the server.
 */
export function MappingsSection() {
  const headingId = useId();
  const mappings = useStatementMappings();
  const add = useAddMapping();
  const [notice, setNotice] = useFlashNotice();
  const [form, setForm] = useState({
    id: '',
    label: '',
    source: '',
    dateFormats: '',
    referenceKind: 'digits',
    referencePattern: '',
    senderPattern: '',
  });
  const [columns, setColumns] = useState<Record<StatementField, string>>(
    () =>
      Object.fromEntries(STATEMENT_FIELDS.map((f) => [f, ''])) as Record<StatementField, string>,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = {
      id: form.id.trim(),
      label: form.label.trim(),
      source: form.source.trim(),
      columns: Object.fromEntries(
        STATEMENT_FIELDS.flatMap((f) => {
          const names = splitNames(columns[f]);
          return names.length > 0 ? [[f, names]] : [];
        }),
      ),
      dateFormats: form.dateFormats
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
      referenceKind: form.referenceKind,
      ...(form.referencePattern ? { referencePattern: form.referencePattern } : {}),
      ...(form.senderPattern ? { senderPattern: form.senderPattern } : {}),
    };
    const parsed = statementMappingSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(
        issue ? `${issue.path.join('.') || 'Mapping'}: ${issue.message}` : 'Check the mapping.',
      );
      return;
    }
    setProblem(null);
    add.mutate(parsed.data, { onSuccess: () => setNotice(`Added “${parsed.data.label}”.`) });
  };

  const set = (key: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <AdminSectionHead headingId={headingId} title="Statement mappings" query={mappings} />
      <p className="admin-notice" role="status">
        {notice}
      </p>
      <AdminList
        query={mappings}
        items={mappings.data?.mappings ?? []}
        label="Statement mappings"
        loading="Loading mappings…"
        failure="Could not load the mappings."
        empty="No mapping yet."
        itemKey={(m) => m.id}
      >
        {(m) => (
          <article className="admin-card reconcile-card">
            <header className="admin-card__head">
              <div className="admin-card__who">
                <h3 className="admin-card__title">{m.label}</h3>
                <p className="admin-card__meta">
                  {m.id} · account “{m.source}” · references: {m.referenceKind}
                </p>
              </div>
              <Chip tone={m.builtin ? 'info' : 'success'}>{m.builtin ? 'Shipped' : 'Added'}</Chip>
            </header>
            <p className="reconcile-card__line">
              {STATEMENT_FIELDS.filter((f) => m.columns[f]).map((f) => (
                <span key={f}>
                  {FIELD_LABELS[f].replace(' (required)', '')}: {m.columns[f]?.join(' | ')}
                  <br />
                </span>
              ))}
              Dates: {m.dateFormats.join(' or ')}
            </p>
          </article>
        )}
      </AdminList>

      <form className="admin-card" onSubmit={submit} aria-labelledby={`${ids}-title`}>
        <h3 id={`${ids}-title`} className="admin-card__title">
          Add a mapping
        </h3>
        <p className="admin-card__meta">
          Name each column by its header as the export writes it; separate other spellings with |.
        </p>
        <div className="mapping-columns">
          <InputField
            id={`${ids}-id`}
            label="Id (e.g. unionbank-csv)"
            value={form.id}
            onChange={(e) => set('id')(e.currentTarget.value)}
          />
          <InputField
            id={`${ids}-label`}
            label="Name staff see"
            value={form.label}
            onChange={(e) => set('label')(e.currentTarget.value)}
          />
          <InputField
            id={`${ids}-source`}
            label="Account (e.g. unionbank)"
            value={form.source}
            onChange={(e) => set('source')(e.currentTarget.value)}
          />
          <SelectField
            label="References"
            value={form.referenceKind}
            onChange={set('referenceKind')}
          >
            <option value="digits">Digits</option>
            <option value="hex">Letters A–F and digits</option>
          </SelectField>
          {STATEMENT_FIELDS.map((f) => (
            <InputField
              key={f}
              id={`${ids}-${f}`}
              label={`${FIELD_LABELS[f]} column`}
              value={columns[f]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setColumns((c) => ({ ...c, [f]: value }));
              }}
            />
          ))}
        </div>
        <TextareaField
          id={`${ids}-formats`}
          label="Date formats, one a line (e.g. MM/DD/YYYY hh:mm A)"
          rows={3}
          value={form.dateFormats}
          onChange={(e) => set('dateFormats')(e.currentTarget.value)}
        />
        <div className="mapping-columns">
          <InputField
            id={`${ids}-refpat`}
            label="Reference in the description (pattern, optional)"
            value={form.referencePattern}
            onChange={(e) => set('referencePattern')(e.currentTarget.value)}
          />
          <InputField
            id={`${ids}-senderpat`}
            label="Sender in the description (pattern with (?<sender>…), optional)"
            value={form.senderPattern}
            onChange={(e) => set('senderPattern')(e.currentTarget.value)}
          />
        </div>
        <FormError>{problem ?? (add.error ? add.error.message : null)}</FormError>
        <div className="admin-card__actions">
          <button type="submit" className="btn btn--primary" disabled={add.isPending}>
            {add.isPending ? <Spinner size="sm" /> : null}
            Add mapping
          </button>
        </div>
      </form>
    </section>
  );
}
