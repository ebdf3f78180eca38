import type { Executor } from '../db/client.ts';
import { notify } from '../db/notify.ts';

export const LIVE_CHANNEL = 'pasado_live';

/** What travels through NOTIFY: only the topic and version, never the document (docs/product.md#system). */
export interface LiveNotice {
  topic: string;
  version: number;
}

export const topics = {
  user: (uid: string) => `users/${uid}`,
  subscription: (id: string) => `subscriptions/${id}`,
  loginDevices: (uid: string) => `login_devices/${uid}`,
  /** Internal: a session of this user ended; streams re-check theirs. Never subscribed by clients. */
  sessions: (uid: string) => `sessions/${uid}`,
} as const;

/**
 * Announces a change to every server process (docs/product.md#live-updates); in a transaction, only
 * once it commits.
 */
export async function announce(ex: Executor, topic: string, version = 0): Promise<void> {
  await notify(ex, LIVE_CHANNEL, noticePayload(topic, version));
}

/** The NOTIFY payload of `announce`, for a statement that sends it itself (`pg_notify`). */
export function noticePayload(topic: string, version = 0): string {
  const notice: LiveNotice = { topic, version };
  return JSON.stringify(notice);
}
