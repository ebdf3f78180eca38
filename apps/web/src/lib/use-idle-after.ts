import { useEffect, useState } from 'react';

/** How long work put off to idle time may wait on a main thread that is never idle. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * False until `ready` has been true and the browser has then been idle once (or IDLE_TIMEOUT_MS
 * passed); true from then on. Puts work the first paint does not need behind the page's own start-up
 * on a slow phone (issue 10: long tasks at start-up).
 */
export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    const done = () => setIdle(true);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(done, 200);
    return () => clearTimeout(timer);
  }, [ready, idle]);
  return idle;
}
