import { createHash } from 'node:crypto';
import { isUserFeedbackPathOf, MESSAGES, sniffImageType, userFeedbackPath } from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { deleteUpload, findUpload, insertUpload } from '../subscriptions/payments.repository.ts';

/** The download URL of a stored file (GET /api/files/*: the owner or staff only). */
export const fileUrl = (objectPath: string) => `/api/files/${objectPath}`;

/**
 * Stores a message image at images/userFeedbacks/{userId}_{timestamp}_{filename} (SPEC §7) and
 * records it as the sender's upload. The declared type and the bytes must both say image
 * (SPEC §5 "image files only"; SVG is refused, it can carry script). The caller limits the size.
 */
export async function storeMessageAttachment(
  ex: Executor,
  storage: FileStorage,
  input: { userId: string; bytes: Buffer; declaredType: string; fileName: string; now: Date },
): Promise<string> {
  const { userId, bytes } = input;
  if (bytes.length === 0) throw new AppError('INVALID_ARGUMENT', MESSAGES.MISSING_UPLOAD_FILE);
  const sniffed = sniffImageType(bytes);
  if (!/^image\//i.test(input.declaredType) || sniffed === null) {
    throw new AppError('INVALID_ARGUMENT', MESSAGES.IMAGES_ONLY);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  // {timestamp} is server time in ms; a clash (same name, same millisecond) takes the next one.
  let timestamp = input.now.getTime();
  for (let attempt = 0; attempt < 5; attempt += 1, timestamp += 1) {
    const objectPath = userFeedbackPath(userId, timestamp, input.fileName || 'image');
    const claimed = await insertUpload(ex, {
      path: objectPath,
      ownerUserId: userId,
      sha256,
      contentType: sniffed,
      sizeBytes: bytes.length,
    });
    if (!claimed) continue;
    try {
      await storage.put(objectPath, bytes, sniffed);
    } catch (error) {
      // The record must not point at a file that was never written.
      await deleteUpload(ex, objectPath);
      throw error;
    }
    return objectPath;
  }
  throw new AppError('INTERNAL', 'Could not store the image.');
}

/** Whether `objectPath` is a message image this user uploaded (and it is still recorded). */
export async function ownsMessageAttachment(
  ex: Executor,
  userId: string,
  objectPath: string,
): Promise<boolean> {
  if (!isUserFeedbackPathOf(objectPath, userId)) return false;
  const upload = await findUpload(ex, objectPath);
  return upload?.ownerUserId === userId;
}

/**
 * Deletes a message image and its uploads row (SPEC §7: "The feedback image is deleted if saving
 * the message fails"). Only the sender's own message images; anything else is left alone.
 */
export async function discardMessageAttachment(
  ex: Executor,
  storage: FileStorage,
  userId: string,
  objectPath: string,
): Promise<void> {
  if (!(await ownsMessageAttachment(ex, userId, objectPath))) return;
  await storage.delete(objectPath);
  await deleteUpload(ex, objectPath);
}
