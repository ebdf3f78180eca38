import { PATHS } from '@pasado/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { StandalonePage } from '../../components/standalone-page.tsx';
import { withReviewer } from '../../lib/reviewer-param.ts';
import { launcherHref } from '../../lib/study-links.ts';
import { StudyLoading } from './study-states.tsx';
import { useStudyScope } from './use-study-scope.ts';
import './study.css';

// Each mode is its own chunk, so a route loads only its mode (micromark only for read and listen)
// and stays inside the 50 KB per-route budget (docs/product.md#quality-bars quality bars). The launcher prefetches
// them while idle (prefetch-modes.ts), so going from the launcher to a mode costs no extra wait.
const FlashMode = lazy(() => import('./flash-mode.tsx').then((m) => ({ default: m.FlashMode })));
const ReadMode = lazy(() => import('./read-mode.tsx').then((m) => ({ default: m.ReadMode })));
const ListenMode = lazy(() => import('./listen-mode.tsx').then((m) => ({ default: m.ListenMode })));
const DrillMode = lazy(() => import('./drill-mode.tsx').then((m) => ({ default: m.DrillMode })));

/**
 * /study/:reviewer/{flash,read,listen,drill} (docs/product.md#screens): study modes, without the menu. The back link
 * returns to the launcher, or to the quiz home when the mode was opened from there (`?back=quiz`).
 */
function StudyModeFrame({ children }: { children: ReactNode }) {
  const { reviewer, scope, back } = useStudyScope();
  return (
    <StandalonePage
      backTo={back === 'quiz' ? withReviewer(PATHS.quiz, reviewer) : launcherHref(reviewer, scope)}
      backLabel={back === 'quiz' ? 'Back to Quiz' : 'Back to Study'}
    >
      <div className="study-mode-page">
        <Suspense fallback={<StudyLoading label="Loading" />}>{children}</Suspense>
      </div>
    </StandalonePage>
  );
}

export const FlashPage = () => (
  <StudyModeFrame>
    <FlashMode />
  </StudyModeFrame>
);
export const ReadPage = () => (
  <StudyModeFrame>
    <ReadMode />
  </StudyModeFrame>
);
export const ListenPage = () => (
  <StudyModeFrame>
    <ListenMode />
  </StudyModeFrame>
);
export const DrillPage = () => (
  <StudyModeFrame>
    <DrillMode />
  </StudyModeFrame>
);
