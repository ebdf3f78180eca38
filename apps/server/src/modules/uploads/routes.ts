import type { FastifyInstance } from 'fastify';
import { parseByteRange } from '../../platform/http-range.ts';
import { requireSession } from '../../platform/session.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { acceptRawBodies, rawImageRouteOptions } from '../../platform/storage/raw-image-body.ts';
import { readStoredFile, storeImage } from './images.ts';

export interface UploadRoutesOptions {
  /** Defaults to local disk under `${DATA_DIR}/storage`. */
  storage?: FileStorage;
}

/**
 * Payment screenshots (docs/product.md#validation, #file-storage, #errors): POST /api/uploads/payment-screenshot takes
 * the raw image (content-type image/*, header x-file-name), stores it at
 * images/paymentScreenshots/{timestamp}_{filename} and records it as the uploader's;
 * GET /api/files/* serves a stored file to its owner or staff only.
 */
export async function uploadRoutes(app: FastifyInstance, options: UploadRoutesOptions = {}) {
  const { db } = app.database;
  const storage = options.storage ?? app.storage;

  acceptRawBodies(app);

  app.post(
    '/uploads/payment-screenshot',
    {
      ...rawImageRouteOptions,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const stored = await storeImage(db, storage, {
        kind: 'paymentScreenshot',
        userId: session.userId,
        body: request.body,
        declaredType: request.headers['content-type'],
        fileName: request.headers['x-file-name'],
        now: request.server.clock.now(),
      });
      return reply.status(201).send(stored);
    },
  );

  // A strong ETag (the content hash), conditional GET and one byte range (issue 21 finding 7): a
  // 5 MB screenshot on flaky data resumes where it stopped instead of starting over.
  app.get('/files/*', async (request, reply) => {
    const session = requireSession(request);
    const objectPath = (request.params as { '*': string })['*'];
    const file = await readStoredFile(db, storage, session, objectPath);
    const etag = `"${file.sha256}"`;
    reply
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const ifRange = request.headers['if-range'];
    const range =
      ifRange === undefined || ifRange === etag
        ? parseByteRange(request.headers.range, file.sizeBytes)
        : null;
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${file.sizeBytes}`).send();
    }
    reply.header('content-type', file.contentType);
    if (range) {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(await file.open(range));
    }
    return reply.header('content-length', String(file.sizeBytes)).send(await file.open());
  });
}
