import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from '../constants.ts';
import { MESSAGE_FORM_MESSAGES } from '../messages.ts';
import { type ImageType, storedImageName } from '../purchase.ts';
import { stripHtml } from '../validation.ts';

/** docs/product.md#entities messageType (the values of core MESSAGE_TYPES). */
export const messageTypeSchema = z.enum(['feedbacks', 'suggestions', 'issues'], {
  error: MESSAGE_FORM_MESSAGES.PICK_TYPE,
});

/**
 * POST /api/messages (docs/product.md#message-modal, #entities User message, #validation): the text is
 * HTML-stripped (docs/product.md#validation text helper), trimmed, and must then hold 1–500 characters. `attachment`
 * is the path returned by POST /api/messages/attachments, or null.
 */
export const sendMessageInputSchema = z.object({
  messageType: messageTypeSchema,
  message: z
    .string()
    .transform((text) => stripHtml(text).trim())
    .pipe(
      z
        .string()
        .min(1, MESSAGE_FORM_MESSAGES.EMPTY)
        .max(MESSAGE_MAX_LENGTH, MESSAGE_FORM_MESSAGES.TOO_LONG),
    ),
  attachment: z.string().max(300).nullable().default(null),
});
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;

export const sendMessageResultSchema = z.object({ id: z.string(), submittedDate: z.string() });
export type SendMessageResult = z.infer<typeof sendMessageResultSchema>;

/** POST /api/messages/attachments answers where the image was stored. */
export const messageAttachmentResultSchema = z.object({ path: z.string(), url: z.string() });
export type MessageAttachmentResult = z.infer<typeof messageAttachmentResultSchema>;

/** Folder of message images in file storage (docs/product.md#file-storage). */
export const USER_FEEDBACK_FOLDER = 'images/userFeedbacks';

/** images/userFeedbacks/{userId}_{timestamp}_{filename} (docs/product.md#server-functions), the file name sanitised. */
export function userFeedbackPath(
  userId: string,
  timestampMs: number,
  fileName: string,
  type: ImageType,
): string {
  return `${USER_FEEDBACK_FOLDER}/${userId}_${timestampMs}_${storedImageName(fileName, type)}`;
}

/** Whether a storage path is a message image of this user, as made by userFeedbackPath. */
export function isUserFeedbackPathOf(path: string, userId: string): boolean {
  const prefix = `${USER_FEEDBACK_FOLDER}/${userId}_`;
  return path.startsWith(prefix) && /^\d+_[A-Za-z0-9._-]{1,100}$/.test(path.slice(prefix.length));
}
