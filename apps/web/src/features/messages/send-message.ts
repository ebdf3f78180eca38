import type { MessageAttachmentResult, MessageType, SendMessageInput } from '@pasado/core';
import { MESSAGE_FORM_MESSAGES } from '@pasado/core';
import { ApiError, apiFetch, toApiError } from '../../lib/api.ts';

/** The image upload can take a while on slow mobile data. */
const UPLOAD_TIMEOUT_MS = 120_000;

export type SendOutcome = { ok: true } | { ok: false; message: string };

/** The raw image to POST /api/messages/attachments (apiFetch sends JSON bodies only). */
async function uploadImage(file: File): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  try {
    const response = await fetch('/api/messages/attachments', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': file.type,
        'X-File-Name': encodeURIComponent(file.name),
      },
      body: file,
      signal: controller.signal,
    });
    if (!response.ok) throw await toApiError(response);
    return ((await response.json()) as MessageAttachmentResult).path;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends a message (SPEC §2 Send-us-a-message modal, §7 File storage): the image first, to
 * images/userFeedbacks/…, then the message citing it. Never throws: a failure answers `ok: false`
 * (SPEC §8 "A message send failure returns false") with a text to show on slide 2. When saving
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
    const response = await apiFetch('/api/messages', { method: 'POST', json: body });
    if (!response.ok) throw await toApiError(response);
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
