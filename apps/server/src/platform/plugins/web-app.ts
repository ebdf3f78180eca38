import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NON_SPA_PREFIXES = ['/api/', '/dev-idp/'];

/**
 * Serves the built web app, Brotli or gzip as the browser accepts: hashed assets cached for a
 * year, index.html never cached, and every
 * other GET that wants HTML answered with index.html so the client router decides (SPEC §2).
 */
export async function webAppRoutes(app: FastifyInstance, opts: { distDir: string }) {
  const indexFile = path.join(opts.distDir, 'index.html');
  const built = existsSync(indexFile);
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
    return reply.sendFile('index.html');
  });
}
