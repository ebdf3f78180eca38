import type { Claims, ClaimsResponse } from '@pasado/core/contract';
import { MESSAGES } from '@pasado/core/rules';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, toApiError } from '../api.ts';
import { alertExpiryOnce } from '../expiry-alert.ts';
import { queryClient } from '../query-client.ts';

export const claimsQueryKey = ['claims'] as const;

/** GET /api/auth/claims[?force=1]: the signed-in user's claims, or null when signed out (401). */
export async function getClaims(force = false): Promise<Claims | null> {
  let response: Response;
  try {
    response = await apiFetch(`/api/auth/claims${force ? '?force=1' : ''}`);
  } catch (error) {
    // No connection: the last known student's claims, kept on this device
    // (lib/offline/offline-snapshot.ts, issue 11), let the app open offline. Only when the phone
    // says it is offline: online, a failed fetch (a navigation cancelling it, a timeout) must never
    // bring back claims older than the server's.
    if (!(error instanceof TypeError) || navigator.onLine) throw error;
    const { restoreSnapshot } = await import('../offline/offline-snapshot.ts');
    const known = await restoreSnapshot(queryClient);
    if (known) return known;
    throw error;
  }
  if (response.status === 401) {
    if ((await toApiError(response)).reason === OTHER_DEVICE) void alertOtherDevice();
    else void forgetEndedSession();
    return null;
  }
  if (!response.ok) throw await toApiError(response);
  const body = (await response.json()) as ClaimsResponse;
  // The server expires a lapsed subscription when it reads claims; this is the one answer that
  // says so, and the guard then finds the status 'expired' (docs/product.md#errors). Once per subscription.
  if (body.subscriptionExpired) alertExpiryOnce(body.expiredSubscriptionId);
  return body.claims;
}

/** The claims 401's reason when a sign-in on another device ended this phone's session. */
const OTHER_DEVICE = 'other-device';

/**
 * The alert of docs/product.md#errors, on a cold start (the live stream was down when the other
 * device signed in): the forced sign-out, as the live stream's `revoked` event gives it
 * (features/live/live-updates.tsx), which deletes what the phone kept once the server confirms.
 * Lazily, as below.
 */
async function alertOtherDevice(): Promise<void> {
  const { endSession, isSessionEnding } = await import('../end-session.ts');
  if (isSessionEnding()) return;
  // The id this page holds now: the answer just said this phone's session is over.
  const { readDeviceId } = await import('../device-id.ts');
  const pageDeviceId = await readDeviceId().catch(() => null);
  // No id left: a forced sign-out on this phone has already told the student (it clears the id
  // first) and this is the page it opened; a request it still had on the way set the note again.
  if (pageDeviceId === null) {
    await forgetEndedSession();
    return;
  }
  // The claims this page held before this answer, if it had read them (a cold start has not).
  const uid = queryClient.getQueryData<Claims | null>(claimsQueryKey)?.uid;
  await endSession(MESSAGES.OTHER_DEVICE_LOGOUT, 'login', pageDeviceId, uid);
}

/**
 * No session on this phone (its idle or lifetime limit passed, a sign-out elsewhere, a sign-in on
 * another device): what the phone kept for the last student's offline use is deleted, or the next
 * person to hold it could open their account with no connection (lib/offline/clear-offline-data.ts).
 * Lazily, and not awaited: the guard waits for the claims, and /login's first paint must not wait
 * for this chunk.
 */
async function forgetEndedSession(): Promise<void> {
  try {
    await (await import('../offline/clear-offline-data.ts')).forgetSignedOut();
  } catch (error) {
    console.warn('Could not clear the offline data', error);
  }
}

export const claimsQueryOptions = () =>
  queryOptions({ queryKey: claimsQueryKey, queryFn: () => getClaims(), staleTime: 5 * 60_000 });

/** The claims the guard reads; `null` when signed out. Refetched when the live stream says so. */
export const useClaims = () => useQuery(claimsQueryOptions());

/** Forces a claims refresh (docs/product.md#sign-in "a token claims refresh (optionally forced)") and caches it. */
export async function refreshClaims(client: QueryClient): Promise<Claims | null> {
  const claims = await getClaims(true);
  client.setQueryData(claimsQueryKey, claims);
  return claims;
}
