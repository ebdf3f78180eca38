import type { ReactNode } from 'react';

/** Something failed to load: what (`children`, one sentence) and a Try again button. */
export function RetryNotice({
  onRetry,
  children,
}: {
  onRetry: () => unknown;
  children: ReactNode;
}) {
  return (
    <div className="notice notice--danger" role="alert">
      <p>{children}</p>
      <button type="button" className="btn btn--secondary" onClick={() => void onRetry()}>
        Try again
      </button>
    </div>
  );
}
