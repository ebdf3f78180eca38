import { Workbox } from 'workbox-window';
import { setUpdateReady } from './app-update.ts';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker vite-plugin-pwa builds (/sw.js; docs/decisions/019). Loaded by
 * main.tsx after the page has loaded, as its own chunk, so /login's first load does not carry
 * workbox-window (docs/product.md#quality-bars budget). A new worker installs in the background and then waits; the
 * student is told and chooses when to reload, so a running mock is never swapped out from under
 * them. Only the tab whose student pressed Reload reloads.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    setUpdateReady(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  wb.register()
    .then(() => {
      // Long-lived tabs (a phone left on the quiz screen for days) still learn of new versions.
      const check = () => void wb.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      window.addEventListener('online', check);
    })
    .catch((error: unknown) => console.warn('Offline support is unavailable', error));
}
