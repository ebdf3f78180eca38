/**
 * A claim or a purchase on Tasks is sent at the tap or not at all. TanStack Query's default
 * `networkMode: 'online'` paused such a mutation while the phone was offline: the button said
 * "Claiming…" for as long, the other claims waited on it, and the request went out unannounced
 * once the phone was back, maybe hours later. Their mutations run at once (`networkMode: 'always'`)
 * and, with no connection, throw this before sending anything, so the screen says so at once.
 */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor() {
    super('No connection: nothing was sent.');
  }
}

/** Throws OfflineError when the phone has no connection (navigator.onLine, as the app's banner). */
export function assertOnline(): void {
  if (!navigator.onLine) throw new OfflineError();
}
