/**
 * The one HTTP helper of the web app. The session lives in an httpOnly cookie, so every request is
 * same-origin with credentials; state-changing requests carry the browser's Origin header, which the
 * server checks (docs/product.md#sessions).
 */

/** An HTTP or callable error with the server's status and message (docs/product.md#server-functions). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /**
   * @param reason What the client can do about it, when the server says (the paywall's refusals:
   *   core `ContentDenial`).
   */
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

export const DEFAULT_TIMEOUT_MS = 30_000;

type ApiInit = Omit<RequestInit, 'body' | 'signal'> & {
  json?: unknown;
  /** A file sent as the raw body, its type as Content-Type and its name in X-File-Name. */
  file?: File;
  timeoutMs?: number;
  signal?: AbortSignal;
};

function bodyOf(json: unknown, file: File | undefined): Pick<RequestInit, 'body' | 'headers'> {
  if (file) {
    return {
      body: file,
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        'X-File-Name': encodeURIComponent(file.name),
      },
    };
  }
  if (json === undefined) return {};
  return { body: JSON.stringify(json), headers: { 'Content-Type': 'application/json' } };
}

/** Statuses whose response has no body (a Response built with one throws). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * fetch() with same-origin credentials, a JSON (or raw file) body and a timeout through an
 * AbortController. The timeout covers the whole reply, its body read here: a reply that stalled
 * mid-body on mobile data hung whoever read it for good (the outbox, whose every later send
 * waited on it, and a mock's submit with it).
 */
export async function apiFetch(path: string, init: ApiInit = {}): Promise<Response> {
  const { json, file, timeoutMs = DEFAULT_TIMEOUT_MS, signal, headers, ...rest } = init;
  const payload = bodyOf(json, file);
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('Timed out', 'TimeoutError')),
    timeoutMs,
  );
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await fetch(path, {
      ...rest,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...payload.headers, ...headers },
      ...(payload.body === undefined ? {} : { body: payload.body }),
      signal: controller.signal,
    });
    const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Reads `{ error: { status, message } }` (or any JSON with a message) from a failed response. */
export async function toApiError(response: Response): Promise<ApiError> {
  // Not JSON (a proxy page, an empty body): the status text stands.
  const body: unknown = await response.json().catch(() => null);
  return apiErrorOf(response.status, body, response.statusText);
}

/** toApiError on an answer whose JSON was read already (the outbox reads every answer's). */
export function apiErrorOf(status: number, json: unknown, statusText = ''): ApiError {
  let message = statusText || `Request failed (${status})`;
  let code: string | null = null;
  let reason: string | null = null;
  const body = (json ?? {}) as {
    error?: { status?: unknown; message?: unknown; reason?: unknown } | string;
    message?: unknown;
  };
  if (typeof body.error === 'object' && body.error !== null) {
    if (typeof body.error.message === 'string') message = body.error.message;
    if (typeof body.error.status === 'string') code = body.error.status;
    if (typeof body.error.reason === 'string') reason = body.error.reason;
  } else if (typeof body.message === 'string') {
    message = body.message;
  }
  return new ApiError(status, message, code, reason);
}

/**
 * GET a JSON resource. The body is trusted as `T` without a runtime parse on purpose: these calls
 * sit on the /login first load, and zod would cost the 120 KB budget (docs/product.md#quality-bars quality bars); the
 * server serialises every response with the contract's schemas. `null` on 404 when `nullOn404`.
 */
export async function getJson<T>(path: string, options: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await apiFetch(path, options.signal ? { signal: options.signal } : {});
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

/**
 * Sends JSON (POST by default) and reads the JSON answer, trusted as `T` like getJson's: the server
 * serialises every response with the contract's schemas.
 */
export async function sendJson<T>(
  path: string,
  init: { method?: 'POST' | 'PUT' | 'PATCH'; json?: unknown; timeoutMs?: number } = {},
): Promise<T> {
  const { method = 'POST', json, timeoutMs } = init;
  const response = await apiFetch(path, {
    method,
    ...(json === undefined ? {} : { json }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

/**
 * Checks an answer with the contract's schema where a feature wants more than trust: a body that
 * does not match is a 502. Typed structurally, so this module (on /login's first load) never pulls
 * in zod; the schema comes from the lazy feature that calls it.
 */
export function parseAnswer<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  body: unknown,
): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(502, 'Unexpected answer from the server.');
  return parsed.data as T;
}

/** True for failures worth retrying: network errors, timeouts and 5xx answers. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}
