import type { ReviewerOffer } from '@pasado/core/contract';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { useApplyRevAccess } from '../lib/apply-rev-access.ts';
import { openMessageModal } from '../lib/open-message-modal.ts';
import { Spinner } from './spinner.tsx';
import { isCompletePick, TrackChoice, type TrackPick } from './track-choice.tsx';
import './track-not-ready.css';

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return 'We could not switch your track. Check your connection and try again.';
}

/** "LET-Sec" or "LET-Sec and CLE": the tracks that are not ready, as a reader says them. */
function trackNames(tracks: readonly ReviewerOffer[]): string {
  const names = tracks.map((t) => t.abbreviation);
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * What a student sees on the quiz and study screens when every track they hold is one we do not
 * offer yet (issue 12: its bank cannot fill a full mock): never an empty page, but what is going on
 * and what they can do — switch to a track that is ready (the switch is theirs in one tap, through
 * the same applyRevAccess as onboarding) or message us.
 */
export function TrackNotReady({
  unavailable,
  offered,
}: {
  unavailable: readonly ReviewerOffer[];
  offered: readonly ReviewerOffer[];
}) {
  const apply = useApplyRevAccess();
  const [pick, setPick] = useState<TrackPick>({ reviewer: null, major: null });
  const titleId = useId();
  const busy = apply.isPending;
  const plural = unavailable.length > 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pick.reviewer || !isCompletePick(pick, offered) || busy) return;
    apply.mutate({
      reviewer: pick.reviewer,
      knowFrom: 'Other',
      ...(pick.major ? { major: pick.major } : {}),
    });
  };

  return (
    <section className="card track-not-ready" aria-labelledby={titleId}>
      <h2 id={titleId} className="track-not-ready__title">
        {trackNames(unavailable)} {plural ? 'are' : 'is'} not ready yet
      </h2>
      <p className="track-not-ready__text">
        We are still writing {plural ? 'these reviewers' : `the ${unavailable[0]?.name} reviewer`}:
        there is not yet enough to give you a full mock exam, so we do not open{' '}
        {plural ? 'them' : 'it'} for practice yet.
      </p>
      {offered.length > 0 ? (
        <form className="track-not-ready__form" onSubmit={submit} aria-busy={busy}>
          <fieldset className="fieldset">
            <legend className="fieldset__legend">Switch to a track that is ready</legend>
            <TrackChoice tracks={offered} value={pick} onChange={setPick} disabled={busy} />
          </fieldset>
          {apply.isError ? (
            <p className="form-error" role="alert">
              {errorText(apply.error)}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={!isCompletePick(pick, offered) || busy}
          >
            {busy ? <Spinner size="sm" /> : null}
            Switch track
          </button>
        </form>
      ) : null}
      <button type="button" className="btn btn--secondary btn--block" onClick={openMessageModal}>
        Message us
      </button>
    </section>
  );
}
