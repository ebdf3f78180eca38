import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from './versioned-json.ts';

/**
 * Below this a JSON answer goes as it is: the headers alone are about 900 bytes, so gzip would
 * save a few hundred bytes for CPU the hot reads (GET /api/me and an answer save, about 1.2 KB)
 * cannot spare. Above it, the screens' first answers (the reviewer list, 5.3 KB; quiz home, 3.5 KB;
 * the progress summary, 2.8 KB) shrink to a third, which Lighthouse counted against /quiz and
 * /account (stop 29); level 1 on 3–5 KB is tens of microseconds on the thread pool.
 */
export const COMPRESS_MIN_BYTES = 2 * 1024;

const gzipAsync = promisify(gzip);

/**
 * The API's onSend hook: a JSON answer of COMPRESS_MIN_BYTES or more is gzipped at level 1 when
 * the browser takes gzip (issue 10: a 170-item mock attempt is 68 KB of JSON, the largest thing a
 * screen waits for; level 1 takes it to about 21 KB, level 9 to 18 KB for twice the CPU). It runs
 * on libuv's thread pool, not the event loop: about 0.5–0.9 ms for 66 KB here, which hot reads
 * must not queue behind. Answers already coded (the offline packs, versioned-json.ts) and streams
 * are left alone.
 */
export async function compressLargeJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) {
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  }
  if (!acceptsGzip(request.headers['accept-encoding'])) return payload;
  const gzipped = await gzipAsync(payload, { level: 1 });
  reply.header('content-encoding', 'gzip').header('content-length', gzipped.length);
  return gzipped;
}
