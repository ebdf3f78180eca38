import { SubscriptionBanners } from '../features/banners/subscription-banners.tsx';
import { useDeviceCheck } from '../features/device/use-device-check.ts';
import { LiveUpdates } from '../features/live/live-updates.tsx';
import { useMe } from '../lib/session/get-me.ts';

const NO_QUEUE: readonly string[] = [];

/**
 * What runs while a user is signed in: the start-up device check (SPEC §8), then the live stream
 * (the user, the current and the queued subscriptions, the devices), and the subscription banners
 * (SPEC §2). Loaded lazily by the root layout so /login's first load carries none of it (nor zod).
 */
export function SignedInServices({
  uid,
  subscriptionId,
}: {
  uid: string;
  subscriptionId: string | null;
}) {
  const check = useDeviceCheck(uid);
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
