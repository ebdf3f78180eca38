import { MESSAGES } from '@pasado/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endSession, isSessionEnding } from '../../lib/end-session.ts';
import { refreshClaims } from '../../lib/session/get-claims.ts';
import { applyLiveEvent } from './apply-live-event.ts';
import { openLive } from './live-client.ts';

/** The live topics of a signed-in page (DESIGN.md "Live stream"). */
export function liveTopics(uid: string, subscriptionId: string | null): string[] {
  return [
    `users/${uid}`,
    ...(subscriptionId ? [`subscriptions/${subscriptionId}`] : []),
    `login_devices/${uid}`,
  ];
}

/**
 * Keeps one live stream open while signed in and writes its documents into the query cache. The
 * stream is reopened when the topics change (e.g. a new subscription id).
 */
export function LiveUpdates({
  uid,
  subscriptionId,
  localDeviceId,
}: {
  uid: string;
  subscriptionId: string | null;
  localDeviceId: string;
}) {
  const client = useQueryClient();
  const topicKey = liveTopics(uid, subscriptionId).join(',');

  useEffect(() => {
    const ctx = { client, uid, localDeviceId, reload: () => window.location.reload() };
    const connection = openLive(topicKey.split(','), {
      onEvent: (event) => applyLiveEvent(event, ctx),
      onRevoked: (reason) => {
        if (isSessionEnding()) return;
        if (reason === 'other-device') {
          void endSession(MESSAGES.OTHER_DEVICE_LOGOUT, 'login');
          return;
        }
        // Signed out elsewhere (another tab, /logout): the guard sends the user to /login.
        refreshClaims(client).catch((error: unknown) =>
          console.warn('Claims refresh failed', error),
        );
      },
    });
    return () => connection.close();
  }, [client, uid, localDeviceId, topicKey]);

  return null;
}
