import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { AppError, unauthenticated } from '../../platform/errors/app-error.ts';
import type { LiveHub } from '../../platform/live/hub.ts';
import { notifiedPerUserCache, type PerUserCache } from '../../platform/per-user-cache.ts';
import { type LiveSession, requireSession } from '../../platform/session.ts';
import { findLiveSessionByHash } from './live-session.read-model.ts';
import { hashToken, sessionState } from './sessions.repository.ts';

export const SESSION_COOKIE = 'pasado_session';

/**
 * Left on the phone when a cookie is dropped whose session a sign-in on another device ended, until
 * the app has been told (`takeSessionEnd`): the request that dropped the cookie may be one whose
 * 401 the app does not read (a queued write, the page itself on a cold start), and the alert of
 * docs/product.md#errors must still show once the app asks for its claims or its live stream.
 */
export const SESSION_ENDED_COOKIE = 'pasado_session_ended';
const OTHER_DEVICE = 'other-device';

/** Why the phone's session ended, when the app must say so: a sign-in on another device. */
export type SessionEnd = typeof OTHER_DEVICE;

/** The bound on a missed invalidation (a lost NOTIFY, a change made outside the app). */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 50_000;

/**
 * Reads the cache may answer. Writes, the staff console and the live stream (opened once, then
 * held for minutes) always check the session in the database.
 */
const CACHEABLE_METHODS = new Set(['GET', 'HEAD']);
const FRESH_ROUTE_PREFIXES = ['/api/admin', '/api/live'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The session was taken from the cache on a write whose own statement checks it again. */
    sessionFromCache?: boolean;
  }
  interface FastifyContextConfig {
    /**
     * A write that checks the session in its own statement (`liveSessionExists`) and calls
     * `confirmSession` before anything else it does: it may take the session from the cache.
     */
    checksSessionInWrite?: boolean;
  }
}

/** The session the cookie named was ended by a sign-in on another device (this request or before). */
function endedByOtherDevice(request: FastifyRequest): boolean {
  return request.cookies[SESSION_ENDED_COOKIE] === OTHER_DEVICE;
}

/** Live sessions by token hash. */
export type SessionCache = PerUserCache<LiveSession>;

// One cache per app, found through its live hub (which delivers the invalidations).
const caches = new WeakMap<LiveHub, SessionCache>();

/**
 * The app's session cache. Every `sessions/{uid}` notice from any process drops that user's
 * entries: a sign-in, a sign-out, another device, a role changed (users/repository.ts `setRole`).
 * Not `users/{uid}`, which every answer, rating and finish sends for the progress it moved: the
 * daily path's next request would read its session again each time (ADR 036). An email never
 * changes once the account exists.
 */
export function sessionCacheOf(app: FastifyInstance): SessionCache {
  const hub = app.liveHub;
  let cache = caches.get(hub);
  if (!cache) {
    cache = notifiedPerUserCache<LiveSession>(
      hub,
      { perUser: ['sessions'] },
      {
        ttlMs: SESSION_CACHE_TTL_MS,
        maxEntries: SESSION_CACHE_MAX_ENTRIES,
        now: () => app.clock.nowMs(),
      },
    );
    caches.set(hub, cache);
  }
  return cache;
}

function mayUseCache(request: FastifyRequest): boolean {
  if (request.routeOptions.config.checksSessionInWrite === true) return true;
  if (!CACHEABLE_METHODS.has(request.method)) return false;
  const route = request.routeOptions.url ?? request.url;
  return !FRESH_ROUTE_PREFIXES.some((prefix) => route.startsWith(prefix));
}

/**
 * Reads the session behind the cookie; a stale cookie is dropped so the browser stops sending it.
 * Hot reads are answered from the session cache; every database read refreshes it.
 */
export async function loadSession(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  cached: 'may use cache' | 'read' = 'may use cache',
) {
  const token = request.cookies[SESSION_COOKIE];
  request.sessionFromCache = false;
  if (!token) return;
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(request.server);
  if (cached === 'may use cache' && mayUseCache(request)) {
    const session = cache.get(tokenHash);
    if (session) {
      request.session = session;
      request.sessionFromCache = true;
      return;
    }
  }
  const mark = cache.mark();
  const found = await findLiveSessionByHash(
    db,
    tokenHash,
    request.server.clock.now(),
    request.server.config.sessionIdleMs,
  );
  if (!found) {
    cache.forgetKey(tokenHash);
    request.session = null;
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    await keepOtherDeviceEnd(request, reply, db, tokenHash);
    return;
  }
  request.session = found.session;
  // Staff sessions are few and powerful: always read, so a role taken away ends at once.
  if (found.session.role === 'admin') cache.forgetKey(tokenHash);
  else cache.put(tokenHash, found.session.userId, found.session, mark, found.expiresAt.getTime());
}

/** Sets SESSION_ENDED_COOKIE when the dropped cookie's session was ended by another device. */
async function keepOtherDeviceEnd(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  tokenHash: string,
): Promise<void> {
  const { config, clock } = request.server;
  const state = await sessionState(db, tokenHash, clock.now(), config.sessionIdleMs);
  if (state.ended !== OTHER_DEVICE) return;
  // Read by takeSessionEnd in this same request too (a claims read on a cold start).
  request.cookies[SESSION_ENDED_COOKIE] = OTHER_DEVICE;
  reply.setCookie(
    SESSION_ENDED_COOKIE,
    OTHER_DEVICE,
    sessionCookieOptions(config.publicUrl.startsWith('https:'), config.sessionTtlMs),
  );
}

/**
 * For a request without a session, from a route that tells the app why (the claims read, the live
 * stream, sign-out): 'other-device' when a sign-in on another device ended the phone's session,
 * once; the note is dropped as it is told. Null otherwise (signed out, expired, never signed in).
 */
export function takeSessionEnd(request: FastifyRequest, reply: FastifyReply): SessionEnd | null {
  if (!endedByOtherDevice(request)) return null;
  reply.clearCookie(SESSION_ENDED_COOKIE, { path: '/' });
  return OTHER_DEVICE;
}

/**
 * The 401 of a request without a session. A route that `tellsSessionEnd` in its 401 carries why
 * the session ended (`reason: 'other-device'`); any other route's leaves the note for one that does.
 */
export function noSessionError(request: FastifyRequest, reply: FastifyReply): AppError {
  const tells = request.routeOptions.config.tellsSessionEnd === 'in its 401';
  const end = tells ? takeSessionEnd(request, reply) : null;
  return end ? new AppError('UNAUTHENTICATED', unauthenticated().message, end) : unauthenticated();
}

/** A new session on this phone: an old note of another device's sign-in is no longer news. */
export function forgetSessionEnd(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[SESSION_ENDED_COOKIE] !== undefined) {
    reply.clearCookie(SESSION_ENDED_COOKIE, { path: '/' });
  }
}

/**
 * For a route that `checksSessionInWrite`, once its write did not land: the session read from the
 * database when it came from the cache (401, and the cookie dropped, when it is no longer live).
 */
async function confirmSession(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
): Promise<LiveSession> {
  if (request.sessionFromCache) await loadSession(request, reply, db, 'read');
  return requireSession(request);
}

/**
 * What a request whose write checks its session in its own statement was sent with (ADR 036): the
 * session, which may come from the cache, and the way to read it afresh (401 unless live).
 */
export type SentWith = {
  session: { tokenHash: string; idleSince: Date };
  confirmSession: () => Promise<unknown>;
};

/** `SentWith` for a route that `checksSessionInWrite`. */
export function sentWithOf(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  now: Date,
): SentWith {
  return {
    session: sessionCheckOf(request, now),
    confirmSession: () => confirmSession(request, reply, db),
  };
}

/**
 * Thrown inside a transaction whose own statement found the request's session not live (ended, or
 * only not in this process's cache): the transaction rolls back and `confirmingSession` reads the
 * session afresh outside it.
 */
export class SessionToConfirm extends Error {}

/**
 * Runs a write that checks its session in its own statement (`run(false)`), and when that throws
 * `SessionToConfirm`, confirms the session outside the transaction (401 unless live: the embedded
 * database has one connection, which the transaction held) and runs it once more, trusting it.
 */
export async function confirmingSession<T>(
  run: (sessionConfirmed: boolean) => Promise<T>,
  confirm: () => Promise<unknown>,
): Promise<T> {
  try {
    return await run(false);
  } catch (error) {
    if (!(error instanceof SessionToConfirm)) throw error;
  }
  await confirm();
  return run(true);
}

/** The live-session check's values for the session a request was sent with (`liveSessionExists`). */
function sessionCheckOf(
  request: FastifyRequest,
  now: Date,
): { tokenHash: string; idleSince: Date } {
  const { tokenHash } = requireSession(request);
  return { tokenHash, idleSince: new Date(now.getTime() - request.server.config.sessionIdleMs) };
}

export function sessionCookieOptions(secure: boolean, maxAgeMs: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}
