import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { isDatabaseUnavailable, OutageLog } from '../errors/database-outage.ts';

export interface ErrorBody {
  /** `reason`: what the client should do about it, when it can (AppError's reason). */
  error: { status: string; message: string; reason?: string };
  /** Also on the log line of the request: a student quotes it to support. */
  requestId: string;
}

/** Seconds a client should wait before retrying while the database is unreachable. */
export const OUTAGE_RETRY_AFTER_S = 5;
const UNAVAILABLE_MESSAGE = 'Pasado is briefly unavailable. Try again in a few seconds.';

/**
 * One mapping from failures to answers (STYLE.md habit 6): AppError keeps its code and message,
 * bad input names the first problem, and anything else is logged and answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  const outage = new OutageLog(app.log);
  app.addHook('onResponse', async (request, reply) => {
    if (outage.inOutage && reply.statusCode < 500) outage.succeeded(request.server.clock.nowMs());
  });

  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    const send = (status: number, code: string, message: string, reason?: string) => {
      // 4xx: one line without a stack; the caller's mistake, not ours.
      if (status < 500) request.log.info({ status, code, reason }, message);
      return reply.status(status).send({
        error: { status: code, message, ...(reason === undefined ? {} : { reason }) },
        requestId: request.id,
      } satisfies ErrorBody);
    };
    if (isDatabaseUnavailable(error)) {
      outage.failed(error, request.server.clock.nowMs());
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_S));
      return send(503, 'UNAVAILABLE', UNAVAILABLE_MESSAGE);
    }
    if (error instanceof AppError) {
      if (error.code === 'INTERNAL') {
        request.log.error({ err: error }, error.message);
        return send(500, 'INTERNAL', 'Something went wrong.');
      }
      return send(error.httpStatus, error.code, error.message, error.reason);
    }
    if (error instanceof ZodError) return send(400, 'INVALID_ARGUMENT', describeZodError(error));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? `${first.instancePath.slice(1)}: ` : '';
      return send(400, 'INVALID_ARGUMENT', `${where}${first?.message ?? 'Invalid input.'}`);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(500, 'INTERNAL', 'Something went wrong.');
    }
    const code =
      status === 429 ? 'RESOURCE_EXHAUSTED' : status === 404 ? 'NOT_FOUND' : 'INVALID_ARGUMENT';
    return send(status, code, error.message);
  });
}

export function describeZodError(error: ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Invalid input.';
  const where = first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  return `${where}${first.message}`;
}
