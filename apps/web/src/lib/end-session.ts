import { PATHS } from '@pasado/core/rules';
import { clearDeviceId } from './device-id.ts';
import { notify } from './notify.ts';
import { signOutOnServer } from './session/sign-out-on-server.ts';

let ending = false;

/** True once a forced sign-out has started; later checks and live events stay quiet. */
export function isSessionEnding(): boolean {
  return ending;
}

/**
 * Ends the session after a device-rule failure (docs/product.md#errors): shows the alert once, clears the local
 * device id, sends what waits offline, signs out on the server and reloads the page ('reload') or
 * opens /login ('login'). What the phone kept for the student goes only once the server has ended
 * the session (the session ended by another device's sign-in answers 401: ended); the changes it
 * has not taken stay for the student's next sign-in (docs/offline.md).
 */
export async function endSession(message: string, then: 'reload' | 'login'): Promise<void> {
  if (ending) return;
  ending = true;
  notify(message);
  await clearDeviceId();
  // Lazily: the offline store is not part of /login's first load.
  const offline = await import('./offline/clear-offline-data.ts').catch(() => null);
  await offline
    ?.sendWaitingChanges()
    .catch((error: unknown) => console.warn('Could not send the waiting changes', error));
  if (await signOutOnServer(10_000)) {
    await offline
      ?.forgetSignedOut()
      .catch((error: unknown) => console.warn('Could not clear the offline data', error));
  }
  if (then === 'reload') window.location.reload();
  else window.location.replace(PATHS.login);
}
