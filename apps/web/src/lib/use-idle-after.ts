import { useEffect, useState } from 'react';

/** How long work put off to idle time may wait on a main thread that is never idle. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * False until `ready` has been true and the browser has then been idle once (or IDLE_TIMEOUT_MS
 * passed); true from then on. Puts work the first paint does not need behind the page's own start-up
 * on a slow phone (issue 10: long tasks at start-up).
 *
 * `load` (the code of what becomes true, a chunk's `import()`) starts in that idle moment, and true
 * comes once it has settled: started by the render instead, the bundler's loader added a `<link>`
 * per file of the chunk inside the render's task, making it a long one (issue 25 item 5).
 */
export function useIdleAfter(ready: boolean, load?: () => Promise<unknown>): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    let stopped = false;
    const become = () => {
      if (!stopped) setIdle(true);
    };
    const done = () => {
      if (load) void load().then(become, become);
      else become();
    };
    let stop: () => void;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      stop = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(done, 200);
      stop = () => clearTimeout(timer);
    }
    return () => {
      stopped = true;
      stop();
    };
  }, [ready, idle, load]);
  return idle;
}
