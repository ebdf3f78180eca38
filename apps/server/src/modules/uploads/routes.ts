import { createHash } from 'node:crypto';
import path from 'node:path';
import { MESSAGES, paymentScreenshotPath, sniffImageType } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, permissionDenied } from '../../platform/errors/app-error.ts';
import { createLocalStorage, type FileStorage } from '../../platform/storage/file-storage.ts';
import {
  acceptRawBodies,
  decodeFileName,
  rawImageRouteOptions,
} from '../../platform/storage/raw-image-body.ts';
import { requireSession } from '../auth/session-plugin.ts';
import { deleteUpload, findUpload, insertUpload } from '../subscriptions/payments.repository.ts';

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
  const { database } = app;
  const storage = options.storage ?? createLocalStorage(path.join(app.config.dataDir, 'storage'));

  acceptRawBodies(app);

  app.post(
    '/uploads/payment-screenshot',
    {
      ...rawImageRouteOptions,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        if (body !== undefined && !Buffer.isBuffer(body)) {
          throw new AppError('INVALID_ARGUMENT', MESSAGES.IMAGES_ONLY);
        }
        throw new AppError('INVALID_ARGUMENT', MESSAGES.MISSING_UPLOAD_FILE);
      }
      const declared = String(request.headers['content-type'] ?? '');
      // The declared type and the bytes must both say image (SVG is refused: it can carry script).
      const sniffed = sniffImageType(body);
      if (!/^image\//i.test(declared) || sniffed === null) {
        throw new AppError('INVALID_ARGUMENT', MESSAGES.IMAGES_ONLY);
      }
      const fileName = decodeFileName(request.headers['x-file-name'], 'screenshot');
      const sha256 = createHash('sha256').update(body).digest('hex');

      // {timestamp} is in milliseconds; a clash (same name, same millisecond) takes the next one.
      let timestamp = Date.now();
      for (let attempt = 0; ; attempt += 1) {
        const objectPath = paymentScreenshotPath(timestamp, fileName);
        const claimed = await insertUpload(database.db, {
          path: objectPath,
          ownerUserId: session.userId,
          sha256,
          contentType: sniffed,
          sizeBytes: body.length,
        });
        if (claimed) {
          try {
            await storage.put(objectPath, body, sniffed);
          } catch (error) {
            // The record must not point at a file that was never written.
            await deleteUpload(database.db, objectPath);
            request.log.error({ err: error }, 'screenshot upload failed');
            throw new AppError('INTERNAL', MESSAGES.UPLOAD_SCREENSHOT_FAILED);
          }
          return reply
            .status(201)
            .send({ path: objectPath, sha256, url: `/api/files/${objectPath}` });
        }
        if (attempt >= 5) throw new AppError('INTERNAL', MESSAGES.UPLOAD_SCREENSHOT_FAILED);
        timestamp += 1;
      }
    },
  );

  app.get('/files/*', async (request, reply) => {
    const session = requireSession(request);
    const objectPath = (request.params as { '*': string })['*'];
    const upload = await findUpload(database.db, objectPath);
    if (!upload) throw notFound('No such file.');
    if (upload.ownerUserId !== session.userId && session.role !== 'admin') {
      throw permissionDenied();
    }
    const bytes = await storage.get(upload.path);
    if (!bytes) throw notFound('No such file.');
    return reply
      .header('content-type', upload.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
