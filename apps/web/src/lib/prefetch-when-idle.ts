import { whenIdle } from './when-idle.ts';

/** How long a prefetch may wait on a busy main thread, and when it runs without idle callbacks. */
const IDLE = { timeoutMs: 3_000, fallbackMs: 1_500 };

type Cancel = () => void;

/**
 * Starts each load (a chunk's `import()`) in an idle moment of its own, one after another; returns
 * the stop. Starting a chunk is not free: the bundler's loader adds a `<link>` for each of its
 * files, and several chunks started in one callback made one long task on a slow phone, right after
 * the screen's first paint, when the student first touches it (issue 25 item 5). A load that fails
 * is left to load on demand.
 */
export function prefetchWhenIdle(loads: readonly (() => Promise<unknown>)[]): Cancel {
  let cancel: Cancel | null = null;
  const next = (index: number) => {
    const load = loads[index];
    if (!load) {
      cancel = null;
      return;
    }
    cancel = whenIdle(() => {
      load().catch(() => undefined);
      next(index + 1);
    }, IDLE);
  };
  next(0);
  return () => cancel?.();
}
