import { SHELL_MESSAGES, showsLoadingOverlay } from '@pasado/core/rules';
import { BrandMark } from '../../components/brand-mark.tsx';
import { Spinner } from '../../components/spinner.tsx';

/** The full-screen 'Loading App' overlay shown until the session state is ready (docs/product.md#app-shell). */
export function LoadingOverlay() {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <BrandMark size={56} />
      <Spinner size="lg" />
      <p className="loading-overlay__text">{SHELL_MESSAGES.LOADING_APP}</p>
    </div>
  );
}

/** The small in-page spinner used where docs/product.md#app-shell rules out the full-screen overlay. */
export function InlineLoading() {
  return (
    <div className="inline-loading" role="status">
      <Spinner />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}

/**
 * Shown while the first route's code loads. It runs before any route matches, so it reads the path
 * itself: otherwise the overlay would flash on the very screens that must not show it.
 */
export function HydrateFallback() {
  return showsLoadingOverlay(window.location.pathname) ? <LoadingOverlay /> : <InlineLoading />;
}
