import { useMemo } from 'react';
import type { Banner } from '../../lib/banners.tsx';

/**
 * "A new version is ready" (issue 11): shown when a new service worker waits. The new version
 * takes over only when the student presses Reload, so a running mock is never swapped out; its
 * answers are in the outbox, so reloading mid-mock loses nothing either.
 */
export function useUpdateBanner(apply: (() => void) | null): Banner | null {
  return useMemo(
    () =>
      apply
        ? {
            id: 'app-update',
            order: 1,
            tone: 'info',
            content: (
              <>
                <span className="banner__text">A new version is ready.</span>
                <button type="button" className="banner__reload" onClick={apply}>
                  Reload
                </button>
              </>
            ),
          }
        : null,
    [apply],
  );
}
