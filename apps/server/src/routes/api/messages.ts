import path from 'node:path';
import { ATTACHMENT_MAX_BYTES, MESSAGES } from '@pasado/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { fileUrl, storeMessageAttachment } from '../../messages/attachments.ts';
import { sendMessage } from '../../messages/send-message.ts';
import { requireSession } from '../../plugins/session.ts';
import { createLocalStorage, type FileStorage } from '../../storage/file-storage.ts';

export interface MessageRoutesOptions {
  /** Defaults to local disk under `${DATA_DIR}/storage`, like the payment screenshots. */
  storage?: FileStorage;
}

const MAX_FILE_NAME_HEADER = 255;

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

  // Raw bytes for non-JSON bodies in this scope only: the handler decides what is an image.
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/messages/attachments',
    {
      bodyLimit: ATTACHMENT_MAX_BYTES,
      config: perStudent(20),
      errorHandler(error, _request, reply) {
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply
            .status(413)
            .send({ error: { status: 'INVALID_ARGUMENT', message: MESSAGES.FILE_TOO_LARGE } });
        }
        throw error;
      },
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
        fileName: decodeFileName(request.headers['x-file-name']),
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

function decodeFileName(header: string | string[] | undefined): string {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return 'image';
  const limited = raw.slice(0, MAX_FILE_NAME_HEADER);
  try {
    return decodeURIComponent(limited);
  } catch {
    return limited;
  }
}
