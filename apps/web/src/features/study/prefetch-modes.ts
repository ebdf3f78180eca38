import { prefetchWhenIdle } from '../../lib/prefetch-when-idle.ts';

/**
 * Fetches the study modes' code while the student looks at the launcher (once it shows its data),
 * so opening a mode does not wait for a second download on slow mobile data. Failures are ignored:
 * the mode loads on demand.
 */
export function prefetchStudyModes(): () => void {
  return prefetchWhenIdle([
    () => import('./study-mode-page.tsx'),
    () => import('./flash-mode.tsx'),
    () => import('./read-mode.tsx'),
    () => import('./listen-mode.tsx'),
    () => import('./drill-mode.tsx'),
  ]);
}
