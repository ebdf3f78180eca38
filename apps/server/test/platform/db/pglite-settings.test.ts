import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/platform/db/client.ts';

/**
 * The embedded engine starts with 32 MB of shared buffers, not PostgreSQL's 128 MB, which it would
 * touch at start and hold for the process's life (issue 25 item 4; docs/benchmarks.md).
 */
describe('PGlite start-up settings', () => {
  const sharedBuffers = async (options: Parameters<typeof openDatabase>[0]) => {
    const database = await openDatabase(options);
    try {
      const result = await database.db.execute(sql`show shared_buffers`);
      return (result as unknown as { rows: { shared_buffers: string }[] }).rows[0]?.shared_buffers;
    } finally {
      await database.close();
    }
  };

  it('holds 32 MB of shared buffers in a data directory and in memory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pasado-pglite-settings-'));
    try {
      expect(await sharedBuffers({ engine: 'pglite', dataDir: dir })).toBe('32MB');
      expect(await sharedBuffers({ engine: 'pglite', dataDir: null })).toBe('32MB');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
