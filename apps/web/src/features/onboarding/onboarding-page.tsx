import { KNOW_FROM_OPTIONS, MESSAGES, PATHS, validateDisplayName } from '@pasado/core';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { RetryNotice } from '../../components/retry-notice.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { SittingSelect } from '../../components/sitting-select.tsx';
import { Skeleton, SkeletonGroup } from '../../components/skeleton.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isCompletePick, TrackChoice, type TrackPick } from '../../components/track-choice.tsx';
import { ApiError } from '../../lib/api.ts';
import { useApplyRevAccess } from '../../lib/apply-rev-access.ts';
import { useReviewers } from '../../lib/get-reviewers.ts';
import { useMe } from '../../lib/session/get-me.ts';
import './onboarding.css';

type KnowFrom = (typeof KNOW_FROM_OPTIONS)[number];

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return 'We could not save your choice. Check your connection and try again.';
}

/**
 * /onboarding (docs/product.md#onboarding "New users complete onboarding first"; docs/product.md#onboarding): pick one
 * reviewer and say how you heard about us; Continue calls applyRevAccess, then the guard moves on.
 */
export function OnboardingPage() {
  const reviewers = useReviewers();
  const apply = useApplyRevAccess();
  const [pick, setPick] = useState<TrackPick>({ reviewer: null, major: null });
  const [knowFrom, setKnowFrom] = useState<KnowFrom | ''>('');
  // The public name (issue 21 finding 6): offered from the sign-in provider's first name, public
  // only once the student keeps or types one; empty, they appear as "Student".
  const suggestion = useMe().data?.nameSuggestion ?? '';
  const [typedName, setTypedName] = useState<string | null>(null);
  const name = typedName ?? suggestion;
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const reviewerLegendId = useId();
  const nameId = useId();
  const busy = apply.isPending;
  // Only tracks whose bank fills a full mock are offered (issue 12).
  const tracks = (reviewers.data ?? []).filter((r) => r.offered);
  const ready = isCompletePick(pick, tracks) && knowFrom !== '';
  // The exam date is optional (issue 23 item 1): the picked track's upcoming official sittings.
  const sittings = tracks.find((r) => r.shorthand === pick.reviewer)?.sittings ?? [];
  const [sittingPick, setSittingPick] = useState<{ reviewer: string; id: string } | null>(null);
  const sitting =
    sittingPick && sittingPick.reviewer === pick.reviewer
      ? (sittings.find((s) => s.id === sittingPick.id) ?? null)
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !pick.reviewer || !knowFrom || busy) return;
    const checked = name.trim() ? validateDisplayName(name) : null;
    if (checked && !checked.ok) {
      setNameProblem(checked.message);
      return;
    }
    apply.mutate({
      reviewer: pick.reviewer,
      knowFrom,
      ...(pick.major ? { major: pick.major } : {}),
      ...(checked?.ok ? { displayName: checked.value } : {}),
      ...(sitting ? { sitting: sitting.id } : {}),
    });
  };

  return (
    <main id="main" className="onboarding">
      <header className="onboarding__header stack">
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
            <RetryNotice onRetry={() => reviewers.refetch()}>
              We could not load the reviewers.
            </RetryNotice>
          ) : (
            <TrackChoice tracks={tracks} value={pick} onChange={setPick} disabled={busy} />
          )}
        </fieldset>

        {pick.reviewer && sittings.length > 0 ? (
          <div className="stack">
            <SittingSelect
              label="When is your exam? (optional)"
              options={sittings}
              current={sitting}
              disabled={busy}
              onChange={(id) =>
                setSittingPick(id && pick.reviewer ? { reviewer: pick.reviewer, id } : null)
              }
            />
            <p className="fieldset__hint">
              The official dates. You can choose or change it later on Quiz or Account.
            </p>
          </div>
        ) : null}

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

        <div className="field">
          <label className="field__label" htmlFor={nameId}>
            Your name on the leaderboard (optional)
          </label>
          <input
            id={nameId}
            className="input"
            value={name}
            maxLength={60}
            autoComplete="given-name"
            disabled={busy}
            aria-invalid={nameProblem ? true : undefined}
            aria-describedby={`${nameId}-hint${nameProblem ? ` ${nameId}-error` : ''}`}
            onChange={(event) => {
              setTypedName(event.target.value);
              setNameProblem(null);
            }}
          />
          <p id={`${nameId}-hint`} className="fieldset__hint">
            Other students see this. Leave it empty to appear as “Student”.
          </p>
          {nameProblem ? (
            <p id={`${nameId}-error`} className="form-error" role="alert">
              {nameProblem}
            </p>
          ) : null}
        </div>

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
