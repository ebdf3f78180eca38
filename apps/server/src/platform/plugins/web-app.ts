import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from '../versioned-json.ts';
import { announce, announcedData, needsReviewer, readRoutePreloads } from './route-preloads.ts';
import { leanSubresourceHeaders } from './security.ts';

const NON_SPA_PREFIXES = ['/api/', '/dev-idp/'];
/** A built script or stylesheet, as sent or precompressed. */
const SUBRESOURCE = /\.(?:js|css)(?:\.br|\.gz)?$/;

/**
 * Serves the built web app, Brotli or gzip as the browser accepts: hashed assets cached for a
 * year, index.html never cached, and every
 * other GET that wants HTML answered with index.html so the client router decides (docs/product.md#screens).
 * A signed-in navigation to a path the build lists gets index.html with the JSON that screen asks
 * for announced (route-preloads.ts, issue 10); signed out, the guard sends every screen but
 * /login to /login, so nothing more is announced than the page will use.
 */
export async function webAppRoutes(
  app: FastifyInstance,
  opts: {
    distDir: string;
    sessionCookie: string;
    /**
     * The reviewer a signed-in navigation's screen opens on (the address's `?reviewer=` when the
     * student holds it, else their first), or null: quiz home and the study launcher announce its
     * data. Given by the app, which knows the session and the student's reviewers.
     */
    reviewerOpened: (request: FastifyRequest, reply: FastifyReply) => Promise<string | null>;
  },
) {
  const indexFile = path.join(opts.distDir, 'index.html');
  const built = existsSync(indexFile);
  const routes = built ? readRoutePreloads(opts.distDir) : [];
  const html = built ? readFileSync(indexFile, 'utf8') : '';
  /** The announced index.html, or undefined to send the file as built. */
  const announcedPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<string | undefined> => {
    const signedIn = Boolean(request.cookies?.[opts.sessionCookie]);
    const reviewer =
      signedIn && needsReviewer(routes, request.url)
        ? await opts.reviewerOpened(request, reply).catch(() => null)
        : null;
    const urls = announcedData(routes, request.url, reviewer);
    if (!urls || urls.length === 0) return undefined;
    const pathname = request.url.split('?')[0] ?? '';
    return signedIn || pathname.replace(/\/+$/, '') === '/login' ? announce(html, urls) : undefined;
  };
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // Only a built chunk: the service worker and any document keep every header.
        if (immutable && SUBRESOURCE.test(filePath)) leanSubresourceHeaders(reply.raw);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsHtml =
      request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!wantsHtml || NON_SPA_PREFIXES.some((p) => request.url.startsWith(p))) {
      return reply
        .status(404)
        .send({ error: { status: 'NOT_FOUND', message: 'Not found.' }, requestId: request.id });
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    reply.header('cache-control', 'no-cache');
    const page = await announcedPage(request, reply);
    return page ? sendPage(request, reply, page) : reply.sendFile('index.html');
  });
}

/**
 * The page gzipped at level 6 per navigation (about 1.5 KB: tens of microseconds, once a visit),
 * as @fastify/static would send the built file.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: string) {
  reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(page);
  return reply.header('content-encoding', 'gzip').send(gzipSync(page, { level: 6 }));
}
