import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db/client.ts';
import { MIGRATIONS_DIR } from '../../src/platform/paths.ts';
import '../helpers/provided-context.ts';

/**
 * Migrates one database per engine once per run, so each test file copies it instead of
 * applying every migration again (issue 22 item 4: about 2 s of PGlite work per file). Named by a
 * hash of the migrations, so a changed migration makes a new template and parallel runs of other
 * checkouts never share one.
 */
export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  const pgliteFile = await pgliteTemplate(hash);
  project.provide('pgliteTemplate', pgliteFile);
  project.provide('postgresTemplate', await postgresTemplate(hash));
  return () => rmSync(pgliteFile, { force: true });
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(hash: string): Promise<string> {
  const file = path.join(tmpdir(), `pasado-pglite-template-${hash}-${process.pid}.tar`);
  const database = await openDatabase({ engine: 'pglite', dataDir: null });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return file;
}

async function postgresTemplate(hash: string): Promise<string | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `pasado_template_${hash}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      // Built under a temporary name and renamed when whole: a run that stopped half-way leaves
      // no template that other runs would copy.
      const building = `pasado_template_building_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 2 });
      await database.close();
      try {
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch {
        // Another run made the same template meanwhile: theirs is as good.
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      }
    }
  } finally {
    await admin.end();
  }
  return name;
}
