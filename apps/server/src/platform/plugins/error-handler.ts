import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../errors/app-error.ts';

export interface ErrorBody {
  error: { status: string; message: string };
}

/**
 * One mapping from failures to answers (STYLE.md habit 6): AppError keeps its code and message,
 * bad input names the first problem, and anything else is logged and answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'INTERNAL') request.log.error({ err: error }, error.message);
      const message = error.code === 'INTERNAL' ? 'Something went wrong.' : error.message;
      return reply
        .status(error.httpStatus)
        .send({ error: { status: error.code, message } } satisfies ErrorBody);
    }
    if (error instanceof ZodError) {
      return reply
        .status(400)
        .send({ error: { status: 'INVALID_ARGUMENT', message: describeZodError(error) } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? `${first.instancePath.slice(1)}: ` : '';
      return reply.status(400).send({
        error: {
          status: 'INVALID_ARGUMENT',
          message: `${where}${first?.message ?? 'Invalid input.'}`,
        },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ error: { status: 'INTERNAL', message: 'Something went wrong.' } });
    }
    const code =
      status === 429 ? 'RESOURCE_EXHAUSTED' : status === 404 ? 'NOT_FOUND' : 'INVALID_ARGUMENT';
    return reply.status(status).send({ error: { status: code, message: error.message } });
  });
}

export function describeZodError(error: ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Invalid input.';
  const where = first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  return `${where}${first.message}`;
}
