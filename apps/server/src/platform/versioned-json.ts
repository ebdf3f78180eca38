import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * JSON answers the phone keeps for offline use (issue 11; docs/decisions/019-offline-caching.md):
 * each carries a strong ETag, a hash of the exact body, so the phone asks again with
 * `If-None-Match` and an unchanged answer costs a 304 with no body — on prepaid data, a refresh
 * of an unchanged reviewer is a few hundred bytes instead of the whole pack. A changed one is sent
 * gzipped when the phone takes it (the API has no compression plugin; JSON of exam items shrinks
 * about fourfold), under its own tag, either tag revalidating.
 */

/** A strong entity tag of a serialised body (same bytes ⇔ same tag). */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** The tag of the gzip-coded body: a strong tag names one representation. */
export const gzipEtag = (etag: string): string => `${etag.slice(0, -1)}-gzip"`;

/**
 * Whether an `If-None-Match` header names this tag, in either coding (RFC 9110 §13.1.2: a list,
 * `*`, and the weak comparison, so a `W/` prefix added by a proxy still matches).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const known = new Set([etag, gzipEtag(etag)]);
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || known.has(tag));
}

/** Whether the client takes a gzip body (`Accept-Encoding`, a `q=0` refusing it). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    return (coding === 'gzip' || coding === '*') && !refused;
  });
}

/**
 * Replies a serialised JSON `body` with its ETag and `cacheControl`, gzipped when the client takes
 * it; or 304 with no body when the client already holds this version.
 */
export function replyVersionedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  cacheControl: string,
): FastifyReply {
  const etag = strongEtag(body);
  const gzip = acceptsGzip(request.headers['accept-encoding']);
  reply
    .header('etag', gzip ? gzipEtag(etag) : etag)
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!gzip) return reply.send(body);
  return reply.header('content-encoding', 'gzip').send(gzipSync(body));
}

/**
 * Replies `value` serialised through its contract schema (which also drops fields the contract
 * does not name), as replyVersionedBody does.
 */
export function replyVersioned<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: { parse(value: unknown): T },
  value: T,
  cacheControl: string,
): FastifyReply {
  return replyVersionedBody(request, reply, JSON.stringify(schema.parse(value)), cacheControl);
}
