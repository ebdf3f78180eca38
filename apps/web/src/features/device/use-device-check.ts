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
 * with, so the check runs again once the browser is back online, or a while later when the server
 * failed it.
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
        await endSession(MESSAGES.LOGIN_ERROR, 'reload', null, uid);
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
          console.warn('Could not load login devices; checking again', error);
          stopWaiting = whenItMayWork(() => void check());
        }
        return;
      }
      if (cancelled) return;
      if (
        decideDeviceCheck({ localDeviceId, serverCurrentDevice }) === 'invalid' ||
        localDeviceId === null
      ) {
        await endSession(MESSAGES.INVALID_DEVICE, 'reload', localDeviceId, uid);
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

/** How long a check with no local id waits after the server failed it while online. */
export const DEVICE_CHECK_RETRY_MS = 30_000;

/**
 * Runs `then` once the devices read may work: at the browser's next `online` event, or, online
 * already (a server error, a timeout: no such event comes), a while later. The returned function
 * stops waiting.
 */
export function whenItMayWork(then: () => void): () => void {
  if (navigator.onLine) {
    const timer = setTimeout(then, DEVICE_CHECK_RETRY_MS);
    return () => clearTimeout(timer);
  }
  window.addEventListener('online', then, { once: true });
  return () => window.removeEventListener('online', then);
}
