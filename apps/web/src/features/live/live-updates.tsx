import { MESSAGES } from '@pasado/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endSession, isSessionEnding } from '../../lib/end-session.ts';
import { reloadWhenSettled } from '../../lib/page-reload.ts';
import { refreshClaims } from '../../lib/session/get-claims.ts';
import { applyLiveEvent } from './apply-live-event.ts';
import { openLive } from './live-client.ts';

/**
 * How many queued subscriptions are watched live: the stream takes at most 8 topics (core
 * liveTopicsQuerySchema) and three are the user, the devices and the current subscription.
 */
export const MAX_LIVE_QUEUED = 5;

/**
 * The live topics of a signed-in page (docs/product.md#live-updates; docs/product.md#live-updates "Live listeners: users/{uid},
 * the subscription document, a queued subscription document, and login_devices"). Of the queued
 * subscriptions the newest are watched: purchase blocking (docs/product.md#states) keeps the one in progress last.
 */
export function liveTopics(
  uid: string,
  subscriptionId: string | null,
  queuedIds: readonly string[] = [],
): string[] {
  const queued = queuedIds.filter((id) => id !== subscriptionId).slice(-MAX_LIVE_QUEUED);
  return [
    `users/${uid}`,
    ...(subscriptionId ? [`subscriptions/${subscriptionId}`] : []),
    ...queued.map((id) => `subscriptions/${id}`),
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
  queuedIds = [],
  localDeviceId,
}: {
  uid: string;
  subscriptionId: string | null;
  queuedIds?: readonly string[];
  localDeviceId: string;
}) {
  const client = useQueryClient();
  const topicKey = liveTopics(uid, subscriptionId, queuedIds).join(',');

  useEffect(() => {
    // docs/product.md#status-reload's reload waits for the guard to move the page first (issue 13 item 6).
    const ctx = { client, uid, localDeviceId, reload: () => reloadWhenSettled(client) };
    const connection = openLive(topicKey.split(','), {
      onEvent: (event) => applyLiveEvent(event, ctx),
      onRevoked: (reason) => {
        if (isSessionEnding()) return;
        if (reason === 'other-device') {
          void endSession(MESSAGES.OTHER_DEVICE_LOGOUT, 'login', localDeviceId, uid);
          return;
        }
        // Signed out elsewhere (another tab, /logout), or the session reached its limit: the
        // claims read answers 401, which deletes what the phone kept for the student (get-claims.ts),
        // and the guard sends the user to /login. Not on this event alone: a sign-in again on this
        // browser ends the session with it too (rotated), and the student is still signed in.
        refreshClaims(client).catch((error: unknown) =>
          console.warn('Claims refresh failed', error),
        );
      },
    });
    return () => connection.close();
  }, [client, uid, localDeviceId, topicKey]);

  return null;
}
