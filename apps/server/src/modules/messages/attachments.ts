import { isUserFeedbackPathOf } from '@pasado/core';
import type { Db, Executor } from '../../platform/db/client.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { findUpload } from '../uploads/repository.ts';
import { lockUser } from '../users/repository.ts';
import { deleteUncitedMessageImage } from './attachments.read-model.ts';

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
 * Deletes a message image and its uploads row (docs/product.md#file-storage: "The feedback image is
 * deleted if saving the message fails"). Only the sender's own message images, and only while no
 * saved message cites it: a failed send may name the image an earlier message was saved with.
 */
export async function discardMessageAttachment(
  ex: Db,
  storage: FileStorage,
  userId: string,
  objectPath: string,
): Promise<void> {
  if (!isUserFeedbackPathOf(objectPath, userId)) return;
  // Under the sender's row, which a send citing the image holds until its message is saved: the
  // delete's own statement then sees that message (docs/product.md#file-storage).
  const removed = await ex.transaction(async (tx) => {
    await lockUser(tx, userId);
    return deleteUncitedMessageImage(tx, userId, objectPath);
  });
  if (removed) await storage.delete(objectPath);
}
