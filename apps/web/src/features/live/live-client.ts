import {
  type LiveMessage,
  type LiveRevokedReason,
  liveMessageOf,
  revokedReasonOf,
} from '@pasado/core/rules';

export type LiveHandlers = {
  onEvent(event: LiveMessage): void;
  /** The session ended; the client has stopped and will not reconnect. */
  onRevoked(reason: LiveRevokedReason): void;
  /** The stream dropped and a reconnect is scheduled (`attempt` counts from 1). */
  onDisconnect?(attempt: number): void;
};

export type LiveOptions = {
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
};

export type LiveConnection = { close(): void };

/** Exponential back-off with jitter: a delay between half and all of min(max, base·2^attempt). */
export function backoffDelay(
  attempt: number,
  base: number,
  max: number,
  random: () => number,
): number {
  const cap = Math.min(max, base * 2 ** attempt);
  return cap / 2 + (random() * cap) / 2;
}

/**
 * One Server-Sent Events stream of documents (docs/product.md#live-updates): GET /api/live?topics=…
 * The server sends a snapshot of every topic on each (re)connect, then changes, each document as
 * its contract schema serialises it; messages are read by core's `liveMessageOf`, without zod. On an error the
 * EventSource is closed and reopened by us with back-off (1 s doubling to 30 s, jittered, reset
 * after an open), at once when the browser comes back online; the `revoked` event stops it for good.
 */
export function openLive(
  topics: readonly string[],
  handlers: LiveHandlers,
  { baseDelayMs = 1000, maxDelayMs = 30_000, random = Math.random }: LiveOptions = {},
): LiveConnection {
  let source: EventSource | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const url = `/api/live?topics=${encodeURIComponent(topics.join(','))}`;

  const connect = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    source?.close();
    const es = new EventSource(url);
    source = es;
    es.onopen = () => {
      attempt = 0;
    };
    es.onmessage = (message: MessageEvent<string>) => {
      let json: unknown;
      try {
        json = JSON.parse(message.data);
      } catch {
        console.warn('Live: ignored a message that is not JSON');
        return;
      }
      const event = liveMessageOf(json);
      if (event) handlers.onEvent(event);
      else console.warn('Live: ignored an unexpected message', json);
    };
    es.addEventListener('revoked', (message: MessageEvent<string>) => {
      stop();
      let reason: LiveRevokedReason = 'signed-out';
      try {
        reason = revokedReasonOf(JSON.parse(message.data)) ?? reason;
      } catch {
        // An unreadable reason still ends the session.
      }
      handlers.onRevoked(reason);
    });
    es.onerror = () => {
      if (source !== es) return;
      es.close();
      source = null;
      schedule();
    };
  };

  const schedule = () => {
    if (stopped || timer !== undefined) return;
    const delay = backoffDelay(attempt, baseDelayMs, maxDelayMs, random);
    attempt += 1;
    timer = setTimeout(connect, delay);
    handlers.onDisconnect?.(attempt);
  };

  // A network switch can leave a dead connection that looks open: start a fresh one.
  const onOnline = () => connect();

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    timer = undefined;
    source?.close();
    source = null;
    window.removeEventListener('online', onOnline);
  };

  window.addEventListener('online', onOnline);
  connect();
  return { close: stop };
}
