import { MESSAGES, validateInAppForm } from '@pasado/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { BrandMark } from '../../components/brand-mark.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Confetti } from './confetti.tsx';
import { incrementInAppFormVisit } from './increment-in-app-form-visit.ts';
import { submitInAppForm } from './submit-in-app-form.ts';
import './in-app-form.css';

type Field = 'firstName' | 'lastName' | 'email';
type Values = Record<Field, string>;

const FIELDS: { name: Field; label: string; type: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

/** Which fields the message is about, so only they are marked invalid. */
function invalidFields(message: string | null, values: Values): Set<Field> {
  if (message === MESSAGES.ALL_FIELDS_REQUIRED)
    return new Set(FIELDS.map((f) => f.name).filter((n) => values[n].trim() === ''));
  if (message === MESSAGES.INVALID_EMAIL) return new Set<Field>(['email']);
  return new Set();
}

/**
 * The in-app free-trial form (docs/product.md#in-app-form, #validation, #errors), the only screen inside an
 * embedded web view (docs/product.md#app-shell). Step 1 asks for the name and email; step 2 congratulates
 * with confetti. Rules and texts come from @pasado/core.
 */
export function InAppFormPage() {
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', email: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const errorId = useId();
  const idPrefix = useId();

  useEffect(() => {
    void incrementInAppFormVisit();
  }, []);

  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateInAppForm(values);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    setBusy(true);
    // validateInAppForm's output has the email trimmed and lower-cased (docs/product.md#validation).
    const outcome = await submitInAppForm(checked.data);
    setBusy(false);
    if (outcome.ok) setDone(true);
    else setError(outcome.message);
  };

  if (done) {
    return (
      <main id="main" className="in-app-form">
        <title>Check your email · Pasado</title>
        <Confetti />
        <section
          className="screen-card in-app-form__card in-app-form__card--done"
          aria-live="polite"
        >
          <div className="in-app-form__done-icon" aria-hidden="true">
            🎉
          </div>
          <h1 ref={doneHeading} tabIndex={-1} className="in-app-form__done-title">
            {MESSAGES.CONGRATULATIONS}
          </h1>
          <p className="in-app-form__hint">{MESSAGES.CHECK_SPAM}</p>
        </section>
      </main>
    );
  }

  const invalid = invalidFields(error, values);
  return (
    <main id="main" className="in-app-form">
      <title>{`${MESSAGES.GET_STARTED} · Pasado`}</title>
      <section className="screen-card in-app-form__card">
        <header className="in-app-form__header">
          <BrandMark size={48} />
          <h1 className="in-app-form__title">{MESSAGES.GET_STARTED}</h1>
          <p className="in-app-form__eligible">{MESSAGES.ELIGIBLE_TRIAL}</p>
        </header>
        <form className="in-app-form__form" onSubmit={submit} noValidate aria-busy={busy}>
          {FIELDS.map((field) => (
            <div key={field.name} className="field">
              <label className="field__label" htmlFor={`${idPrefix}-${field.name}`}>
                {field.label}
              </label>
              <input
                id={`${idPrefix}-${field.name}`}
                className="input in-app-form__input"
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                {...(field.type === 'email'
                  ? { inputMode: 'email' as const, autoCapitalize: 'off', spellCheck: false }
                  : { autoCapitalize: 'words' })}
                required
                disabled={busy}
                value={values[field.name]}
                aria-invalid={invalid.has(field.name) || undefined}
                aria-describedby={invalid.has(field.name) ? errorId : undefined}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [field.name]: e.target.value }));
                  // The message was about the old values; the next submit checks again.
                  setError(null);
                }}
              />
            </div>
          ))}
          {error ? (
            <p id={errorId} className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy}>
            {busy ? (
              <>
                <Spinner size="sm" />
                {MESSAGES.SUBMITTING}
              </>
            ) : (
              'Start my free trial'
            )}
          </button>
        </form>
      </section>
    </main>
  );
}
