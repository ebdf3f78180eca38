/**
 * Runs `run` in the browser's next idle moment, or after `timeoutMs` on a main thread that is
 * never idle; returns the cancel. Safari has no requestIdleCallback: there it runs after
 * `fallbackMs`.
 */
export function whenIdle(
  run: () => void,
  { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number },
): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, fallbackMs);
  return () => clearTimeout(timer);
}
