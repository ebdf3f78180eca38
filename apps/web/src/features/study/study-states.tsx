import type { ReactNode } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';

export function StudyLoading({ label }: { label: string }) {
  return (
    <div className="study-loading" role="status">
      <Spinner />
      <span>{label}…</span>
    </div>
  );
}

/** The text for a failed request: the server's words for a 4xx, a connection hint otherwise. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.status !== 0) return error.message;
  return `${fallback} Check your connection and try again.`;
}

export function StudyError({
  message,
  onRetry,
  children,
}: {
  message: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="notice notice--danger study-error" role="alert">
      <p>{message}</p>
      {children}
      {onRetry ? (
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function StudyEmpty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card study-empty">
      <h2 className="study-empty__title">{title}</h2>
      <div className="study-empty__text">{children}</div>
    </section>
  );
}

/** Shown on a study screen built from what the phone keeps (no connection). */
export function OfflineNote() {
  return (
    <p className="study-offline" data-testid="study-offline">
      Offline: from this phone. Your progress is sent when you are back online.
    </p>
  );
}
