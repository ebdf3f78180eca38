import { decideDeviceCheck, MESSAGES } from '@pasado/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { readDeviceId } from '../../lib/device-id.ts';
import { endSession } from '../../lib/end-session.ts';
import { devicesQueryOptions } from '../../lib/session/get-devices.ts';

export type DeviceCheck = { status: 'checking' } | { status: 'ok'; localDeviceId: string };

/**
 * The single-device rules at start-up (docs/product.md#errors): an unreadable local device id ends the session
 * with the login error; a missing or different server record ends it with the invalid-device
 * error. When the server cannot be reached the check is left to the live stream, which compares
 * the same document as soon as it connects; with no local id the stream has nothing to compare
 * with, so the check runs again once the browser is back online.
 */
export function useDeviceCheck(uid: string): DeviceCheck {
  const client = useQueryClient();
  const [result, setResult] = useState<{ uid: string; localDeviceId: string } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let stopWaiting = () => {};
    const check = async () => {
      let localDeviceId: string | null;
      try {
        localDeviceId = await readDeviceId();
      } catch (error) {
        console.warn('Could not read the local device id', error);
        await endSession(MESSAGES.LOGIN_ERROR, 'reload', null);
        return;
      }
      let serverCurrentDevice: string | null;
      try {
        const doc = await client.fetchQuery(devicesQueryOptions());
        serverCurrentDevice = doc?.currentDeviceUsed ?? null;
      } catch (error) {
        if (cancelled) return;
        if (localDeviceId) {
          console.warn('Could not load login devices; the live stream will check', error);
          setResult({ uid, localDeviceId });
        } else {
          console.warn('Could not load login devices; checking again once online', error);
          stopWaiting = onceOnline(() => void check());
        }
        return;
      }
      if (cancelled) return;
      if (
        decideDeviceCheck({ localDeviceId, serverCurrentDevice }) === 'invalid' ||
        localDeviceId === null
      ) {
        await endSession(MESSAGES.INVALID_DEVICE, 'reload', localDeviceId);
        return;
      }
      setResult({ uid, localDeviceId });
    };
    void check();
    return () => {
      cancelled = true;
      stopWaiting();
    };
  }, [client, uid]);

  return result?.uid === uid
    ? { status: 'ok', localDeviceId: result.localDeviceId }
    : { status: 'checking' };
}

/** Runs `then` at the browser's next `online` event; the returned function stops waiting. */
function onceOnline(then: () => void): () => void {
  window.addEventListener('online', then, { once: true });
  return () => window.removeEventListener('online', then);
}
