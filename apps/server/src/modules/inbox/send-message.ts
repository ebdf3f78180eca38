import { MESSAGE_FORM_MESSAGES, sendMessageInputSchema } from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { userMessages } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { discardMessageAttachment, fileUrl, ownsMessageAttachment } from './attachments.ts';

export type Sender = { userId: string; email: string };

/**
 * Saves a send-us-a-message message (SPEC §2, §3 User message): HTML stripped, 1–500 characters,
 * server time, status 'unread', not archived. When anything fails — bad input, a foreign
 * attachment, the insert itself — the attached image is deleted and the call fails (SPEC §7, §8),
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
    if (attachment !== null && !(await ownsMessageAttachment(db, sender.userId, attachment))) {
      throw new AppError('INVALID_ARGUMENT', MESSAGE_FORM_MESSAGES.BAD_ATTACHMENT);
    }
    const [row] = await db
      .insert(userMessages)
      .values({
        messageType,
        message,
        attachment: attachment === null ? null : fileUrl(attachment),
        messageFromUserId: sender.userId,
        messageFromUserEmail: sender.email,
        submittedDate: now,
        status: 'unread',
        isArchive: false,
      })
      .returning({ id: userMessages.id, submittedDate: userMessages.submittedDate });
    if (!row) throw new AppError('INTERNAL', 'The message was not saved.');
    return { id: row.id, submittedDate: row.submittedDate.toISOString() };
  } catch (error) {
    if (claimedAttachment !== null) {
      await discardMessageAttachment(db, storage, sender.userId, claimedAttachment);
    }
    throw error;
  }
}
