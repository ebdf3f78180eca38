import path from 'node:path';
import type { Database } from '../db/client.ts';
import { createDatabaseStorage } from './database-storage.ts';
import { createLocalStorage, type FileStorage } from './file-storage.ts';

/**
 * The app's storage: PostgreSQL when the app runs on it (shared by every process), local disk
 * under `${DATA_DIR}/storage` for the embedded default.
 */
export function storageFor(database: Database, dataDir: string): FileStorage {
  return database.engine === 'postgres'
    ? createDatabaseStorage(database.db)
    : createLocalStorage(path.join(dataDir, 'storage'));
}
