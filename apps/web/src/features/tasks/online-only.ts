/**
 * A claim or a purchase on Tasks is sent at the tap or not at all, as every action is
 * (lib/query-client.ts). With no connection they throw this before sending anything, so the screen
 * can say in its own words that nothing was claimed or bought.
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
