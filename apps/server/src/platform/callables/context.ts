import type { FunctionName, FunctionResult, functionSchemas } from '@pasado/core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { LiveSession } from '../../modules/auth/sessions.repository.ts';
import type { Db } from '../db/client.ts';

export interface FunctionContext {
  db: Db;
  session: LiveSession;
  now: Date;
  log: FastifyBaseLogger;
}

/** A server function: parsed input in, its contract's result out (SPEC §7). */
export type ServerFunction<N extends FunctionName> = (
  ctx: FunctionContext,
  input: z.output<(typeof functionSchemas)[N]['input']>,
) => Promise<FunctionResult<N>>;
