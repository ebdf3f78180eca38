import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { unauthenticated } from '../errors/app-error.ts';
import { findLiveSession, type LiveSession } from '../repositories/sessions.ts';

export const SESSION_COOKIE = 'pasado_session';

declare module 'fastify' {
  interface FastifyRequest {
    session: LiveSession | null;
  }
}

/** Reads the session behind the cookie; a stale cookie is dropped so the browser stops sending it. */
export async function loadSession(request: FastifyRequest, reply: FastifyReply, db: Database) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  request.session = await findLiveSession(db.db, token, new Date());
  if (!request.session) reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function requireSession(request: FastifyRequest): LiveSession {
  if (!request.session) throw unauthenticated();
  return request.session;
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
