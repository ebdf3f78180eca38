import type { ReactNode } from 'react';

/**
 * What went wrong, announced at once (`role="alert"`, `.form-error` in base.css); nothing while
 * there is nothing to say.
 */
export function FormError({ id, children }: { id?: string | undefined; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') {
    return null;
  }
  return (
    <p id={id} className="form-error" role="alert">
      {children}
    </p>
  );
}
