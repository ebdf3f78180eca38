import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/**
 * Refuses NUL characters and lone surrogates anywhere a request carries text — body, query
 * string and path parameters — with a 400 before any handler runs
 * (issue 9, finding 3: each reached PostgreSQL or the file system and answered 500).
 */
export function registerSafeTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findUnsafeText(value);
      if (path !== null) {
        throw new AppError('INVALID_ARGUMENT', `${path || where}: ${UNSAFE_TEXT_MESSAGE}`);
      }
    }
  });
}
