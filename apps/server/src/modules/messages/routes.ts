import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../platform/session.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { acceptRawBodies, rawImageRouteOptions } from '../../platform/storage/raw-image-body.ts';
import { storeImage } from '../uploads/images.ts';
import { sendMessage } from './service.ts';

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
 * The send-us-a-message modal (docs/product.md#screens, #entities, #validation, #server-functions): POST /api/messages/attachments takes the raw
 * image (content-type image/*, header x-file-name) and stores it at
 * images/userFeedbacks/{userId}_{timestamp}_{filename}; POST /api/messages saves the message and
 * deletes that image when saving fails.
 */
export async function messageRoutes(app: FastifyInstance, options: MessageRoutesOptions = {}) {
  const { db } = app.database;
  const storage = options.storage ?? app.storage;

  acceptRawBodies(app);

  app.post(
    '/messages/attachments',
    {
      ...rawImageRouteOptions,
      config: perStudent(20),
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { path, url } = await storeImage(db, storage, {
        kind: 'messageAttachment',
        userId: session.userId,
        // A JSON `null` body counts as no file here (a payment screenshot refuses it as not an image).
        body: request.body ?? undefined,
        declaredType: request.headers['content-type'],
        fileName: request.headers['x-file-name'],
        now: request.server.clock.now(),
      });
      return reply.status(201).send({ path, url });
    },
  );

  app.post('/messages', { config: perStudent(10) }, async (request, reply) => {
    const session = requireSession(request);
    const saved = await sendMessage(
      db,
      storage,
      { userId: session.userId, email: session.email },
      request.body,
      request.server.clock.now(),
    );
    return reply.status(201).send(saved);
  });
}
