import type { ReviewerOffer } from '@pasado/core/contract';
import { useId } from 'react';
import { RadioCard } from './radio-card.tsx';
import './track-choice.css';

export type TrackPick = { reviewer: string | null; major: string | null };

/** Whether a pick names a track, and its major when the track has majors. */
export function isCompletePick(pick: TrackPick, tracks: readonly ReviewerOffer[]): boolean {
  const track = tracks.find((t) => t.shorthand === pick.reviewer);
  if (!track) return false;
  return track.majors.length === 0 || track.majors.some((m) => m.subjectId === pick.major);
}

/**
 * The exam tracks as radio cards, then — for a track with majors (LET Secondary) — its majors
 * (issue 12). Only offered tracks are passed in; choosing another track clears the major.
 */
export function TrackChoice({
  tracks,
  value,
  onChange,
  disabled,
}: {
  tracks: readonly ReviewerOffer[];
  value: TrackPick;
  onChange: (pick: TrackPick) => void;
  disabled?: boolean;
}) {
  const majorHintId = useId();
  const chosen = tracks.find((t) => t.shorthand === value.reviewer);
  return (
    <>
      <div className="choice-list">
        {tracks.map((item) => (
          <RadioCard
            key={item.shorthand}
            className="choice-card"
            name="reviewer"
            value={item.shorthand}
            checked={value.reviewer === item.shorthand}
            onChange={() => onChange({ reviewer: item.shorthand, major: null })}
            disabled={disabled}
            title={item.abbreviation}
            text={item.name}
          >
            <span className="choice-card__check" aria-hidden="true" />
          </RadioCard>
        ))}
      </div>
      {chosen && chosen.majors.length > 0 ? (
        <fieldset className="fieldset" aria-describedby={majorHintId}>
          <legend className="fieldset__legend">What is your major?</legend>
          <p id={majorHintId} className="fieldset__hint">
            Your mock exam’s Specialization part comes from it. You can change it later on the quiz
            page.
          </p>
          <div className="choice-list">
            {chosen.majors.map((major) => (
              <RadioCard
                key={major.subjectId}
                className="choice-card"
                name="major"
                value={major.subjectId}
                checked={value.major === major.subjectId}
                onChange={() => onChange({ reviewer: chosen.shorthand, major: major.subjectId })}
                disabled={disabled}
                title={majorLabel(major.name)}
              >
                <span className="choice-card__check" aria-hidden="true" />
              </RadioCard>
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}

/** "Specialization: English" reads as "English" where the question already says "major". */
export function majorLabel(name: string): string {
  return name.replace(/^Specialization:\s*/, '');
}
