import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isRetryable } from './api.ts';
import { reportContentDenied } from './content-denied.ts';

/**
 * One QueryClient for the app. Live updates (features/live) write users, subscriptions and devices
 * into this cache, so nothing refetches on focus; slow mobile data makes every request count.
 */
export const queryClient = new QueryClient({
  // A paywall refusal of any query or action is answered in one place (lib/content-denied.ts).
  queryCache: new QueryCache({ onError: reportContentDenied }),
  mutationCache: new MutationCache({ onError: reportContentDenied }),
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      gcTime: 10 * 60_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => isRetryable(error) && failureCount < 2,
    },
    mutations: { retry: false },
  },
});
