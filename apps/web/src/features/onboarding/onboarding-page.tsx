import { KNOW_FROM_OPTIONS, MESSAGES, PATHS } from '@pasado/core';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { Skeleton, SkeletonGroup } from '../../components/skeleton.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useReviewers } from '../../lib/get-reviewers.ts';
import { useApplyRevAccess } from './apply-rev-access.ts';
import './onboarding.css';

type KnowFrom = (typeof KNOW_FROM_OPTIONS)[number];

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return 'We could not save your choice. Check your connection and try again.';
}

/**
 * /onboarding (SPEC §1 "New users complete onboarding first"; DESIGN.md "Onboarding"): pick one
 * reviewer and say how you heard about us; Continue calls applyRevAccess, then the guard moves on.
 */
export function OnboardingPage() {
  const reviewers = useReviewers();
  const apply = useApplyRevAccess();
  const [reviewer, setReviewer] = useState<string | null>(null);
  const [knowFrom, setKnowFrom] = useState<KnowFrom | ''>('');
  const reviewerLegendId = useId();
  const busy = apply.isPending;
  const ready = reviewer !== null && knowFrom !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reviewer || knowFrom === '' || busy) return;
    apply.mutate({ reviewer, knowFrom });
  };

  return (
    <main id="main" className="onboarding">
      <header className="onboarding__header">
        <BrandMark size={40} />
        <h1 className="onboarding__title">Set up your review</h1>
        <p className="onboarding__lead">
          Choose the exam you are preparing for. You can start reviewing right after.
        </p>
      </header>

      <form className="onboarding__form" onSubmit={submit} aria-busy={busy}>
        <fieldset className="fieldset" aria-describedby={reviewerLegendId}>
          <legend className="fieldset__legend">Which exam are you reviewing for?</legend>
          <p id={reviewerLegendId} className="fieldset__hint">
            Pick one reviewer.
          </p>
          {reviewers.isPending ? (
            <SkeletonGroup label="Loading reviewers" gap="md" className="choice-list">
              <Skeleton size="item" />
              <Skeleton size="item" />
              <Skeleton size="item" />
            </SkeletonGroup>
          ) : reviewers.isError ? (
            <div className="notice notice--danger" role="alert">
              <p>We could not load the reviewers.</p>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => void reviewers.refetch()}
              >
                Try again
              </button>
            </div>
          ) : (
            <div className="choice-list">
              {reviewers.data.map((item) => (
                <label key={item.shorthand} className="choice-card">
                  <input
                    type="radio"
                    name="reviewer"
                    className="choice-card__input"
                    value={item.shorthand}
                    checked={reviewer === item.shorthand}
                    onChange={() => setReviewer(item.shorthand)}
                    disabled={busy}
                  />
                  <span className="choice-card__body">
                    <span className="choice-card__title">{item.abbreviation}</span>
                    <span className="choice-card__text">{item.name}</span>
                  </span>
                  <span className="choice-card__check" aria-hidden="true" />
                </label>
              ))}
            </div>
          )}
        </fieldset>

        <SelectField
          label="How did you hear about us?"
          value={knowFrom}
          onChange={(value) => setKnowFrom(value as KnowFrom | '')}
          disabled={busy}
        >
          <option value="" disabled>
            Choose one
          </option>
          {KNOW_FROM_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>

        <div role="alert" className="onboarding__error">
          {apply.isError ? <p className="form-error">{errorText(apply.error)}</p> : null}
        </div>

        <button
          type="submit"
          className="btn btn--primary btn--lg btn--block"
          disabled={!ready || busy}
        >
          {busy ? (
            <>
              <Spinner size="sm" />
              {MESSAGES.PLEASE_WAIT}
            </>
          ) : (
            'Continue'
          )}
        </button>
      </form>

      <p className="onboarding__footer">
        Wrong account? <Link to={PATHS.logout}>Sign out</Link>
      </p>
    </main>
  );
}
