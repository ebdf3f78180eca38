import { z } from 'zod';
import { LIVE_EVENT_KINDS, LIVE_REVOKED_REASONS, LIVE_TOPIC_PATTERN } from '../live-event.ts';

/**
 * GET /api/live?topics=a,b,c (Server-Sent Events, docs/product.md#live-updates).
 * Topics name one document each; the server authorises every one.
 */
export const liveTopicSchema = z.string().regex(LIVE_TOPIC_PATTERN, 'Unknown live topic');
export type LiveTopic = z.infer<typeof liveTopicSchema>;

export const liveTopicsQuerySchema = z.object({
  topics: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(liveTopicSchema).min(1).max(8)),
});

/**
 * One SSE `message` event: the document's current state (`data` null once deleted).
 * `kind` is 'snapshot' on every (re)connect and 'change' afterwards; the client treats both alike.
 */
export const liveEventSchema = z.object({
  kind: z.enum(LIVE_EVENT_KINDS),
  topic: liveTopicSchema,
  version: z.number().int(),
  data: z.unknown(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** Sent as SSE event `revoked` before the server closes a stream whose session has ended. */
export const liveRevokedSchema = z.object({ reason: z.enum(LIVE_REVOKED_REASONS) });
