import { ErrorScreen } from './error-screen.tsx';

/** /error (SPEC §2). */
export function ErrorPage() {
  return <ErrorScreen />;
}
