import type { ReactNode, TextareaHTMLAttributes } from 'react';

/**
 * A labelled textarea in the shared form look (`.field`, `.field__label`, `.textarea` in base.css;
 * a screen with its own look passes its `className`); every other prop goes to the textarea.
 * `children` follow the control inside the field: a hint, a character counter.
 */
export function TextareaField({
  label,
  id,
  className = 'textarea',
  children,
  ...textarea
}: {
  label: ReactNode;
  id: string;
  className?: string;
  children?: ReactNode;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className={className} {...textarea} />
      {children}
    </div>
  );
}
