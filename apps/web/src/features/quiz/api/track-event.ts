import { enqueue } from '../../../lib/offline/outbox.ts';

/**
 * docs/product.md#analytics, first-party: the server stores the event with the user id and the user
 * properties (email, uid) of the session. Sent through the outbox (issue 11 deliverable 4), so an
 * event made with no signal waits on the device and goes out when the phone is back online; it
 * never blocks a screen. Its key is unique: each event is its own.
 */
export function trackEvent(name: string, params: Record<string, string | number | boolean>) {
  enqueue({
    key: `analytics-event:${crypto.randomUUID()}`,
    kind: 'analytics-event',
    method: 'POST',
    path: '/api/analytics/events',
    body: { name, params },
    meta: {},
  }).catch((error: unknown) => {
    console.warn('analytics event not kept', error);
  });
}
