import { type ReactNode, useId } from 'react';

/**
 * A labelled native select: the label is tied to the control, `children` are its options. The
 * class names default to the shared form look (`.field`, `.field__label`, `.select` in base.css);
 * a screen with its own layout passes its own.
 */
export function SelectField({
  label,
  value,
  onChange,
  disabled,
  children,
  className = 'field',
  labelClassName = 'field__label',
  selectClassName = 'select',
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean | undefined;
  children: ReactNode;
  className?: string | undefined;
  labelClassName?: string | undefined;
  selectClassName?: string | undefined;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        className={selectClassName}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
      >
        {children}
      </select>
    </div>
  );
}
