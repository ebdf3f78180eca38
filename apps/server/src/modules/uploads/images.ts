import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type ImageType,
  MESSAGES,
  paymentScreenshotPath,
  sniffImageType,
  userFeedbackPath,
} from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { AppError, notFound, permissionDenied } from '../../platform/errors/app-error.ts';
import type { ByteRange, FileStorage } from '../../platform/storage/file-storage.ts';
import { decodeFileName } from '../../platform/storage/raw-image-body.ts';
import { deleteUpload, findUpload, insertUpload } from './repository.ts';

/** The download URL of a stored file (GET /api/files/*: the owner or staff only). */
export const fileUrl = (objectPath: string) => `/api/files/${objectPath}`;

/**
 * The images students upload (docs/product.md#file-storage) and where each goes:
 * images/paymentScreenshots/{timestamp}_{filename} and
 * images/userFeedbacks/{userId}_{timestamp}_{filename}, the name sanitised by core.
 */
const IMAGE_KINDS = {
  paymentScreenshot: {
    objectPath: (_userId: string, timestamp: number, fileName: string, type: ImageType) =>
      paymentScreenshotPath(timestamp, fileName, type),
    defaultName: 'screenshot',
    failed: MESSAGES.UPLOAD_SCREENSHOT_FAILED,
  },
  messageAttachment: {
    objectPath: userFeedbackPath,
    defaultName: 'image',
    failed: 'Could not store the image.',
  },
} as const;

export type ImageKind = keyof typeof IMAGE_KINDS;

/** Same name in the same millisecond: the next millisecond is tried, this many times in all. */
const PATH_ATTEMPTS = 6;

export interface StoreImageInput {
  kind: ImageKind;
  userId: string;
  /** The raw request body (a Buffer), or undefined when none was sent. */
  body: unknown;
  /** The request's content-type header. */
  declaredType: string | undefined;
  /** The request's x-file-name header (percent-encoded by the web app). */
  fileName: string | string[] | undefined;
  now: Date;
}

export interface StoredImage {
  path: string;
  sha256: string;
  url: string;
}

/**
 * Stores an uploaded image and records it as the uploader's (docs/product.md#validation "image files only", #server-functions, #errors).
 * The declared type and the bytes must both say image; SVG is refused, it can carry script. The
 * size limit is the route's body limit (platform/storage/raw-image-body.ts). {timestamp} is `now`
 * in milliseconds.
 */
export async function storeImage(
  ex: Executor,
  storage: FileStorage,
  input: StoreImageInput,
): Promise<StoredImage> {
  const { body, userId } = input;
  const kind = IMAGE_KINDS[input.kind];
  if (body !== undefined && !Buffer.isBuffer(body)) {
    throw new AppError('INVALID_ARGUMENT', MESSAGES.IMAGES_ONLY);
  }
  if (body === undefined || body.length === 0) {
    throw new AppError('INVALID_ARGUMENT', MESSAGES.MISSING_UPLOAD_FILE);
  }
  const sniffed = sniffImageType(body);
  if (!/^image\//i.test(input.declaredType ?? '') || sniffed === null) {
    throw new AppError('INVALID_ARGUMENT', MESSAGES.IMAGES_ONLY);
  }
  const fileName = decodeFileName(input.fileName, kind.defaultName);
  const sha256 = createHash('sha256').update(body).digest('hex');
  const start = input.now.getTime();
  for (let attempt = 0; attempt < PATH_ATTEMPTS; attempt += 1) {
    const objectPath = kind.objectPath(userId, start + attempt, fileName, sniffed);
    const claimed = await insertUpload(ex, {
      path: objectPath,
      ownerUserId: userId,
      sha256,
      contentType: sniffed,
      sizeBytes: body.length,
      // What the student called it, for staff only: the stored name takes the sniffed extension.
      originalName: fileName.slice(0, 255),
    });
    if (!claimed) continue;
    try {
      await storage.put(objectPath, body, sniffed);
    } catch (error) {
      // The record must not point at a file that was never written.
      await deleteUpload(ex, objectPath);
      throw Object.assign(new AppError('INTERNAL', kind.failed), { cause: error });
    }
    return { path: objectPath, sha256, url: fileUrl(objectPath) };
  }
  throw new AppError('INTERNAL', kind.failed);
}

/** Deletes a stored file and its record; the caller decides whose files may go. */
export async function deleteImage(
  ex: Executor,
  storage: FileStorage,
  objectPath: string,
): Promise<void> {
  await storage.delete(objectPath);
  await deleteUpload(ex, objectPath);
}

/** A stored file for its owner or staff (GET /api/files/*); 404 when unknown, 403 for others. */
export async function readStoredFile(
  ex: Executor,
  storage: FileStorage,
  reader: { userId: string; role: string },
  objectPath: string,
): Promise<StoredFileRead> {
  const upload = await findUpload(ex, objectPath);
  if (!upload) throw notFound('No such file.');
  if (upload.ownerUserId !== reader.userId && reader.role !== 'admin') throw permissionDenied();
  return {
    contentType: upload.contentType,
    sizeBytes: upload.sizeBytes,
    sha256: upload.sha256,
    open: async (range) => {
      const stream = await storage.stream(upload.path, range);
      if (!stream) throw notFound('No such file.');
      return stream;
    },
  };
}

/** A stored file its reader may have: what it is, and its bytes (all, or a range) on demand. */
export type StoredFileRead = {
  contentType: string;
  sizeBytes: number;
  /** The content hash: the file's strong ETag (a path's bytes never change). */
  sha256: string;
  open(range?: ByteRange): Promise<Readable>;
};
