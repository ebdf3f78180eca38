import { isEmbeddedWebView, PATHS } from '@pasado/core/rules';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { createRouter, routes } from './app/router.tsx';
import { BannerProvider } from './lib/banners.tsx';
import { queryClient } from './lib/query-client.ts';
import { keepScrollPlaces } from './lib/scroll-places.ts';
import { watchCacheOwner } from './lib/session/cache-owner.ts';
import { claimsQueryOptions } from './lib/session/get-claims.ts';
import { meQueryKey, meQueryOptions } from './lib/session/get-me.ts';
import './styles/tokens.css';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Inside a mobile app's embedded web view only the free-trial form shows (docs/product.md#app-shell);
// it is its own chunk, so the normal app never downloads it.
const InAppFormPage = lazy(() =>
  import('./features/in-app-form/in-app-form-page.tsx').then((m) => ({ default: m.InAppFormPage })),
);

if (isEmbeddedWebView(navigator.userAgent, navigator.maxTouchPoints)) {
  createRoot(container).render(
    <StrictMode>
      <Suspense fallback={null}>
        <InAppFormPage />
      </Suspense>
    </StrictMode>,
  );
} else {
  const offLogin = window.location.pathname !== PATHS.login;
  watchCacheOwner(queryClient);
  if (navigator.onLine) {
    // Ask for the session while the first route's code downloads (slow mobile data). Off /login,
    // the user's document is asked for beside the claims, not after them: one round trip less
    // before a signed-in screen's first paint (issue 10). Signed out, its 401 is dropped, so
    // nothing of it is left for the guard once the student signs in.
    void queryClient.prefetchQuery(claimsQueryOptions());
    if (offLogin) {
      void queryClient.prefetchQuery(meQueryOptions()).then(() => {
        if (queryClient.getQueryState(meQueryKey)?.status === 'error')
          queryClient.removeQueries({ queryKey: meQueryKey, exact: true });
      });
    }
  }
  // The last student's data comes back from IndexedDB before the first render: offline, so the
  // guard lets them through on the claims it last saw (issue 11); online on a returning phone (the
  // service worker serves the app), so each screen paints what it last showed at once while the
  // requests above refresh it (issue 25). A first visit has nothing kept and waits for nothing.
  const returning = offLogin && navigator.serviceWorker?.controller != null;
  const restored =
    navigator.onLine && !returning
      ? Promise.resolve()
      : import('./lib/offline/offline-snapshot.ts')
          .then((m) => m.restoreSnapshot(queryClient))
          .catch(() => undefined);
  // While IndexedDB answers, the first screen's code comes from the service worker's cache: the
  // router asks for the same chunks once it is built, and finds them loaded. Offline, the order
  // stays as issue 11 made it (the kept data first, then the screen's modules).
  const started = returning && navigator.onLine;
  if (started) for (const load of screenLoads(window.location)) load();
  void restored.then(() => startApp(container, started));
  // The service worker (offline, installable; issue 11) registers once the page has loaded, from
  // its own chunk: it must not compete with the first route for a slow connection. A phone that
  // lost its signal before the chunk came tries again once it is back online.
  const register = () =>
    void import('./lib/offline/register-service-worker.ts').then(
      (m) => m.registerServiceWorker(),
      () => window.addEventListener('online', register, { once: true }),
    );
  const registerLater = () => setTimeout(register, 1_000);
  if (document.readyState === 'complete') registerLater();
  else window.addEventListener('load', registerLater, { once: true });
}

/** A task of its own: the browser paints and handles a tap between two of them. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in short tasks rather than one: each of the first screen's chunks, then the
 * router, then the first render. Starting a chunk adds a `<link>` for each of its files, and
 * building the router starts every chunk its route needs; with the router and the render that was
 * one task of 20–95 ms on this machine (ADR 044), four times as long on a slow phone, and the
 * largest part of the screens' blocking time (issue 25 item 5; issue 10 had moved it out of the
 * entry's own evaluation). The router finds the chunks started and only waits for them. A
 * returning phone has started them all already, while IndexedDB answered (`started`).
 */
async function startApp(root: HTMLElement, started: boolean): Promise<void> {
  await nextTask();
  for (const load of started ? [] : screenLoads(window.location)) {
    await nextTask();
    load();
  }
  await nextTask();
  const router = createRouter();
  keepScrollPlaces(router);
  await nextTask();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BannerProvider>
          <RouterProvider router={router} />
        </BannerProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

/** Loads of the code of the screens `location` matches, as the router will start them. */
function screenLoads(location: Location): (() => void)[] {
  return (matchRoutes(routes, location) ?? []).flatMap((match) => {
    const { lazy } = match.route;
    // A route's lazy loads the whole route, or each property (its loader, its Component) alone;
    // either only imports code.
    const loads = typeof lazy === 'function' ? [lazy] : Object.values(lazy ?? {});
    return loads.flatMap((load) =>
      typeof load === 'function' ? [() => void Promise.resolve(load()).catch(() => undefined)] : [],
    );
  });
}
