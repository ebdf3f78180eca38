import { PATHS } from '@pasado/core/rules';
import { apiFetch } from './api.ts';
import { clearDeviceId } from './device-id.ts';
import { notify } from './notify.ts';

let ending = false;

/** True once a forced sign-out has started; later checks and live events stay quiet. */
export function isSessionEnding(): boolean {
  return ending;
}

/**
 * Ends the session after a device-rule failure (docs/product.md#errors): shows the alert once, clears the local
 * device id, signs out on the server and reloads the page ('reload') or opens /login ('login').
 */
export async function endSession(message: string, then: 'reload' | 'login'): Promise<void> {
  if (ending) return;
  ending = true;
  notify(message);
  await clearDeviceId();
  // Lazily: the offline store is not part of /login's first load.
  await import('./offline/clear-offline-data.ts')
    .then((m) => m.clearOfflineData())
    .catch((error: unknown) => console.warn('Could not clear the offline data', error));
  try {
    await apiFetch('/api/auth/logout', { method: 'POST', timeoutMs: 10_000 });
  } catch (error) {
    console.warn('Sign-out request failed', error);
  }
  if (then === 'reload') window.location.reload();
  else window.location.replace(PATHS.login);
}
