import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle.ts';

/**
 * How long work put off to idle time may wait on a main thread that is never idle, and when it runs
 * where there are no idle callbacks.
 */
const IDLE = { timeoutMs: 2_000, fallbackMs: 200 };

/**
 * False until `ready` has been true and the browser has then been idle once (or its timeout
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
    const stop = whenIdle(done, IDLE);
    return () => {
      stopped = true;
      stop();
    };
  }, [ready, idle, load]);
  return idle;
}
