import type { Claims, LoginDevicesDoc, SubscriptionDoc, UserDoc } from '@pasado/core/contract';
import { type LiveMessage, MESSAGES, type SubscriptionStatus } from '@pasado/core/rules';
import type { QueryClient } from '@tanstack/react-query';
import { endSession, isSessionEnding } from '../../lib/end-session.ts';
import { claimsQueryKey, refreshClaims } from '../../lib/session/get-claims.ts';
import { devicesQueryKey } from '../../lib/session/get-devices.ts';
import { meQueryKey } from '../../lib/session/get-me.ts';
import { subscriptionQueryKey } from '../../lib/session/get-subscription.ts';

/** docs/product.md#states: "If the user's subscription changes to suspended, revoked or expired, the page reloads." */
const RELOAD_ON: readonly SubscriptionStatus[] = ['suspended', 'revoked', 'expired'];

export type LiveContext = {
  client: QueryClient;
  uid: string;
  localDeviceId: string;
  reload: () => void;
};

function refreshClaimsQuietly(client: QueryClient): void {
  refreshClaims(client).catch((error: unknown) => console.warn('Claims refresh failed', error));
}

function statusChanged(
  before: SubscriptionStatus | undefined,
  after: SubscriptionStatus | undefined,
  ctx: LiveContext,
): boolean {
  if (before === after) return false;
  if (after !== undefined && RELOAD_ON.includes(after)) {
    ctx.reload();
    return true;
  }
  // Claims carry the subscription status, which the guard reads: refresh them.
  refreshClaimsQuietly(ctx.client);
  return true;
}

/**
 * A GET of the same document that started before this change can answer after it, with the older
 * version, and overwrite the live one (seen as a banner stuck on the old status). Such a fetch is
 * cancelled silently and made again; the live document shows meanwhile.
 */
function supersedeInFlight(client: QueryClient, queryKey: readonly unknown[]): void {
  if (client.isFetching({ queryKey, exact: true }) === 0) return;
  client
    .refetchQueries({ queryKey, exact: true }, { cancelRefetch: true })
    .catch((error: unknown) => console.warn('Live: refetch failed', error));
}

/**
 * Puts one live document into the query cache (['me'], ['subscription', id], ['devices']) and reacts
 * to what changed: claims refresh, the docs/product.md#status-reload reload, and the single-device rule (docs/product.md#errors). The
 * server sends each document as its contract schema serialises it, exactly as the GET it stands in
 * for (platform/live/hub.ts), so it is trusted as `getJson` trusts that GET.
 */
export function applyLiveEvent(event: LiveMessage, ctx: LiveContext): void {
  if (isSessionEnding()) return;
  const slash = event.topic.indexOf('/');
  const collection = event.topic.slice(0, slash);
  const id = event.topic.slice(slash + 1);
  const { client } = ctx;

  if (collection === 'users' && id === ctx.uid) {
    if (event.data === null) return;
    const before = client.getQueryData<UserDoc>(meQueryKey);
    const after = event.data as UserDoc;
    client.setQueryData(meQueryKey, after);
    supersedeInFlight(client, meQueryKey);
    if (!before) return;
    const reacted =
      before.subscription?.id === after.subscription?.id &&
      statusChanged(before.subscription?.status, after.subscription?.status, ctx);
    if (
      !reacted &&
      (before.isOnboarded !== after.isOnboarded ||
        before.subscription?.id !== after.subscription?.id ||
        before.subscription?.status !== after.subscription?.status)
    ) {
      refreshClaimsQuietly(client);
    }
    return;
  }

  if (collection === 'subscriptions') {
    const key = subscriptionQueryKey(id);
    if (event.data === null) {
      client.setQueryData(key, null);
      return;
    }
    const after = event.data as SubscriptionDoc;
    const before = client.getQueryData<SubscriptionDoc | null>(key);
    client.setQueryData(key, after);
    supersedeInFlight(client, key);
    // A queued subscription's change only updates its banner (docs/product.md#screens); the reload and the claims
    // (docs/product.md#states) follow the user's current subscription.
    const currentId = client.getQueryData<UserDoc>(meQueryKey)?.subscription?.id;
    const isQueued = currentId !== undefined && currentId !== id;
    if (isQueued) return;
    if (before) {
      statusChanged(before.status, after.status, ctx);
    } else if (
      client.getQueryData<Claims | null>(claimsQueryKey)?.subscriptionStatus !== after.status
    ) {
      // The stream's first snapshot can arrive before the page ever read this subscription: there
      // is no "before" to compare, but claims that disagree with it are stale — refresh them and
      // the guard locks the page (docs/product.md#states) without waiting for another change.
      refreshClaimsQuietly(client);
    }
    return;
  }

  if (collection === 'login_devices' && id === ctx.uid) {
    if (event.data === null) return;
    const doc = event.data as LoginDevicesDoc;
    client.setQueryData(devicesQueryKey, doc);
    // docs/product.md#single-device: the current device differs from the device id recorded on the server.
    if (doc.currentDeviceUsed !== ctx.localDeviceId) {
      void endSession(MESSAGES.OTHER_DEVICE_LOGOUT, 'login', ctx.localDeviceId, ctx.uid);
    }
  }
}
