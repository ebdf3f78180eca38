import { sendJson } from '../../../lib/api.ts';

/**
 * SPEC §7 Analytics, first-party: the server stores the event with the user id and the user
 * properties (email, uid) of the session. A failed event only warns: it never blocks a screen.
 */
export function trackEvent(name: string, params: Record<string, string | number | boolean>) {
  sendJson('/api/analytics/events', { json: { name, params } }).catch((error: unknown) => {
    console.warn('analytics event not sent', error);
  });
}
