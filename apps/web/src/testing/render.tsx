import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { BannerProvider } from '../lib/banners.tsx';
import { MUTATION_DEFAULTS } from '../lib/query-client.ts';

/** A query cache of the test's own: nothing is shared between tests, and a failure is not retried. */
export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
      // As the app's: an action tapped offline fails at once (lib/query-client.ts).
      mutations: MUTATION_DEFAULTS,
    },
  });

/**
 * Renders a screen as the app does: in a router at `path` (`route` is its route pattern, for
 * screens that read params; `children` the routes a layout's <Outlet> shows), with a query client
 * and the banner store. `user` types and clicks like a person; `advanceTimers` ties its pauses to
 * fake timers when a test uses them.
 */
export function renderScreen(
  ui: ReactNode,
  options: {
    path?: string;
    route?: string;
    children?: RouteObject[];
    client?: QueryClient;
    advanceTimers?: (ms: number) => unknown;
  } = {},
) {
  const { path = '/', route = '*', client = testQueryClient() } = options;
  const router = createMemoryRouter(
    [{ path: route, element: ui, ...(options.children ? { children: options.children } : {}) }],
    { initialEntries: [path] },
  );
  const user = userEvent.setup(
    options.advanceTimers ? { advanceTimers: options.advanceTimers } : {},
  );
  const view = render(
    <QueryClientProvider client={client}>
      <BannerProvider>
        <RouterProvider router={router} />
      </BannerProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client, user };
}
