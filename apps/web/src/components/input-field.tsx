import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A labelled text, date or number input in the shared form look (`.field`, `.field__label`,
 * `.input` in base.css); every other prop goes to the input.
 */
export function InputField({
  label,
  id,
  ...input
}: { label: ReactNode; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="input" {...input} />
    </div>
  );
}
