// Imported by the service worker Workbox builds (vite.config.ts, `importScripts`). A page whose
// document came while the worker was not in charge (loaded during the first install's activation,
// whose claim it missed, or a hard reload) stays out of its control until its next load, with no
// offline copy of what it loads meanwhile. Such a page asks (lib/offline/register-service-worker.ts)
// and the worker takes it.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'CLAIM') event.waitUntil(self.clients.claim());
});
