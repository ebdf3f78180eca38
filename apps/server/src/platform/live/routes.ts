import { liveTopicsQuerySchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../modules/auth/session-plugin.ts';
import type { LiveSession } from '../../modules/auth/sessions.repository.ts';
import { findSubscription } from '../../modules/subscriptions/repository.ts';
import { AppError, permissionDenied } from '../errors/app-error.ts';
import { describeZodError } from '../plugins/error-handler.ts';
import { type LiveConnection, loadTopic, writeEvent } from './hub.ts';

/** GET /api/live?topics=… (DESIGN.md "Live stream"): authorise every topic, snapshot, then changes. */
export async function liveRoutes(app: FastifyInstance) {
  const { database, liveHub } = app;

  async function authorise(session: LiveSession, topic: string): Promise<void> {
    if (session.role === 'admin') return;
    const [kind, id] = topic.split('/');
    if (kind === 'users' || kind === 'login_devices') {
      if (id === session.userId) return;
    } else if (kind === 'subscriptions' && id) {
      const sub = await findSubscription(database.db, id).catch(() => null);
      if (sub?.userId === session.userId) return;
    }
    throw permissionDenied(`You cannot watch ${topic}.`);
  }

  app.get(
    '/live',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const session = requireSession(request);
      const query = liveTopicsQuerySchema.safeParse(request.query);
      if (!query.success) throw new AppError('INVALID_ARGUMENT', describeZodError(query.error));
      const topicList = [...new Set(query.data.topics)];
      for (const topic of topicList) await authorise(session, topic);

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
        userId: session.userId,
        sessionTokenHash: session.tokenHash,
        topics: topicList,
        res,
      };
      // Register before reading snapshots so a change committed meanwhile is not missed.
      liveHub.add(connection);
      request.raw.on('close', () => liveHub.remove(connection));
      for (const topic of topicList) {
        const data = await loadTopic(database, topic);
        writeEvent(res, null, { kind: 'snapshot', topic, version: 0, data });
      }
    },
  );
}
