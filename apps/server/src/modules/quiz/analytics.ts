import type { AnalyticsEvent } from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { keepSessionLog } from '../auth/service.ts';

/**
 * First-party analytics (docs/product.md#analytics; no third-party tracker): an event is stored in
 * session_logs with the user id and the user properties (email, uid) set from the session, never
 * from the body, so nobody can log events as someone else.
 */
export async function recordAnalyticsEvent(
  db: Db,
  session: { userId: string; email: string },
  event: AnalyticsEvent,
  now: Date,
): Promise<void> {
  await keepSessionLog(
    db,
    session.userId,
    {
      type: 'analytics',
      payload: {
        event: event.name,
        params: event.params,
        userId: session.userId,
        userProperties: { email: session.email, uid: session.userId },
      },
    },
    now,
  );
}
