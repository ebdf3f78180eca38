import type { ExamSitting } from '@pasado/core/contract';
import { sittingDatesText } from '@pasado/core/rules';
import type { ReactNode } from 'react';
import { SelectField } from './select-field.tsx';

/** What the empty choice says: the sitting is optional and can be picked later. */
export const NO_SITTING_LABEL = 'Not decided yet';

/**
 * The official sitting a student reviews for (issue 23 item 1): one of the track's upcoming
 * sittings by its dates, or none. A current pick that is no longer listed (it has passed) stays
 * shown so the select does not silently read as another date.
 */
export function SittingSelect({
  label,
  options,
  current,
  onChange,
  disabled,
}: {
  label: ReactNode;
  options: readonly ExamSitting[];
  current: ExamSitting | null;
  onChange: (sittingId: string | null) => void;
  disabled?: boolean;
}) {
  const listed = current === null || options.some((s) => s.id === current.id);
  return (
    <SelectField
      label={label}
      value={current?.id ?? ''}
      onChange={(value) => onChange(value === '' ? null : value)}
      disabled={disabled}
    >
      <option value="">{NO_SITTING_LABEL}</option>
      {!listed && current ? (
        <option value={current.id} disabled>
          {sittingDatesText(current.days)} (passed)
        </option>
      ) : null}
      {options.map((s) => (
        <option key={s.id} value={s.id}>
          {sittingDatesText(s.days)}
        </option>
      ))}
    </SelectField>
  );
}
