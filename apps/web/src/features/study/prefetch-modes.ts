/**
 * Fetches the study modes' code while the student looks at the launcher (once it shows its data),
 * so opening a mode does not wait for a second download on slow mobile data. Failures are ignored:
 * the mode loads on demand.
 */
export function prefetchStudyModes(): () => void {
  const run = () => {
    for (const load of [
      () => import('./study-mode-page.tsx'),
      () => import('./flash-mode.tsx'),
      () => import('./read-mode.tsx'),
      () => import('./listen-mode.tsx'),
      () => import('./drill-mode.tsx'),
    ]) {
      load().catch(() => undefined);
    }
  };
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 3_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 1_500);
  return () => clearTimeout(timer);
}
