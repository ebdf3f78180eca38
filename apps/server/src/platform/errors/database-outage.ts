/**
 * Whether an error means the database cannot be reached right now (a restart, a failover, a
 * network cut), as opposed to a bug or bad data: those requests are answered 503 with Retry-After,
 * not 500 (issue 9, finding 4).
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
]);

const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection|the database system is (starting up|shutting down)/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08')))
    return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  // drizzle wraps driver errors ("Failed query: …") with the driver's error as the cause.
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * One warning when an outage starts and one line when it ends, instead of a stack per request
 * (1,013 error stacks in an 8-second outage before).
 */
export class OutageLog {
  private since: number | null = null;
  private refused = 0;

  constructor(
    private readonly log: {
      warn(obj: object, msg: string): void;
      info(obj: object, msg: string): void;
    },
  ) {}

  failed(error: unknown, nowMs: number): void {
    this.refused += 1;
    if (this.since !== null) return;
    this.since = nowMs;
    const message = error instanceof Error ? error.message : String(error);
    this.log.warn({ cause: message }, 'database unreachable: answering 503 until it is back');
  }

  succeeded(nowMs: number): void {
    if (this.since === null) return;
    this.log.info(
      { outageMs: nowMs - this.since, refused: this.refused },
      'database reachable again',
    );
    this.since = null;
    this.refused = 0;
  }

  get inOutage(): boolean {
    return this.since !== null;
  }
}
