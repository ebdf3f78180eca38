import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/platform/db/client.ts';
import { createTestDatabase } from '../../helpers/test-database.ts';

/**
 * The embedded engine starts with 32 MB of shared buffers, not PostgreSQL's 128 MB, which it would
 * touch at start and hold for the process's life (issue 25 item 4; docs/benchmarks.md).
 */
describe('PGlite start-up settings', () => {
  const sharedBuffers = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
    const result = await database.db.execute(sql`show shared_buffers`);
    return (result as unknown as { rows: { shared_buffers: string }[] }).rows[0]?.shared_buffers;
  };

  it('holds 32 MB of shared buffers in memory (the tests’ copies of the template)', async () => {
    const test = await createTestDatabase('pglite');
    try {
      expect(await sharedBuffers(test.database)).toBe('32MB');
    } finally {
      await test.drop();
    }
  });

  // A fresh data directory is created and migrated from empty: slow on a busy machine.
  it('holds 32 MB of shared buffers in a data directory', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pasado-pglite-settings-'));
    try {
      const database = await openDatabase({ engine: 'pglite', dataDir: dir });
      try {
        expect(await sharedBuffers(database)).toBe('32MB');
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
