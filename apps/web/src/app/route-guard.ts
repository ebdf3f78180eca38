import type { Claims, SubscriptionDoc } from '@pasado/core/contract';
import { decideRoute, type GuardDecision, PATHS, type RouteAccess } from '@pasado/core/rules';
import {
  type EnsureQueryDataOptions,
  onlineManager,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { type LoaderFunctionArgs, matchRoutes, type RouteObject, redirect } from 'react-router';
import { routeMeta } from '../lib/route-meta.ts';
import { claimsQueryOptions } from '../lib/session/get-claims.ts';
import { meQueryOptions } from '../lib/session/get-me.ts';
import { subscriptionQueryOptions } from '../lib/session/get-subscription.ts';

/**
 * The route guard (docs/product.md#screens, #route-guard, #roles): core's decideRoute on the session the
 * query cache holds. It runs twice over the same inputs, so both always agree:
 * - as the root route's loader, before a location is committed and painted (issue 13 item 3: a
 *   new student's address bar showed /quiz before /onboarding, because `/` → `/quiz` was decided
 *   by a loader before the guard, which ran only after the render);
 * - in app/root-layout.tsx, which also reacts to live changes of the claims and performs the
 *   spec's side effects (the expiry alert, the reload).
 */

export type GuardSession = { claims: Claims | null; subscription: SubscriptionDoc | null };

// The subscription this page found past its expiry (docs/product.md#errors). From then on the guard treats it as
// expired, before the server's answer says so; kept outside React so the loader sees it too.
// `answered` turns true once the claims refresh that expires it on the server (and brings the
// alert) has come back: docs/product.md#status-reload's reload waits for it, so the alert is never lost to the reload.
export type ExpiredHere = { id: string; answered: boolean };
let expiredHere: ExpiredHere | null = null;
const expiredListeners = new Set<() => void>();

function setExpiredHere(next: ExpiredHere): void {
  expiredHere = next;
  for (const listener of expiredListeners) listener();
}

/** Records the expiry found here; false when it was already recorded (once per subscription). */
export function markExpiredHere(subscriptionId: string): boolean {
  if (expiredHere?.id === subscriptionId) return false;
  setExpiredHere({ id: subscriptionId, answered: false });
  return true;
}

export function markExpiryAnswered(subscriptionId: string): void {
  if (expiredHere?.id === subscriptionId && !expiredHere.answered) {
    setExpiredHere({ id: subscriptionId, answered: true });
  }
}

export const useExpiredHere = () =>
  useSyncExternalStore(
    (listener) => {
      expiredListeners.add(listener);
      return () => expiredListeners.delete(listener);
    },
    () => expiredHere,
    () => expiredHere,
  );

export function guardDecision(input: {
  pathname: string;
  access: RouteAccess;
  session: GuardSession;
  expiredId: string | null;
  now: Date;
}): GuardDecision {
  const { claims, subscription } = input.session;
  const expiredHere = subscription !== null && subscription.id === input.expiredId;
  return decideRoute({
    pathname: input.pathname,
    route: input.access,
    claims: claims && expiredHere ? { ...claims, subscriptionStatus: 'expired' } : claims,
    subscription: subscription
      ? {
          status: expiredHere ? 'expired' : subscription.status,
          expiryDate: subscription.expiryDate,
        }
      : null,
    now: input.now,
  });
}

/**
 * A cached answer, else one fetch (shared with any already in flight); `undefined` when it failed,
 * as the layout then goes on without it (docs/product.md#errors: a user data fetch failure only logs a warning).
 */
async function cachedOrFetched<T, K extends QueryKey>(
  client: QueryClient,
  options: EnsureQueryDataOptions<T, Error, T, K>,
): Promise<T | undefined> {
  const state = client.getQueryState<T>(options.queryKey);
  if (state?.data !== undefined) return state.data;
  if (state?.status === 'error' && state.fetchStatus === 'idle') return undefined;
  try {
    return await client.ensureQueryData(options);
  } catch {
    return undefined;
  }
}

/** What the layout waits for before deciding; null when the claims could not be read. */
async function readSession(client: QueryClient): Promise<GuardSession | null> {
  const claims = await cachedOrFetched(client, claimsQueryOptions());
  if (claims === undefined) return null;
  if (claims === null) return { claims, subscription: null };
  const me = await cachedOrFetched(client, meQueryOptions());
  const id = me?.subscription?.id ?? null;
  // The queued subscriptions are not the guard's concern, but they decide the subscription banner:
  // loaded beside the current one, the banner's slot is known before the first paint (issue 10).
  const [subscription] = await Promise.all([
    id ? cachedOrFetched(client, subscriptionQueryOptions(id)) : null,
    ...(me?.queuedSubscriptions ?? []).map((queued) =>
      cachedOrFetched(client, subscriptionQueryOptions(queued)),
    ),
  ]);
  return { claims, subscription: subscription ?? null };
}

/**
 * Whether the session is the one a returning phone restored from its store (ADR 019, issue 25),
 * not yet confirmed by the server: marked invalidated by the restore until the server answers.
 */
function sessionFromStore(client: QueryClient): boolean {
  return (
    onlineManager.isOnline() &&
    client.getQueryState(claimsQueryOptions().queryKey)?.isInvalidated === true
  );
}

/** The session as the server has it now (the boot's requests in flight are shared). */
async function freshSession(client: QueryClient): Promise<GuardSession | null> {
  const fetched = <T, K extends QueryKey>(options: EnsureQueryDataOptions<T, Error, T, K>) =>
    client.fetchQuery(options).catch(() => undefined);
  const claims = await fetched(claimsQueryOptions());
  if (claims === undefined) return readSession(client);
  const me = claims ? await fetched(meQueryOptions()) : undefined;
  const id = me?.subscription?.id;
  if (id) await fetched(subscriptionQueryOptions(id));
  return readSession(client);
}

/**
 * The root route's loader: redirects before anything of the page is painted. An expiry found here
 * goes where the expired status allows (the purchase page stays open); the layout then shows the
 * alert and expires the subscription on the server. When the claims cannot be read the layout
 * shows its error screen, so this lets the navigation through.
 */
export function guardLoader(routes: readonly RouteObject[], client: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { pathname } = new URL(request.url);
    const matches = matchRoutes([...routes], pathname) ?? [];
    const { access } = routeMeta(
      matches.map((m) => ({ handle: m.route.handle, params: m.params })),
    );
    if (!access.auth && pathname !== PATHS.login) return null;
    const decide = (session: GuardSession) => {
      const input = {
        pathname,
        access,
        session,
        expiredId: expiredHere?.id ?? null,
        now: new Date(),
      };
      const decision = guardDecision(input);
      return decision.kind === 'expire'
        ? guardDecision({ ...input, expiredId: session.subscription?.id ?? null })
        : decision;
    };
    let session = await readSession(client);
    if (session === null) return null;
    let decision = decide(session);
    // The kept session may paint what it allows at once; a redirect (a changed role or status)
    // waits for the server's answer, or the phone would leave a page it may now open.
    if (decision.kind === 'redirect' && sessionFromStore(client)) {
      session = await freshSession(client);
      if (session === null) return null;
      decision = decide(session);
    }
    if (decision.kind === 'redirect') throw redirect(decision.to);
    return null;
  };
}
