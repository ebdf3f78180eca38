/**
 * Session logs (docs/product.md#server-functions addSessionLog, and first-party analytics) are support notes, not storage
 * (issue 21 finding 5: 1 MB a call, 7 GB an hour per free account): a known shape of a few KB,
 * a per-student daily cap, and a retention period after which they are deleted
 * (docs/operations.md "Retention").
 */
export const SESSION_LOG_LIMITS = {
  /** The payload as JSON, in bytes of UTF-8. */
  maxBytes: 4_096,
  /** Keys in the payload; each a short name, each value a string, number, boolean or null. */
  maxKeys: 20,
  maxKeyLength: 64,
  maxStringLength: 500,
  /** Logs one student keeps in a Manila day (analytics included). */
  perDay: 200,
  /** Days a log is kept. */
  retentionDays: 90,
} as const;

export const SESSION_LOG_MESSAGES = {
  tooLarge: `A session log holds at most ${SESSION_LOG_LIMITS.maxBytes} bytes.`,
  dailyCap: 'Too many session logs today.',
} as const;

/** The size of a payload as stored: its JSON in bytes of UTF-8. */
export function payloadBytes(payload: unknown): number {
  let bytes = 0;
  for (const char of JSON.stringify(payload) ?? '') {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
