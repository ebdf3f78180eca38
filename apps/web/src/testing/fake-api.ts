import { vi } from 'vitest';

/** One request the app sent: its method, path with query, and JSON body (or the file it sent). */
export type SentRequest = { method: string; path: string; body: unknown };

/** An answer: a JSON body (status 200), a Response, or a function of the request giving either. */
export type Answer =
  | ((request: SentRequest) => unknown)
  | Response
  | object
  | string
  | number
  | boolean
  | null;

/** A JSON answer with another status, e.g. `reply(409, { error: { message } })`. */
export const reply = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The callable envelope's answer (`POST /api/functions/:name` → `{ result }`). */
export const result = (value: unknown) => ({ result: value });

/** A network failure, as fetch() reports one (no connection, a reset). */
export const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

/**
 * The network boundary of a screen test: `fetch` answers from `routes`, keyed 'METHOD /path'
 * (the query string is part of the path when the key has one, else ignored). The app's own code —
 * lib/api.ts, call-function.ts and the contract's schemas with them — runs as in the browser.
 * A request no route answers fails the test, so a screen cannot quietly ask for more than it shows.
 */
export function fakeApi(routes: Record<string, Answer>) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? null);
    const request = { method, path: `${url.pathname}${url.search}`, body };
    sent.push(request);
    const answer =
      routes[`${method} ${request.path}`] ?? routes[`${method} ${url.pathname}`] ?? unanswered;
    const value = typeof answer === 'function' ? await answer(request) : answer;
    return value instanceof Response ? value : reply(200, value);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    /** Every request sent so far, in order. */
    sent,
    /** The requests sent to `method path` (path without its query). */
    sentTo: (key: string) =>
      sent.filter((r) => `${r.method} ${r.path.replace(/\?.*$/, '')}` === key),
    routes,
  };
}

function unanswered(request: SentRequest): never {
  const message = `No fake answer for ${request.method} ${request.path}`;
  console.error(message);
  throw new TypeError(message);
}
