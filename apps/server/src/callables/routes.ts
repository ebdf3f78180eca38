import { type FunctionName, functionSchemas } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ServerFunction } from '../platform/callables/context.ts';
import { runCallable } from '../platform/callables/envelope.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { requireSession } from '../platform/session.ts';
import { serverFunctions } from './registry.ts';

function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(functionSchemas, name);
}

/**
 * POST /api/functions/{name} (docs/product.md#server-functions): `{ data }` in, `{ result }` out,
 * input and result both checked against the contract.
 */
export async function functionRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.post<{ Params: { name: string } }>(
    '/functions/:name',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request) => {
      const session = requireSession(request);
      const { name } = request.params;
      if (!isFunctionName(name)) throw new AppError('NOT_FOUND', `Unknown function: ${name}`);
      const run = serverFunctions[name] as ServerFunction<typeof name>;
      return runCallable(name, request.body, (input) =>
        run({ db, session, now: app.clock.now(), log: request.log }, input as never),
      );
    },
  );
}
