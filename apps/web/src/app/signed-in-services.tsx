import { useDeviceCheck } from '../features/device/use-device-check.ts';
import { LiveUpdates } from '../features/live/live-updates.tsx';

/**
 * What runs while a user is signed in: the start-up device check (SPEC §8), then the live stream.
 * Loaded lazily by the root layout so /login's first load carries neither (nor zod).
 */
export function SignedInServices({
  uid,
  subscriptionId,
}: {
  uid: string;
  subscriptionId: string | null;
}) {
  const check = useDeviceCheck(uid);
  if (check.status !== 'ok') return null;
  return (
    <LiveUpdates uid={uid} subscriptionId={subscriptionId} localDeviceId={check.localDeviceId} />
  );
}
