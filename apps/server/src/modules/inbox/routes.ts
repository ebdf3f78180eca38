import path from 'node:path';
import { MESSAGES } from '@pasado/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.ts';
import { createLocalStorage, type FileStorage } from '../../platform/storage/file-storage.ts';
import {
  acceptRawBodies,
  decodeFileName,
  rawImageRouteOptions,
} from '../../platform/storage/raw-image-body.ts';
import { requireSession } from '../auth/session-plugin.ts';
import { fileUrl, storeMessageAttachment } from './attachments.ts';
import { sendMessage } from './send-message.ts';

export interface MessageRoutesOptions {
  /** Defaults to local disk under `${DATA_DIR}/storage`, like the payment screenshots. */
  storage?: FileStorage;
}

/**
 * Per student, not per address: students often share one carrier-grade NAT address. The session
 * is loaded by the /api scope's onRequest hook, which runs before route-level hooks.
 */
const perStudent = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '10 minutes',
    keyGenerator: (request: FastifyRequest) => `message:${request.session?.userId ?? request.ip}`,
  },
});

/**
 * The send-us-a-message modal (SPEC §2, §3, §5, §7): POST /api/messages/attachments takes the raw
 * image (content-type image/*, header x-file-name) and stores it at
 * images/userFeedbacks/{userId}_{timestamp}_{filename}; POST /api/messages saves the message and
 * deletes that image when saving fails.
 */
export async function messageRoutes(app: FastifyInstance, options: MessageRoutesOptions = {}) {
  const { database } = app;
  const storage = options.storage ?? createLocalStorage(path.join(app.config.dataDir, 'storage'));

  acceptRawBodies(app);

  app.post(
    '/messages/attachments',
    {
      ...rawImageRouteOptions,
      config: perStudent(20),
    },
    async (request, reply) => {
      const session = requireSession(request);
      const body = request.body;
      if (body !== undefined && body !== null && !Buffer.isBuffer(body)) {
        throw new AppError('INVALID_ARGUMENT', MESSAGES.IMAGES_ONLY);
      }
      const objectPath = await storeMessageAttachment(database.db, storage, {
        userId: session.userId,
        bytes: Buffer.isBuffer(body) ? body : Buffer.alloc(0),
        declaredType: String(request.headers['content-type'] ?? ''),
        fileName: decodeFileName(request.headers['x-file-name'], 'image'),
        now: new Date(),
      });
      return reply.status(201).send({ path: objectPath, url: fileUrl(objectPath) });
    },
  );

  app.post('/messages', { config: perStudent(10) }, async (request, reply) => {
    const session = requireSession(request);
    const saved = await sendMessage(
      database.db,
      storage,
      { userId: session.userId, email: session.email },
      request.body,
      new Date(),
    );
    return reply.status(201).send(saved);
  });
}
