import type { FunctionResult, functionSchemas, PublicFunctionName } from '@pasado/core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';

/**
 * What a public (session-less) server function gets: no session, since the in-app form is for
 * people without an account (docs/decisions/005-in-app-free-trial.md).
 */
export interface PublicFunctionContext {
  db: Database;
  now: Date;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** The link to the app that the free-trial email carries (APP_DOWNLOAD_URL). */
  appDownloadUrl: string;
}

export type PublicServerFunction<N extends PublicFunctionName> = (
  ctx: PublicFunctionContext,
  input: z.output<(typeof functionSchemas)[N]['input']>,
) => Promise<FunctionResult<N>>;
