import { Workbox } from 'workbox-window';
import { setUpdateReady } from './app-update.ts';

const UPDATE_CHECK_MS = 60 * 60 * 1000;
const FIRST_RETRY_MS = 10_000;
/** 10 s, 20 s, … 320 s: about ten minutes of tries, then none until the next visit. */
const RETRIES = 6;

let checkingForUpdates = false;

/**
 * Registers the service worker vite-plugin-pwa builds (/sw.js; docs/decisions/019). Loaded by
 * main.tsx after the page has loaded, as its own chunk, so /login's first load does not carry
 * workbox-window (docs/product.md#quality-bars budget). A new worker installs in the background and then waits; the
 * student is told and chooses when to reload, so a running mock is never swapped out from under
 * them. Only the tab whose student pressed Reload reloads.
 *
 * The first install downloads the whole app; one file dropped on flaky data fails it, and the
 * browser then forgets the registration until the next visit, leaving the phone with no offline
 * app in the meantime. So a first install that fails (or a registration that cannot fetch
 * /sw.js) is tried again: after 10 s, then twice as long each time, or sooner when the phone is
 * back online (once half the wait has passed). The tries are bounded: each downloads the app
 * again, and a student pays for data.
 */
export function registerServiceWorker(retries = 0): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  let retried = false;
  const retry = () => {
    if (retried || retries === RETRIES || navigator.serviceWorker.controller) return;
    retried = true;
    const wait = FIRST_RETRY_MS * 2 ** retries;
    // Back online brings the try forward, but not before half its wait: flaky data flaps
    // offline and online every few seconds, and a try on every flap spent all six in a minute.
    const earliest = Date.now() + wait / 2;
    const again = () => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
      registerServiceWorker(retries + 1);
    };
    const online = () => {
      window.removeEventListener('online', online);
      clearTimeout(timer);
      timer = setTimeout(again, Math.max(0, earliest - Date.now()));
    };
    let timer = setTimeout(again, wait);
    window.addEventListener('online', online);
  };
  let installed = false;
  wb.addEventListener('installed', () => {
    installed = true;
  });
  // Our own worker went redundant before it ever installed: its install failed.
  wb.addEventListener('redundant', (event) => {
    if (!event.isExternal && !installed) retry();
  });
  wb.addEventListener('waiting', () => {
    setUpdateReady(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  wb.register()
    .then(() => {
      // A page loaded past the worker (during its activation, or a hard reload) is asked into its
      // control once it is active, rather than at the next load (public/sw-claim.js).
      void navigator.serviceWorker.ready.then((registration) => {
        if (!navigator.serviceWorker.controller)
          registration.active?.postMessage({ type: 'CLAIM' });
      });
      if (checkingForUpdates) return;
      checkingForUpdates = true;
      // Long-lived tabs (a phone left on the quiz screen for days) still learn of new versions.
      // Asked of the registration the page has now: a retried install made a new one.
      const check = () =>
        void navigator.serviceWorker
          .getRegistration()
          .then((registration) => registration?.update())
          .catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      window.addEventListener('online', check);
    })
    .catch((error: unknown) => {
      console.warn('Offline support is unavailable for now', error);
      retry();
    });
}
