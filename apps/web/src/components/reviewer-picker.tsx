import type { Reviewer } from '@pasado/core/contract';
import { Chip } from './chip.tsx';
import { SelectField } from './select-field.tsx';
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
  if (reviewers.length < 2) {
    return (
      <p className="reviewer-picker">
        <Chip tone="primary">{value.abbreviation}</Chip> {value.name}
      </p>
    );
  }
  return (
    <SelectField label="Reviewer" value={value.shorthand} onChange={onChange}>
      {reviewers.map((r) => (
        <option key={r.shorthand} value={r.shorthand}>
          {r.name}
        </option>
      ))}
    </SelectField>
  );
}
