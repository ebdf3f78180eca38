import type { FunctionName, FunctionResult, functionSchemas } from '@pasado/core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';

/** Who calls: what a server function needs of the session the auth module found. */
export interface Caller {
  userId: string;
  email: string;
  role: 'student' | 'admin';
}

export interface FunctionContext {
  db: Db;
  session: Caller;
  now: Date;
  log: FastifyBaseLogger;
}

/** A callable given context C: parsed input in, its contract's result out (docs/product.md#server-functions). */
export type Callable<C, N extends FunctionName> = (
  ctx: C,
  input: z.output<(typeof functionSchemas)[N]['input']>,
) => Promise<FunctionResult<N>>;

/** A server function: a callable bound to the caller's session. */
export type ServerFunction<N extends FunctionName> = Callable<FunctionContext, N>;
