import { useSyncExternalStore } from 'react';

/**
 * Whether a new version of the app waits to take over (issue 11: "A new version never swaps in
 * under a running mock"). The service worker registration (register-service-worker.ts, loaded
 * lazily) sets `apply` when a new worker is installed and waiting; nothing reloads until the
 * student presses Reload in the banner the root layout shows.
 */
let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

export function setUpdateReady(next: () => void): void {
  apply = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => apply;

/** The function that swaps in the waiting version and reloads, or null when none waits. */
export const useAppUpdate = () => useSyncExternalStore(subscribe, snapshot, snapshot);
