/**
 * The live stream's messages (docs/product.md#live-updates), read without zod. The contract's schemas
 * (contract/live.ts) are built from these constants, and the unit tests hold both readers to the
 * same verdicts: the stream is read under every signed-in screen, where loading and building the
 * contract's schemas cost a long task after the first paint (issue 10).
 */

/** `{collection}/{id}`: the documents a student may watch (the server authorises each). */
export const LIVE_TOPIC_PATTERN = /^(users|subscriptions|login_devices)\/[A-Za-z0-9_-]{1,64}$/;

/** 'snapshot' on every (re)connect, 'change' afterwards; the client treats both alike. */
export const LIVE_EVENT_KINDS = ['snapshot', 'change'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** Why the server ended a stream (SSE event `revoked`). */
export const LIVE_REVOKED_REASONS = ['signed-out', 'other-device'] as const;
export type LiveRevokedReason = (typeof LIVE_REVOKED_REASONS)[number];

/**
 * One SSE `message` event: a document's current state, `data` null once deleted. The document is
 * the one the server serialised with its contract schema, trusted as a GET of it is.
 */
export interface LiveMessage {
  kind: LiveEventKind;
  topic: string;
  version: number;
  data: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The live message in a parsed `message` event, or null for anything else. */
export function liveMessageOf(json: unknown): LiveMessage | null {
  if (!isRecord(json)) return null;
  const { kind, topic, version, data } = json;
  if (!LIVE_EVENT_KINDS.includes(kind as LiveEventKind)) return null;
  if (typeof topic !== 'string' || !LIVE_TOPIC_PATTERN.test(topic)) return null;
  if (typeof version !== 'number' || !Number.isSafeInteger(version)) return null;
  // Present, if only as null: a message that names no document at all is not one.
  if (!('data' in json)) return null;
  return { kind: kind as LiveEventKind, topic, version, data };
}

/** The reason in a parsed `revoked` event, or null when it names none. */
export function revokedReasonOf(json: unknown): LiveRevokedReason | null {
  if (!isRecord(json)) return null;
  const { reason } = json;
  return LIVE_REVOKED_REASONS.includes(reason as LiveRevokedReason)
    ? (reason as LiveRevokedReason)
    : null;
}
