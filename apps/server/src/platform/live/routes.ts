import { type LiveRevokedReason, liveTopicsQuerySchema } from '@pasado/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, permissionDenied } from '../errors/app-error.ts';
import { describeZodError } from '../plugins/error-handler.ts';
import { type LiveConnection, writeDocument } from './hub.ts';

/** Who opens a stream: the session behind the request (the auth module's, handed in by app.ts). */
export interface LiveViewer {
  userId: string;
  role: string;
  tokenHash: string;
}

/**
 * GET /api/live?topics=… (docs/product.md#live-updates): authorise every topic, snapshot, then
 * changes. Without a live session, 200 and the `revoked` event with why (the auth module's): a 401
 * is an error to EventSource, which the app retries for good, still looking signed in.
 */
export async function liveRoutes(
  app: FastifyInstance,
  opts: {
    viewerOf: (request: FastifyRequest) => LiveViewer | null;
    sessionEndOf: (request: FastifyRequest, reply: FastifyReply) => LiveRevokedReason;
  },
) {
  const { liveHub } = app;

  app.get(
    '/live',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, tellsSessionEnd: 'in its answer' },
    },
    async (request, reply) => {
      const viewer = opts.viewerOf(request);
      if (!viewer) return answerRevoked(reply, opts.sessionEndOf(request, reply));
      const query = liveTopicsQuerySchema.safeParse(request.query);
      if (!query.success) throw new AppError('INVALID_ARGUMENT', describeZodError(query.error));
      const topicList = [...new Set(query.data.topics)];
      for (const topic of topicList) {
        if (!(await liveHub.mayWatch(viewer, topic))) {
          throw permissionDenied(`You cannot watch ${topic}.`);
        }
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      const connection: LiveConnection = {
        userId: viewer.userId,
        sessionTokenHash: viewer.tokenHash,
        topics: topicList,
        res,
      };
      // Register before reading snapshots so a change committed meanwhile is not missed.
      liveHub.add(connection);
      request.raw.on('close', () => liveHub.remove(connection));
      if (!(await liveHub.admit(connection))) return;
      for (const topic of topicList) {
        writeDocument(res, {
          kind: 'snapshot',
          topic,
          version: 0,
          data: await liveHub.read(topic),
        });
      }
    },
  );
}

/** A stream that ends at once with the `revoked` event (not hijacked: the reply's cookies go too). */
function answerRevoked(reply: FastifyReply, reason: LiveRevokedReason) {
  return reply
    .header('cache-control', 'no-store')
    .type('text/event-stream; charset=utf-8')
    .send(`event: revoked\ndata: ${JSON.stringify({ reason })}\n\n`);
}
