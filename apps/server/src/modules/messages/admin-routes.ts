import {
  messagesPageSchema,
  messagesQuerySchema,
  messageUpdateBodySchema,
  staffMessageSchema,
} from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/session.ts';
import { listStaffMessages, updateStaffMessage } from './service.ts';

/**
 * Staff console: the message inbox, under /api/admin/messages (issue 5 item 5; docs/product.md#entities
 * user_messages, written by POST /api/messages). Newest first, archived hidden unless asked;
 * read/unread and archive/unarchive are audited like every staff action.
 */
export async function adminMessagesRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get(
    '/',
    { schema: { querystring: messagesQuerySchema, response: { 200: messagesPageSchema } } },
    async (request) => listStaffMessages(db, request.query),
  );

  typed.patch(
    '/:id',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        body: messageUpdateBodySchema,
        response: { 200: staffMessageSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return updateStaffMessage(db, session, request.params.id, request.body);
    },
  );
}
