import type { PublicFunctionName } from '@pasado/core';
import type { Callable, FunctionContext } from '../../platform/callables/context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';

/**
 * What a public (session-less) server function gets: a server function's context without the
 * session, since the in-app form is for people without an account
 * (docs/decisions/005-in-app-free-trial.md), and the mailer for the trial email.
 */
export interface PublicFunctionContext extends Omit<FunctionContext, 'session'> {
  mailer: Mailer;
  /** The link to the app that the free-trial email carries (APP_DOWNLOAD_URL). */
  appDownloadUrl: string;
}

export type PublicServerFunction<N extends PublicFunctionName> = Callable<PublicFunctionContext, N>;
