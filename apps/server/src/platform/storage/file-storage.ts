import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (docs/product.md#file-storage). One small interface so the local disk default
 * can be swapped for an object store without touching the routes.
 */
export interface FileStorage {
  put(objectPath: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored at that path. */
  get(objectPath: string): Promise<Buffer | null>;
  /**
   * The stored bytes as a stream (for serving), or null when nothing is stored at that path;
   * with `range`, only bytes `start` to `end` inclusive (a resumed download).
   */
  stream(objectPath: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(objectPath: string): Promise<void>;
}

/** Bytes `start` to `end` of a stored file, both inclusive (an HTTP Range). */
export type ByteRange = { start: number; end: number };

const OBJECT_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Refuses anything but plain relative segments, so no path can leave the storage root. */
export function assertObjectPath(objectPath: string): void {
  if (!OBJECT_PATH.test(objectPath) || objectPath.length > 300) {
    throw new Error(`Invalid storage path: ${objectPath}`);
  }
}

/** Local disk storage under `root` (by default `${DATA_DIR}/storage`). */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (objectPath: string) => {
    assertObjectPath(objectPath);
    const full = path.resolve(root, objectPath);
    if (!full.startsWith(path.resolve(root) + path.sep)) {
      throw new Error(`Invalid storage path: ${objectPath}`);
    }
    return full;
  };
  return {
    async put(objectPath, bytes) {
      const full = resolve(objectPath);
      await mkdir(path.dirname(full), { recursive: true });
      // Write then rename: a reader never sees a half-written file.
      const temp = `${full}.${process.pid}.${Date.now()}.part`;
      await writeFile(temp, bytes, { flag: 'wx' });
      await rename(temp, full);
    },
    async get(objectPath) {
      try {
        return await readFile(resolve(objectPath));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async stream(objectPath, range) {
      const full = resolve(objectPath);
      try {
        await stat(full);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return createReadStream(full, range ? { start: range.start, end: range.end } : {});
    },
    async delete(objectPath) {
      await rm(resolve(objectPath), { force: true });
    },
  };
}
