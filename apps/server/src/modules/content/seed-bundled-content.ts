import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportReport } from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { BUNDLED_BANKS_DIR } from '../../platform/paths.ts';
import { analyzeContentTables } from './import.repository.ts';
import { describeReport, importContentFile, sha256 } from './import-content-file.ts';
import { formatContentError } from './parse-content-file.ts';
import { lastAuditedHash, lockSeedKey } from './seed.repository.ts';

/** The banks shipped with the app: content/bank/*.json at the repository root. */
export const BUNDLED_BANK_DIR = BUNDLED_BANKS_DIR;

export const SEED_ACTION = 'content.seed' as const;

export type SeedResult =
  | { file: string; status: 'imported'; report: ImportReport }
  | { file: string; status: 'unchanged' }
  | { file: string; status: 'invalid'; errors: string[] };

interface SeedLogger {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

/**
 * Imports every bundled bank at server start. A file whose SHA-256 matches the last seed of that
 * file is skipped, so a restart costs one small query per file. The hash is kept in the audit log
 * (action `content.seed`, target the file's path, `details.sha256`): it needs no schema change,
 * lives in the same database as the content (a fresh database seeds again, a restored one knows
 * what it holds), and it is written in the import's own transaction, so a crash can never record a
 * hash for content that was not written.
 *
 * A file with errors is reported and skipped, not thrown: one typo in a bank must not keep the
 * whole service down; the other files still load and the previous content stays in place.
 */
export async function seedBundledContent(
  ex: Executor,
  options: { dir?: string; log?: SeedLogger } = {},
): Promise<SeedResult[]> {
  const dir = options.dir ?? BUNDLED_BANK_DIR;
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // A deployment that left the banks out serves no questions: say so where operators look.
    options.log?.warn({ dir }, 'no question banks found: no content was imported');
    return [];
  }
  const results: SeedResult[] = [];
  for (const file of files) {
    const target = `content/bank/${file}`;
    const text = await readFile(path.join(dir, file), 'utf8');
    const hash = sha256(text);
    // Several processes may start together on one fresh database: the first one through this
    // lock imports, the others then find its hash and skip.
    const outcome = await ex.transaction(async (tx) => {
      await lockSeedKey(tx, `${SEED_ACTION}:${target}`);
      if ((await lastAuditedHash(tx, SEED_ACTION, target)) === hash) return null;
      return importContentFile(tx, {
        fileName: file,
        text,
        audit: { actor: { userId: null, email: 'server' }, action: SEED_ACTION, target },
      });
    });
    if (outcome === null) {
      results.push({ file: target, status: 'unchanged' });
      continue;
    }
    if (outcome.ok) {
      results.push({ file: target, status: 'imported', report: outcome.report });
      options.log?.info({ file: target, report: describeReport(outcome.report) }, 'content seeded');
    } else {
      const errors = outcome.errors.map(formatContentError);
      results.push({ file: target, status: 'invalid', errors });
      options.log?.error({ file: target, errors }, 'bundled content file has errors; not imported');
    }
  }
  if (results.some((r) => r.status === 'imported')) await analyzeContentTables(ex);
  return results;
}

/**
 * For tests that need the real bank (e.g. browser tests of quizzes): seeds it and fails loudly if
 * a bundled file does not import.
 */
export async function seedBundledContentForTests(
  ex: Executor,
  options: { dir?: string } = {},
): Promise<SeedResult[]> {
  const results = await seedBundledContent(ex, options);
  const invalid = results.filter((r) => r.status === 'invalid');
  if (invalid.length > 0)
    throw new Error(
      invalid
        .map((r) => `${r.file}:\n  ${'errors' in r ? r.errors.slice(0, 20).join('\n  ') : ''}`)
        .join('\n'),
    );
  return results;
}
