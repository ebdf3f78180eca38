import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { acceptRawBodies, rawImageRouteOptions } from '../../platform/storage/raw-image-body.ts';
import { requireSession } from '../auth/session-plugin.ts';
import { readStoredFile, storeImage } from './images.ts';

export interface UploadRoutesOptions {
  /** Defaults to local disk under `${DATA_DIR}/storage`. */
  storage?: FileStorage;
}

/**
 * Payment screenshots (SPEC §5, §7 File storage, §8): POST /api/uploads/payment-screenshot takes
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

  app.get('/files/*', async (request, reply) => {
    const session = requireSession(request);
    const objectPath = (request.params as { '*': string })['*'];
    const file = await readStoredFile(db, storage, session, objectPath);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', String(file.sizeBytes))
      .send(file.stream);
  });
}
