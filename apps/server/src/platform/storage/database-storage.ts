import { Readable } from 'node:stream';
import type { Db } from '../db/client.ts';
import { assertObjectPath, type FileStorage } from './file-storage.ts';
import {
  deleteStoredFile,
  readStoredFileChunks,
  readStoredFileHead,
  writeStoredFile,
} from './stored-files.repository.ts';

export const CHUNK_BYTES = 256 * 1024;
/** Chunks read per round trip while streaming: about 1 MB in memory at a time. */
const CHUNKS_PER_READ = 4;

/**
 * Files in PostgreSQL (DATABASE_URL set): every app process reads and writes the same files, so
 * several instances on several hosts serve each other's uploads (issue 9, finding 13). Written in
 * one transaction, so a reader sees a whole file or none; read back in chunks.
 */
export function createDatabaseStorage(db: Db): FileStorage {
  const readChunks = (objectPath: string, fromSeq: number) =>
    readStoredFileChunks(db, objectPath, fromSeq, CHUNKS_PER_READ);

  const head = (objectPath: string) => {
    assertObjectPath(objectPath);
    return readStoredFileHead(db, objectPath);
  };

  return {
    async put(objectPath, bytes, contentType) {
      assertObjectPath(objectPath);
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const chunks: Buffer[] = [];
      for (let at = 0; at < buffer.length; at += CHUNK_BYTES) {
        chunks.push(buffer.subarray(at, at + CHUNK_BYTES));
      }
      await writeStoredFile(db, {
        path: objectPath,
        contentType,
        sizeBytes: buffer.length,
        chunks,
      });
    },
    async get(objectPath) {
      const file = await head(objectPath);
      if (!file) return null;
      const parts: Buffer[] = [];
      for (let seq = 0; seq < file.chunks; seq += CHUNKS_PER_READ) {
        parts.push(...(await readChunks(objectPath, seq)));
      }
      return Buffer.concat(parts, file.sizeBytes);
    },
    async stream(objectPath, range) {
      const file = await head(objectPath);
      if (!file) return null;
      const start = range?.start ?? 0;
      const end = range?.end ?? file.sizeBytes - 1;
      // Only the chunks the range touches are read; the first and last are cut to it.
      let seq = Math.floor(start / CHUNK_BYTES);
      const last = Math.floor(end / CHUNK_BYTES);
      return Readable.from(
        (async function* () {
          while (seq <= last && seq < file.chunks) {
            const chunks = await readChunks(objectPath, seq);
            if (chunks.length === 0) return;
            for (const chunk of chunks) {
              if (seq > last) return;
              const offset = seq * CHUNK_BYTES;
              yield chunk.subarray(
                Math.max(0, start - offset),
                Math.min(chunk.length, end - offset + 1),
              );
              seq += 1;
            }
          }
        })(),
      );
    },
    async delete(objectPath) {
      assertObjectPath(objectPath);
      await deleteStoredFile(db, objectPath);
    },
  };
}
