import {
  attachmentHref,
  decodeAdminCursor,
  encodeAdminCursor,
  type InboxCounts,
  type InboxMessage,
  inboxMessageSchema,
  inboxQuerySchema,
  inboxResponseSchema,
  inboxUpdateBodySchema,
} from '@pasado/core';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../platform/db/client.ts';
import { userMessages } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors/app-error.ts';
import { appendAudit } from '../auth/session-logs.repository.ts';
import { requireSession } from '../auth/session-plugin.ts';

type MessageRow = typeof userMessages.$inferSelect;

const submittedMs = sql`date_trunc('milliseconds', ${userMessages.submittedDate})`;

/**
 * Staff console: the message inbox, under /api/admin/messages (issue 5 item 5; SPEC §3
 * user_messages, written by POST /api/messages). Newest first, archived hidden unless asked;
 * read/unread and archive/unarchive are audited like every staff action.
 */
export async function adminMessagesRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  typed.get(
    '/',
    { schema: { querystring: inboxQuerySchema, response: { 200: inboxResponseSchema } } },
    async (request) => {
      const { type, status, archived, limit, cursor } = request.query;
      const conditions: SQL[] = [eq(userMessages.isArchive, archived)];
      if (type !== 'all') conditions.push(eq(userMessages.messageType, type));
      if (status !== 'all') conditions.push(eq(userMessages.status, status));
      if (cursor) {
        const after = decodeAdminCursor(cursor);
        conditions.push(
          sql`(${submittedMs}, ${userMessages.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`,
        );
      }
      const rows = await database.db
        .select()
        .from(userMessages)
        .where(and(...conditions))
        .orderBy(desc(submittedMs), desc(userMessages.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(toInboxMessage),
        counts: await inboxCounts(database.db, archived),
        nextCursor:
          rows.length > limit && last ? encodeAdminCursor(last.submittedDate, last.id) : null,
      };
    },
  );

  typed.patch(
    '/:id',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        body: inboxUpdateBodySchema,
        response: { 200: inboxMessageSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { status, isArchive } = request.body;
      return database.db.transaction(async (tx) => {
        // The row lock makes two staff toggling at once leave one audited change each, in order.
        const [row] = await tx
          .select()
          .from(userMessages)
          .where(eq(userMessages.id, request.params.id))
          .for('update');
        if (!row) throw notFound('No such message.');
        const changes: { action: string; field: string; from: unknown; to: unknown }[] = [];
        if (status !== undefined && status !== row.status) {
          changes.push({
            action: status === 'read' ? 'message.markRead' : 'message.markUnread',
            field: 'status',
            from: row.status,
            to: status,
          });
        }
        if (isArchive !== undefined && isArchive !== row.isArchive) {
          changes.push({
            action: isArchive ? 'message.archive' : 'message.unarchive',
            field: 'isArchive',
            from: row.isArchive,
            to: isArchive,
          });
        }
        if (changes.length === 0) return toInboxMessage(row);
        const [updated] = await tx
          .update(userMessages)
          .set({
            ...(status !== undefined ? { status } : {}),
            ...(isArchive !== undefined ? { isArchive } : {}),
          })
          .where(eq(userMessages.id, row.id))
          .returning();
        if (!updated) throw notFound('No such message.');
        for (const change of changes) {
          await appendAudit(tx, {
            actorUserId: session.userId,
            actorEmail: session.email,
            action: change.action,
            targetType: 'user_message',
            targetId: row.id,
            details: {
              field: change.field,
              from: change.from,
              to: change.to,
              messageFromUserId: row.messageFromUserId,
              via: 'console',
            },
          });
        }
        return toInboxMessage(updated);
      });
    },
  );
}

function toInboxMessage(row: MessageRow): InboxMessage {
  return {
    id: row.id,
    messageType: row.messageType,
    message: row.message,
    attachment: row.attachment,
    attachmentUrl: attachmentHref(row.attachment),
    messageFromUserId: row.messageFromUserId,
    messageFromUserEmail: row.messageFromUserEmail,
    submittedDate: row.submittedDate.toISOString(),
    status: row.status,
    isArchive: row.isArchive,
  };
}

/** Unread and total per type within the inbox or the archive, and the archive's size. */
async function inboxCounts(ex: Executor, archived: boolean): Promise<InboxCounts> {
  const rows = await ex
    .select({
      type: userMessages.messageType,
      isArchive: userMessages.isArchive,
      unread: sql<number>`count(*) filter (where ${userMessages.status} = 'unread')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(userMessages)
    .groupBy(userMessages.messageType, userMessages.isArchive);
  const zero = () => ({ unread: 0, total: 0 });
  const counts: InboxCounts = {
    all: zero(),
    feedbacks: zero(),
    suggestions: zero(),
    issues: zero(),
    archived: 0,
  };
  for (const row of rows) {
    if (row.isArchive) counts.archived += row.total;
    if (row.isArchive !== archived) continue;
    counts[row.type].unread += row.unread;
    counts[row.type].total += row.total;
    counts.all.unread += row.unread;
    counts.all.total += row.total;
  }
  return counts;
}
