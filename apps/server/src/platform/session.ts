import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './errors/app-error.ts';

/**
 * The signed-in person behind a request, as the auth module's session plugin reads it from the
 * cookie. It lives in platform/ because every module's routes require it, and the modules below
 * auth (users) must not import auth to do so.
 */
export interface LiveSession {
  tokenHash: string;
  userId: string;
  deviceId: string;
  email: string;
  role: 'student' | 'admin';
}

declare module 'fastify' {
  interface FastifyRequest {
    session: LiveSession | null;
  }
}

/** The request's session, or 401 when it has none. */
export function requireSession(request: FastifyRequest): LiveSession {
  if (!request.session) throw unauthenticated();
  return request.session;
}
