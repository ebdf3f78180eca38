import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from '../versioned-json.ts';
import {
  announce,
  type EncodedPage,
  encodePage,
  readRoutePreloads,
  routePreloadFor,
} from './route-preloads.ts';

const NON_SPA_PREFIXES = ['/api/', '/dev-idp/'];

/**
 * Serves the built web app, Brotli or gzip as the browser accepts: hashed assets cached for a
 * year, index.html never cached, and every
 * other GET that wants HTML answered with index.html so the client router decides (SPEC §2).
 * A signed-in navigation to a path the build lists gets index.html with the JSON that screen asks
 * for announced (route-preloads.ts, issue 10); signed out, the guard sends every screen but
 * /login to /login, so nothing more is announced than the page will use.
 */
export async function webAppRoutes(
  app: FastifyInstance,
  opts: { distDir: string; sessionCookie: string },
) {
  const indexFile = path.join(opts.distDir, 'index.html');
  const built = existsSync(indexFile);
  // Built once: the HTML of each listed path, compressed, keyed by its pattern.
  const pages = new Map<string, EncodedPage>();
  const routes = built ? readRoutePreloads(opts.distDir) : [];
  if (built) {
    const html = readFileSync(indexFile, 'utf8');
    for (const route of routes) pages.set(route.path, encodePage(announce(html, route)));
  }
  const announcedPage = (request: FastifyRequest): EncodedPage | undefined => {
    const pathname = request.url.split('?')[0] ?? '/';
    const route = routePreloadFor(routes, pathname);
    if (!route) return undefined;
    const signedIn = Boolean(request.cookies?.[opts.sessionCookie]);
    return signedIn || route.path === '/login' ? pages.get(route.path) : undefined;
  };
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
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
    const page = announcedPage(request);
    return page ? sendPage(request, reply, page) : reply.sendFile('index.html');
  });
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: EncodedPage) {
  reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(page.identity);
  return reply.header('content-encoding', 'gzip').send(page.gzip);
}
