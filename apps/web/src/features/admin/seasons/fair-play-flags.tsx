import { FAIR_PLAY_REASON_LABELS, type FairPlayFlag } from '@pasado/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Chip } from '../../../components/chip.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { formatNumber, manilaDate } from '../../../lib/format.ts';
import { dismissFairPlayFlag, fairPlayFlagsQueryOptions } from './seasons-api.ts';

/** "1 h 12 min" or "45 s": the time a flagged day spent answering. */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * Staff console: students' days that looked implausible for a person (issue 21 finding 3; core
 * fair-play.ts). Nothing here was punished: the day's points were already held to its caps. Staff
 * look at the figures, reach the student if it needs it, and dismiss the flag.
 */
export function FairPlayFlags() {
  const client = useQueryClient();
  const flags = useQuery(fairPlayFlagsQueryOptions());
  const dismiss = useMutation({
    mutationFn: dismissFairPlayFlag,
    onSuccess: () => client.invalidateQueries({ queryKey: fairPlayFlagsQueryOptions().queryKey }),
  });
  return (
    <section className="seasons fair-play" aria-labelledby="fair-play-title">
      <h2 id="fair-play-title" className="seasons__title">
        Fair play
      </h2>
      <p className="seasons__hint">
        Days when a student answered faster, or more perfectly, than a person studies. Their points
        were already held to the day's caps; nothing else happens unless you act.
      </p>
      {flags.isPending ? (
        <p role="status">Loading flagged days…</p>
      ) : flags.isError ? (
        <FormError>{flags.error.message}</FormError>
      ) : flags.data.flags.length === 0 ? (
        <p className="seasons__empty">No flagged days.</p>
      ) : (
        <ul className="seasons__list">
          {flags.data.flags.map((flag) => (
            <FlagItem
              key={flag.id}
              flag={flag}
              busy={dismiss.isPending && dismiss.variables === flag.id}
              onDismiss={() => dismiss.mutate(flag.id)}
            />
          ))}
        </ul>
      )}
      {dismiss.isError ? <FormError>{dismiss.error.message}</FormError> : null}
    </section>
  );
}

function FlagItem({
  flag,
  busy,
  onDismiss,
}: {
  flag: FairPlayFlag;
  busy: boolean;
  onDismiss: () => void;
}) {
  const { evidence } = flag;
  const accuracy =
    evidence.answers === 0 ? 0 : Math.round((100 * evidence.correct) / evidence.answers);
  const pace =
    evidence.answers === 0 ? 0 : Math.round((10 * evidence.seconds) / evidence.answers) / 10;
  return (
    <li className="card season" aria-label={`${flag.student.email}, ${flag.day}`}>
      <p className="season__name fair-play__who">
        {flag.student.displayName ?? flag.student.email}
      </p>
      <p className="season__dates fair-play__who">
        {manilaDate(`${flag.day}T12:00:00+08:00`)}
        {flag.student.displayName ? ` · ${flag.student.email}` : ''}
      </p>
      <div className="fair-play__reasons">
        {flag.reasons.map((reason) => (
          <Chip key={reason} tone="warning">
            {FAIR_PLAY_REASON_LABELS[reason]}
          </Chip>
        ))}
      </div>
      <p className="season__dates">
        {formatNumber(evidence.answers)} answers, {accuracy} % right, {pace} s an answer (
        {duration(evidence.seconds)} in all); {formatNumber(evidence.gems)} gems awarded
      </p>
      <button type="button" className="btn btn--secondary" disabled={busy} onClick={onDismiss}>
        {busy ? 'Dismissing…' : 'Dismiss'}
      </button>
    </li>
  );
}
