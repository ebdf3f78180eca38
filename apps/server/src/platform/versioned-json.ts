import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * JSON answers the phone keeps for offline use (issue 11; docs/decisions/019-offline-caching.md):
 * each carries a strong ETag, a hash of the exact body, so the phone asks again with
 * `If-None-Match` and an unchanged answer costs a 304 with no body — on prepaid data, a refresh
 * of an unchanged reviewer is a few hundred bytes instead of the whole pack.
 */

/** A strong entity tag of a serialised body (same bytes ⇔ same tag). */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether an `If-None-Match` header names this tag (RFC 9110 §13.1.2: a list, `*`, and the weak
 * comparison, so a `W/` prefix added by a proxy still matches).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Replies `value` serialised through its contract schema (which also drops fields the contract
 * does not name), with its ETag and `cacheControl`; or 304 with no body when the client already
 * holds this version.
 */
export function replyVersioned<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: { parse(value: unknown): T },
  value: T,
  cacheControl: string,
): FastifyReply {
  const body = JSON.stringify(schema.parse(value));
  const etag = strongEtag(body);
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
