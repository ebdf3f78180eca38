import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen.tsx';

/** A failed lazy chunk, most often a dropped connection or a new deployment (Vite's message). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/** The routes' errorElement: the error screen, with a reload when a page's code failed to download. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) console.warn('Route error', error.status, error.statusText);
  else console.warn('Route error', error);
  if (isChunkLoadError(error)) {
    return (
      <ErrorScreen
        detail="This page did not finish downloading, maybe because the connection dropped. Reload to try again."
        onRetry={() => window.location.reload()}
      />
    );
  }
  return <ErrorScreen onRetry={() => window.location.reload()} />;
}
