import type { Reviewer } from '@pasado/core/contract';
import { useId } from 'react';
import { Chip } from './chip.tsx';
import './reviewer-picker.css';

/**
 * The reviewer a screen shows (quiz home, study launcher): a labelled select when the student holds
 * more than one, otherwise the one reviewer's abbreviation and name. Where the choice is kept is the
 * caller's (`useReviewerChoice`).
 */
export function ReviewerPicker({
  reviewers,
  value,
  onChange,
}: {
  reviewers: readonly Reviewer[];
  value: Reviewer;
  onChange: (shorthand: string) => void;
}) {
  const id = useId();
  if (reviewers.length < 2) {
    return (
      <p className="reviewer-picker">
        <Chip tone="primary">{value.abbreviation}</Chip> {value.name}
      </p>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Reviewer
      </label>
      <select
        id={id}
        className="select"
        value={value.shorthand}
        onChange={(event) => onChange(event.target.value)}
      >
        {reviewers.map((r) => (
          <option key={r.shorthand} value={r.shorthand}>
            {r.name}
          </option>
        ))}
      </select>
    </div>
  );
}
