import { ErrorScreen } from './error-screen.tsx';

/** /error (docs/product.md#screens). */
export function ErrorPage() {
  return <ErrorScreen />;
}
