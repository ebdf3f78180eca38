import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isRetryable } from './api.ts';
import { reportContentDenied } from './content-denied.ts';

/**
 * Every action is sent at the tap or not at all. TanStack Query's default (`networkMode: 'online'`)
 * paused an action tapped offline: its button stayed busy for as long, and the request went out
 * unannounced once the phone was back, maybe hours later (a major or an exam date changed then,
 * a drill started with no one there). Sent at once, it fails at once offline, and the screen says
 * so with its own "Check your connection" words. What must survive a lost connection goes through
 * the outbox (lib/offline/outbox.ts), not through a paused action.
 */
export const MUTATION_DEFAULTS = { retry: false, networkMode: 'always' } as const;

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
    mutations: MUTATION_DEFAULTS,
  },
});
