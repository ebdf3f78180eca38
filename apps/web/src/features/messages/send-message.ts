import type { MessageAttachmentResult, SendMessageInput } from '@pasado/core/contract';
import { MESSAGE_FORM_MESSAGES, type MessageType } from '@pasado/core/rules';
import { ApiError, apiFetch, sendJson, toApiError } from '../../lib/api.ts';

/** The image upload can take a while on slow mobile data. */
const UPLOAD_TIMEOUT_MS = 120_000;

export type SendOutcome = { ok: true } | { ok: false; message: string };

/** The raw image to POST /api/messages/attachments; answers its storage path. */
async function uploadImage(file: File): Promise<string> {
  const response = await apiFetch('/api/messages/attachments', {
    method: 'POST',
    file,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  if (!response.ok) throw await toApiError(response);
  return ((await response.json()) as MessageAttachmentResult).path;
}

/**
 * Sends a message (docs/product.md#message-modal, #file-storage): the image first, to
 * images/userFeedbacks/…, then the message citing it. Never throws: a failure answers `ok: false`
 * (docs/product.md#message-modal "A message send failure returns false") with a text to show on slide 2. When saving
 * fails the server has deleted the image, so the next try uploads it again.
 */
export async function sendMessage(input: {
  messageType: MessageType;
  message: string;
  image: File | null;
}): Promise<SendOutcome> {
  try {
    const attachment = input.image ? await uploadImage(input.image) : null;
    const body: SendMessageInput = {
      messageType: input.messageType,
      message: input.message,
      attachment,
    };
    await sendJson('/api/messages', { json: body });
    return { ok: true };
  } catch (error) {
    console.warn('sending the message failed', error);
    const message =
      error instanceof ApiError && error.status < 500
        ? error.message
        : MESSAGE_FORM_MESSAGES.SEND_FAILED;
    return { ok: false, message };
  }
}
