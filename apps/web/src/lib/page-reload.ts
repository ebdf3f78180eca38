import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { refreshClaims } from './session/get-claims.ts';

let requested = false;
let refreshing = false;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => requested;

/**
 * docs/product.md#status-reload "If the user's subscription changes to suspended, revoked or expired, the page reloads."
 * A reload on its own raced the guard (issue 13 item 6): an expiry found by the guard expires the
 * subscription on the server, whose live change then reloaded the page it was leaving (/quiz)
 * while the redirect to /subscription/no-subscription was still loading — sometimes before the
 * redirect, sometimes after it, and before the guard's alert when its answer came late.
 *
 * So the reload has one order: the claims are refreshed first (they carry the new status), the
 * guard in app/root-layout.tsx moves the page wherever the new status allows, and only once the
 * router is idle on an allowed page does the page reload — there. A failed refresh still ends in
 * the reload, on whatever page the guard then allows.
 */
export function reloadWhenSettled(client: QueryClient): void {
  if (requested || refreshing) return;
  refreshing = true;
  refreshClaims(client)
    .catch((error: unknown) => console.warn('Claims refresh before the reload failed', error))
    .finally(() => {
      refreshing = false;
      requested = true;
      for (const listener of listeners) listener();
    });
}

/** True once a reload waits for the guard to settle (app/root-layout.tsx performs it). */
export const useReloadRequested = () => useSyncExternalStore(subscribe, snapshot, snapshot);
