import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from './error-handler.ts';
import { OUTAGE_RETRY_AFTER_S } from './error-handler.ts';

const CLOSING_MESSAGE = 'Pasado is restarting. Try again in a few seconds.';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts the shutdown's first step: every request from now on is answered 503 (readiness
     * included, so a load balancer sends new work elsewhere) while in-flight work finishes.
     */
    beginClosing(): void;
  }
}

/**
 * While the process shuts down (SIGTERM, a deploy), a request that still reaches it gets the same
 * answer as any other outage: 503 with our error body, its request id and Retry-After, so the web
 * app and the outbox try again shortly (issue 21 finding 7; Fastify's own 503 had neither). It
 * begins when main.ts receives the signal, or when the app starts closing, whichever is first.
 */
export function registerClosingAnswer(app: FastifyInstance): void {
  let closing = false;
  app.decorate('beginClosing', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header('retry-after', String(OUTAGE_RETRY_AFTER_S))
      .header('connection', 'close')
      .send({
        error: { status: 'UNAVAILABLE', message: CLOSING_MESSAGE },
        requestId: request.id,
      } satisfies ErrorBody);
  });
}
