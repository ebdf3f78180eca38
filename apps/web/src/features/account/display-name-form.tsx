import { DISPLAY_NAME_MAX_LENGTH, validateDisplayName } from '@pasado/core';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useSetDisplayName } from './set-display-name.ts';

/**
 * The server's words for a refusal (4xx); anything else (no connection, a timeout, a 5xx whose
 * text is the server's own business) says what happened and what to do.
 */
function saveErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return 'Your name was not saved. Check your connection and try again.';
}

/**
 * The name other students see on the leaderboard (issue 9, finding 12). Checked on the phone with
 * the same rule the server applies, so a student learns at once why a name is refused.
 */
export function DisplayNameForm({ current }: { current: string | null }) {
  const id = useId();
  const [value, setValue] = useState(current ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetDisplayName();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateDisplayName(value);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    save.mutate(checked.value, {
      onSuccess: (doc) => setValue(doc.displayName ?? ''),
      onError: (error) => setProblem(saveErrorText(error)),
    });
  };

  return (
    <section className="card account-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-card__title">
        Name on the leaderboard
      </h2>
      <form className="display-name-form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-input`}>
            Display name
          </label>
          <input
            id={`${id}-input`}
            className="input"
            value={value}
            maxLength={DISPLAY_NAME_MAX_LENGTH + 20}
            autoComplete="name"
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
              save.reset();
            }}
          />
          <p id={`${id}-hint`} className="muted display-name-form__hint">
            Other students see this. Without one you appear as “Student”.
          </p>
          {problem ? (
            <p id={`${id}-error`} className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="display-name-form__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          {save.isSuccess ? (
            <span className="display-name-form__saved" role="status">
              Saved.
            </span>
          ) : null}
        </div>
      </form>
    </section>
  );
}
