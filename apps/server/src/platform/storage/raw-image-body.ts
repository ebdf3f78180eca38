import { ATTACHMENT_MAX_BYTES, isSafeText, MESSAGES, UNSAFE_TEXT_MESSAGE } from '@pasado/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/**
 * What the image upload routes (payment screenshots, message attachments) share: the raw body up
 * to the attachment limit, the spec's 'File too large' answer, and the file name header.
 */

/** Raw bytes for every body in the calling plugin's scope: the handler decides what is an image, so
 * a wrong type gets the spec's message instead of a generic 415. */
export function acceptRawBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
}

/** Route options for an image upload: the body limit and docs/product.md#errors's 'File too large' as a 413. */
export const rawImageRouteOptions = {
  bodyLimit: ATTACHMENT_MAX_BYTES,
  errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({
        error: { status: 'INVALID_ARGUMENT', message: MESSAGES.FILE_TOO_LARGE },
        requestId: request.id,
      });
    }
    throw error;
  },
};

const MAX_FILE_NAME_HEADER = 255;

/** The `x-file-name` header (percent-encoded by the web app), bounded; `fallback` when absent. */
export function decodeFileName(header: string | string[] | undefined, fallback: string): string {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return fallback;
  const limited = raw.slice(0, MAX_FILE_NAME_HEADER);
  let decoded: string;
  try {
    decoded = decodeURIComponent(limited);
  } catch {
    decoded = limited;
  }
  // `%00` or a lone surrogate decodes into text no file system or database takes (issue 9).
  if (!isSafeText(decoded))
    throw new AppError('INVALID_ARGUMENT', `x-file-name: ${UNSAFE_TEXT_MESSAGE}`);
  return decoded;
}
