import { isUserFeedbackPathOf } from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { deleteImage } from '../uploads/images.ts';
import { findUpload } from '../uploads/repository.ts';

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
 * Deletes a message image and its uploads row (docs/product.md#file-storage: "The feedback image is deleted if saving
 * the message fails"). Only the sender's own message images; anything else is left alone.
 */
export async function discardMessageAttachment(
  ex: Executor,
  storage: FileStorage,
  userId: string,
  objectPath: string,
): Promise<void> {
  if (!(await ownsMessageAttachment(ex, userId, objectPath))) return;
  await deleteImage(ex, storage, objectPath);
}
