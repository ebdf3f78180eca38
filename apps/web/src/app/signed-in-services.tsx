import { type KeptContentFate, keptContentFate } from '@pasado/core/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { SubscriptionBanners } from '../features/banners/subscription-banners.tsx';
import { useDeviceCheck } from '../features/device/use-device-check.ts';
import { LiveUpdates } from '../features/live/live-updates.tsx';
import { followOfflineLite } from '../features/quiz/offline-lite-sync.ts';
import { useSyncBanner } from '../features/shell/sync-banner.tsx';
import { useRegisterBanner } from '../lib/banners.tsx';
import { forgetPreviousStudent } from '../lib/offline/clear-offline-data.ts';
import { dropContentExcept } from '../lib/offline/content-store.ts';
import { startKeepingOffline } from '../lib/offline/keep-offline.ts';
import { keepSnapshots } from '../lib/offline/offline-snapshot.ts';
import { startOutbox, useOutbox } from '../lib/offline/outbox.ts';
import { reportOutboxDenials } from '../lib/offline/outbox-denials.ts';
import { useClaims } from '../lib/session/get-claims.ts';
import { useMe } from '../lib/session/get-me.ts';
import { subscriptionQueryOptions } from '../lib/session/get-subscription.ts';
import { useOnline } from '../lib/use-online.ts';

const NO_QUEUE: readonly string[] = [];

/**
 * What runs while a user is signed in: the start-up device check (docs/product.md#errors), then the live stream
 * (the user, the current and the queued subscriptions, the devices), and the subscription banners
 * (docs/product.md#screens), the offline outbox and its "waiting to sync" banner, and the content kept for offline study. Loaded lazily by the root layout so /login's first load carries none of it (nor zod).
 */
export function SignedInServices({
  uid,
  subscriptionId,
}: {
  uid: string;
  subscriptionId: string | null;
}) {
  const check = useDeviceCheck(uid);
  // The outbox of offline writes (lib/offline/outbox.ts) sends for whoever is signed in here.
  useEffect(() => startOutbox(uid), [uid]);
  // What it sends after the subscription ended moves the page, as any paywall refusal does.
  useEffect(() => reportOutboxDenials(), []);
  // Another student last here signed in no more (this sign-in replaced their session): what the
  // phone kept of them goes (lib/offline/clear-offline-data.ts), before this student's is saved.
  useEffect(() => {
    forgetPreviousStudent(uid).catch((error: unknown) =>
      console.warn('Could not clear the previous student', error),
    );
  }, [uid]);
  // The last known data, kept for a reload without a connection (lib/offline/offline-snapshot.ts).
  const client = useQueryClient();
  useEffect(() => keepSnapshots(client, uid), [client, uid]);
  // A lite quiz taken offline, once sent: the server's result and gems show (features/quiz).
  useEffect(() => followOfflineLite(client), [client]);
  useRegisterBanner(useSyncBanner(useOutbox(), uid, useOnline()));
  // Each granted reviewer's cards and notes, kept for studying with no signal (keep-offline.ts)
  // while the subscription gives access (issue 21: core `keptContentFate`).
  const access = useClaims().data?.access;
  const granted = useMemo(
    () =>
      Object.keys(access ?? {})
        .sort()
        .join(' '),
    [access],
  );
  const fate = useKeptContentFate(subscriptionId);
  useEffect(() => {
    if (fate === 'keep') return startKeepingOffline(uid, granted ? granted.split(' ') : []);
    // Past the grace period, or revoked: nothing of the reviewers stays on the phone.
    if (fate === 'remove') void dropContentExcept(uid, []);
    // Locked (or not known yet): kept as it is, never refreshed; the guard keeps the screens shut.
    return undefined;
  }, [uid, granted, fate]);
  const me = useMe();
  const queuedIds = me.data?.queuedSubscriptions ?? NO_QUEUE;
  return (
    <>
      <SubscriptionBanners />
      {check.status === 'ok' ? (
        <LiveUpdates
          uid={uid}
          subscriptionId={subscriptionId}
          queuedIds={queuedIds}
          localDeviceId={check.localDeviceId}
        />
      ) : null}
    </>
  );
}

/**
 * What the phone does with its downloads (core `keptContentFate`) for the current subscription;
 * null until the subscription is known.
 */
function useKeptContentFate(subscriptionId: string | null): KeptContentFate | null {
  const subscription = useQuery({
    ...subscriptionQueryOptions(subscriptionId ?? ''),
    enabled: subscriptionId !== null,
  }).data;
  if (subscriptionId === null) return keptContentFate(null, new Date());
  if (subscription === undefined) return null;
  return keptContentFate(
    { status: subscription.status, expiryDate: subscription.expiryDate },
    new Date(),
  );
}
