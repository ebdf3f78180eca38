import type { CallableErrorStatus } from '@pasado/core';

/**
 * The one error type handlers throw (STYLE.md habit 6). The code maps to an HTTP status and to the
 * server-function error status at the boundary; INTERNAL messages never reach the client.
 */
export const APP_ERROR_CODES = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  FAILED_PRECONDITION: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<CallableErrorStatus, number>;

export type AppErrorCode = keyof typeof APP_ERROR_CODES;

export class AppError extends Error {
  /**
   * @param reason A machine-readable why, sent beside the message for the client to act on (the
   *   paywall's refusals: core `ContentDenial`).
   */
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get httpStatus(): number {
    return APP_ERROR_CODES[this.code];
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Sign in to continue.');
export const permissionDenied = (message = 'You do not have access to this.') =>
  new AppError('PERMISSION_DENIED', message);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
