import {
  attachmentHref,
  decodeAdminCursor,
  encodeAdminCursor,
  MESSAGE_FORM_MESSAGES,
  type MessageCounts,
  type MessagesPage,
  type MessageUpdateBody,
  type messagesQuerySchema,
  type StaffMessage,
  sendMessageInputSchema,
} from '@pasado/core';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { fileUrl } from '../uploads/images.ts';
import { lockUser } from '../users/repository.ts';
import { discardMessageAttachment, ownsMessageAttachment } from './attachments.ts';
import {
  countMessages,
  insertMessage,
  listMessages,
  lockMessage,
  type UserMessage,
  updateMessage,
} from './repository.ts';

export type Sender = { userId: string; email: string };

/**
 * Saves a send-us-a-message message (docs/product.md#screens, #entities User message): HTML stripped, 1–500 characters,
 * server time, status 'unread', not archived. When anything fails — bad input, a foreign
 * attachment, the insert itself — the attached image is deleted and the call fails (docs/product.md#server-functions, #errors),
 * so the web app stays on slide 2 and sends the image again with the next try.
 */
export async function sendMessage(
  db: Db,
  storage: FileStorage,
  sender: Sender,
  raw: unknown,
  now: Date,
): Promise<{ id: string; submittedDate: string }> {
  const claimedAttachment =
    typeof raw === 'object' &&
    raw !== null &&
    'attachment' in raw &&
    typeof raw.attachment === 'string'
      ? raw.attachment
      : null;
  try {
    const parsed = sendMessageInputSchema.safeParse(raw);
    if (!parsed.success) {
      throw new AppError('INVALID_ARGUMENT', parsed.error.issues[0]?.message ?? 'Invalid message.');
    }
    const { messageType, message, attachment } = parsed.data;
    const row = await db.transaction(async (tx) => {
      // The sender's row, as a purchase citing its screenshot and the orphan sweep take it: a
      // refused send's delete of this image waits until the citing message is saved, or goes
      // first and this send is told the image is gone.
      if (attachment !== null) {
        await lockUser(tx, sender.userId);
        if (!(await ownsMessageAttachment(tx, sender.userId, attachment))) {
          throw new AppError('INVALID_ARGUMENT', MESSAGE_FORM_MESSAGES.BAD_ATTACHMENT);
        }
      }
      return insertMessage(tx, {
        messageType,
        message,
        attachment: attachment === null ? null : fileUrl(attachment),
        messageFromUserId: sender.userId,
        messageFromUserEmail: sender.email,
        submittedDate: now,
        status: 'unread',
        isArchive: false,
      });
    });
    if (!row) throw new AppError('INTERNAL', 'The message was not saved.');
    return { id: row.id, submittedDate: row.submittedDate.toISOString() };
  } catch (error) {
    if (claimedAttachment !== null) {
      await discardMessageAttachment(db, storage, sender.userId, claimedAttachment);
    }
    throw error;
  }
}

/**
 * The staff inbox (issue 5 item 5): newest first, archived hidden unless asked, one page after the
 * cursor, with the counts of the inbox or the archive being shown.
 */
export async function listStaffMessages(
  db: Db,
  query: z.output<typeof messagesQuerySchema>,
): Promise<MessagesPage> {
  const { type, status, archived, limit, cursor } = query;
  const rows = await listMessages(db, {
    type,
    status,
    archived,
    after: cursor ? decodeAdminCursor(cursor) : null,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toStaffMessage),
    counts: await messageCounts(db, archived),
    nextCursor: rows.length > limit && last ? encodeAdminCursor(last.submittedDate, last.id) : null,
  };
}

/**
 * Marks a message read or unread and archives or unarchives it; each change that happens is
 * audited like every staff action, in the same transaction.
 */
export async function updateStaffMessage(
  db: Db,
  actor: { userId: string; email: string },
  id: string,
  update: MessageUpdateBody,
): Promise<StaffMessage> {
  const { status, isArchive } = update;
  return db.transaction(async (tx) => {
    // The row lock makes two staff toggling at once leave one audited change each, in order.
    const row = await lockMessage(tx, id);
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
    if (changes.length === 0) return toStaffMessage(row);
    const updated = await updateMessage(tx, row.id, {
      ...(status !== undefined ? { status } : {}),
      ...(isArchive !== undefined ? { isArchive } : {}),
    });
    if (!updated) throw notFound('No such message.');
    for (const change of changes) {
      await appendAudit(tx, {
        actorUserId: actor.userId,
        actorEmail: actor.email,
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
    return toStaffMessage(updated);
  });
}

function toStaffMessage(row: UserMessage): StaffMessage {
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
async function messageCounts(db: Db, archived: boolean): Promise<MessageCounts> {
  const zero = () => ({ unread: 0, total: 0 });
  const counts: MessageCounts = {
    all: zero(),
    feedbacks: zero(),
    suggestions: zero(),
    issues: zero(),
    archived: 0,
  };
  for (const row of await countMessages(db)) {
    if (row.isArchive) counts.archived += row.total;
    if (row.isArchive !== archived) continue;
    counts[row.type].unread += row.unread;
    counts[row.type].total += row.total;
    counts.all.unread += row.unread;
    counts.all.total += row.total;
  }
  return counts;
}
