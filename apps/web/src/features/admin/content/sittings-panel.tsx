import type { AdminSittingInput, AdminSittings } from '@pasado/core';
import { sittingDatesText } from '@pasado/core/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { SelectField } from '../../../components/select-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { LoadFailure } from '../admin-parts.tsx';
import { addSitting, changeSitting, removeSitting, sittingsQueryOptions } from './content-api.ts';
import { ContentBusy } from './content-busy.tsx';

type Track = AdminSittings['tracks'][number];
type Sitting = AdminSittings['sittings'][number];
type Draft = AdminSittingInput;

const failure = (error: unknown) =>
  error instanceof ApiError
    ? error.message
    : 'Could not reach the server. Check your connection and try again.';

/** A new sitting starts as one day with every part of the track, the usual single-day exam. */
const blankDraft = (track: Track): Draft => ({
  reviewer: track.shorthand,
  days: [{ date: '', partIds: track.parts.map((p) => p.id) }],
});

const draftOf = (sitting: Sitting): Draft => ({
  reviewer: sitting.reviewer,
  days: sitting.days.map((d) => ({ date: d.date, partIds: d.parts.map((p) => p.id) })),
});

/**
 * The form for one sitting: its track (fixed once saved), and each day's date and parts. The
 * rules (future Manila days, every part on one day) are checked by the server with core's
 * `checkExamSitting`; its message shows here.
 */
function SittingForm({
  tracks,
  initial,
  editing,
  busy,
  error,
  onSave,
  onCancel,
  onEdit,
}: {
  tracks: Track[];
  initial: Draft;
  editing: boolean;
  busy: boolean;
  error: string | null;
  onSave(draft: Draft): void;
  onCancel(): void;
  /** Any edit: a refusal shown for the previous attempt no longer applies. */
  onEdit(): void;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  // A stable key per day, so removing one keeps the others' inputs in place.
  const [keys, setKeys] = useState<number[]>(() => initial.days.map((_, i) => i));
  const id = useId();
  const track = tracks.find((t) => t.shorthand === draft.reviewer);
  const setDay = (index: number, change: Partial<Draft['days'][number]>) => {
    onEdit();
    setDraft((d) => ({
      ...d,
      days: d.days.map((day, i) => (i === index ? { ...day, ...change } : day)),
    }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(draft);
  };
  return (
    <form className="sittings__form stack" onSubmit={submit} aria-busy={busy}>
      {editing ? (
        <p className="content-admin__muted">{track?.name ?? draft.reviewer}</p>
      ) : (
        <SelectField
          label="Exam"
          value={draft.reviewer}
          disabled={busy}
          onChange={(reviewer) => {
            const next = tracks.find((t) => t.shorthand === reviewer);
            if (next) {
              setDraft(blankDraft(next));
              setKeys([0]);
            }
          }}
        >
          {tracks.map((t) => (
            <option key={t.shorthand} value={t.shorthand}>
              {t.name}
            </option>
          ))}
        </SelectField>
      )}
      {draft.days.map((day, index) => (
        <fieldset key={keys[index] ?? index} className="fieldset sittings__day">
          <legend className="fieldset__legend">Day {index + 1}</legend>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-date-${index}`}>
              Date (Manila)
            </label>
            <input
              id={`${id}-date-${index}`}
              className="input"
              type="date"
              required
              value={day.date}
              disabled={busy}
              onChange={(e) => setDay(index, { date: e.target.value })}
            />
          </div>
          <div className="sittings__parts">
            {(track?.parts ?? []).map((part) => (
              <label key={part.id} className="sittings__part">
                <input
                  type="checkbox"
                  checked={day.partIds.includes(part.id)}
                  disabled={busy}
                  onChange={(e) =>
                    setDay(index, {
                      partIds: e.target.checked
                        ? [...day.partIds, part.id]
                        : day.partIds.filter((p) => p !== part.id),
                    })
                  }
                />
                {part.name}
              </label>
            ))}
          </div>
          {draft.days.length > 1 ? (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              onClick={() =>
                setDraft((d) => ({ ...d, days: d.days.filter((_, i) => i !== index) }))
              }
            >
              Remove day {index + 1}
            </button>
          ) : null}
        </fieldset>
      ))}
      <button
        type="button"
        className="btn btn--ghost"
        disabled={busy || draft.days.length >= (track?.parts.length ?? 1)}
        onClick={() => setDraft((d) => ({ ...d, days: [...d.days, { date: '', partIds: [] }] }))}
      >
        Add a day
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="sittings__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? <Spinner size="sm" /> : null}
          {editing ? 'Save changes' : 'Add sitting'}
        </button>
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * Staff console, Content tab: the official exam sittings (issue 23 item 1;
 * docs/product.md#exam-sittings) students pick their exam date from — add, change, remove, each
 * audited on the server.
 */
export function SittingsPanel() {
  const headingId = useId();
  const client = useQueryClient();
  const sittings = useQuery(sittingsQueryOptions());
  // 'new', a sitting's id being edited, or null.
  const [open, setOpen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: sittingsQueryOptions().queryKey });

  const save = useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: Draft }) =>
      id ? changeSitting(id, draft) : addSitting(draft),
    onSuccess: async (_answer, { id }) => {
      setOpen(null);
      // The note comes with the list that shows it, never before.
      await refresh();
      setNote(id ? 'Sitting changed.' : 'Sitting added.');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeSitting(id),
    onSuccess: async () => {
      setConfirming(null);
      await refresh();
      setNote('Sitting removed.');
    },
  });

  const data = sittings.data;
  const trackName = (shorthand: string) =>
    data?.tracks.find((t) => t.shorthand === shorthand)?.name ?? shorthand;

  return (
    <section className="content-admin__panel sittings" aria-labelledby={headingId}>
      <div className="content-admin__panel-header">
        <h2 id={headingId} className="content-admin__heading">
          Sittings
          {data ? <span className="content-admin__count"> ({data.sittings.length})</span> : null}
        </h2>
        <p className="content-admin__muted">
          The official exam dates students choose from. Dates are Manila days; every part of the
          exam goes on one of its days.
        </p>
      </div>
      <p className="content-admin__ok content-admin__announce" role="status">
        {note}
      </p>
      {sittings.isPending ? (
        <ContentBusy>Loading sittings…</ContentBusy>
      ) : sittings.isError || !data ? (
        <LoadFailure query={sittings}>Could not load the sittings.</LoadFailure>
      ) : (
        <>
          {open === 'new' && data.tracks[0] ? (
            <SittingForm
              tracks={data.tracks}
              initial={blankDraft(data.tracks[0])}
              editing={false}
              busy={save.isPending}
              error={save.isError ? failure(save.error) : null}
              onSave={(draft) => save.mutate({ id: null, draft })}
              onEdit={() => save.reset()}
              onCancel={() => {
                setOpen(null);
                save.reset();
              }}
            />
          ) : (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={data.tracks.length === 0 || open !== null}
              onClick={() => {
                setNote(null);
                save.reset();
                setOpen('new');
              }}
            >
              Add a sitting
            </button>
          )}
          {data.sittings.length === 0 ? (
            <p className="content-admin__empty">No sittings yet.</p>
          ) : (
            <ul className="sittings__list">
              {data.sittings.map((s) => (
                <li key={s.id} className="sittings__item">
                  {open === s.id ? (
                    <SittingForm
                      tracks={data.tracks}
                      initial={draftOf(s)}
                      editing
                      busy={save.isPending}
                      error={save.isError ? failure(save.error) : null}
                      onSave={(draft) => save.mutate({ id: s.id, draft })}
                      onEdit={() => save.reset()}
                      onCancel={() => {
                        setOpen(null);
                        save.reset();
                      }}
                    />
                  ) : (
                    <>
                      <div className="sittings__head">
                        <p className="sittings__title">{trackName(s.reviewer)}</p>
                        <p className="sittings__dates">{sittingDatesText(s.days)}</p>
                      </div>
                      <ul className="sittings__days">
                        {s.days.map((d) => (
                          <li key={d.date}>
                            <span>{sittingDatesText([d])}</span>
                            <span className="content-admin__muted">
                              {d.parts.map((p) => p.name).join(', ')}
                            </span>
                          </li>
                        ))}
                      </ul>
                      <p className="content-admin__muted">
                        {s.students === 1 ? '1 student' : `${s.students} students`} chose it
                      </p>
                      {confirming === s.id ? (
                        <div className="sittings__confirm">
                          <p>
                            Remove this sitting?
                            {s.students > 0 ? ' Its students will need to choose again.' : ''}
                          </p>
                          {remove.isError ? (
                            <p className="form-error" role="alert">
                              {failure(remove.error)}
                            </p>
                          ) : null}
                          <div className="sittings__actions">
                            <button
                              type="button"
                              className="btn btn--danger"
                              disabled={remove.isPending}
                              onClick={() => remove.mutate(s.id)}
                            >
                              {remove.isPending ? <Spinner size="sm" /> : null}
                              Remove
                            </button>
                            <button
                              type="button"
                              className="btn btn--secondary"
                              disabled={remove.isPending}
                              onClick={() => setConfirming(null)}
                            >
                              Keep
                            </button>
                          </div>
                        </div>
                      ) : (
                        <div className="sittings__actions">
                          <button
                            type="button"
                            className="btn btn--secondary"
                            disabled={open !== null}
                            onClick={() => {
                              setNote(null);
                              save.reset();
                              setOpen(s.id);
                            }}
                            aria-label={`Change ${trackName(s.reviewer)} ${sittingDatesText(s.days)}`}
                          >
                            Change
                          </button>
                          <button
                            type="button"
                            className="btn btn--ghost"
                            onClick={() => {
                              setNote(null);
                              remove.reset();
                              setConfirming(s.id);
                            }}
                            aria-label={`Remove ${trackName(s.reviewer)} ${sittingDatesText(s.days)}`}
                          >
                            Remove
                          </button>
                        </div>
                      )}
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
