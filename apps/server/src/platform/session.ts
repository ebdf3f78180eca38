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
  interface FastifyContextConfig {
    /**
     * The route tells the app why its session ended, so that a sign-in on another device shows
     * its alert (docs/product.md#errors): in its 401 (the claims read, sign-out), or in its own
     * answer (the live stream's `revoked` event), which it then gives without a session.
     */
    tellsSessionEnd?: 'in its 401' | 'in its answer';
  }
}

/** The request's session, or 401 when it has none. */
export function requireSession(request: FastifyRequest): LiveSession {
  if (!request.session) throw unauthenticated();
  return request.session;
}
