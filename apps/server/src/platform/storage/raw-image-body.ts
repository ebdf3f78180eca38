import { ATTACHMENT_MAX_BYTES, MESSAGES } from '@pasado/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

/** Route options for an image upload: the body limit and SPEC §8's 'File too large' as a 413. */
export const rawImageRouteOptions = {
  bodyLimit: ATTACHMENT_MAX_BYTES,
  errorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ error: { status: 'INVALID_ARGUMENT', message: MESSAGES.FILE_TOO_LARGE } });
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
  try {
    return decodeURIComponent(limited);
  } catch {
    return limited;
  }
}
