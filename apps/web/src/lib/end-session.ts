import { PATHS } from '@pasado/core/rules';
import { clearDeviceId, readDeviceId } from './device-id.ts';
import { notify } from './notify.ts';
import { signOutOnServer } from './session/sign-out-on-server.ts';

let ending = false;

/** How long a forced sign-out waits for the phone's copy of the student to go before it leaves. */
const FORGET_WAIT_MS = 3_000;

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
 *
 * `pageDeviceId` is the device id this page started with (null when it had none it could read).
 * When the stored id is another one by the time the alert is dismissed, the student has signed in
 * again in another tab of this browser: the cookie is that new session's, so this tab only reloads.
 * `uid` is the student whose session ends, when the page knows it: a phone that has not kept a
 * snapshot yet has no last student to forget by.
 */
export async function endSession(
  message: string,
  then: 'reload' | 'login',
  pageDeviceId: string | null,
  uid?: string,
): Promise<void> {
  if (ending) return;
  ending = true;
  // A tab in the background shows its alert only when the student looks at it, maybe much later.
  notify(message);
  if (await signedInAgainInAnotherTab(pageDeviceId)) {
    window.location.reload();
    return;
  }
  await clearDeviceId();
  // Lazily: the offline store is not part of /login's first load.
  const offline = await import('./offline/clear-offline-data.ts').catch(() => null);
  await offline
    ?.sendWaitingChanges()
    .catch((error: unknown) => console.warn('Could not send the waiting changes', error));
  if (await signOutOnServer(10_000)) {
    // Bounded: another tab of this browser stopped by its own alert in the middle of a write to
    // the phone's store holds it until that alert is dismissed, and this tab would wait there. The
    // page it opens deletes the same again (its claims answer 401: get-claims.ts), not awaited.
    await Promise.race([
      offline
        ?.forgetSignedOut(uid)
        .catch((error: unknown) => console.warn('Could not clear the offline data', error)),
      new Promise<void>((resolve) => setTimeout(resolve, FORGET_WAIT_MS)),
    ]);
  }
  if (then === 'reload') window.location.reload();
  else window.location.replace(PATHS.login);
}

/**
 * Whether the stored device id is no longer the one this page started with: the other tab's own
 * forced sign-out cleared it, and its sign-in stored a new one. An id that cannot be read now is
 * treated as this page's, which is cleared as before.
 */
async function signedInAgainInAnotherTab(pageDeviceId: string | null): Promise<boolean> {
  try {
    return (await readDeviceId()) !== pageDeviceId;
  } catch {
    return false;
  }
}
