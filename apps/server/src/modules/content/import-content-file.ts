import { createHash } from 'node:crypto';
import type { ContentImportResponse, ImportReport } from '@pasado/core';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { ContentImportError, importContent } from './import-content.ts';
import { parseContentFile, sortErrors } from './parse-content-file.ts';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

class DryRunRollback extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
}

export interface ImportContentFileInput {
  fileName: string;
  text: string;
  dryRun?: boolean;
  /** Runs in the import's transaction once the rows are written (not on a dry run): the audit. */
  afterImport?: (tx: Tx, report: ImportReport) => Promise<void>;
}

/**
 * Parse, validate and import one content file — the path shared by the CLI, the staff console and
 * the bundled-bank seeding. A dry run does the whole import and rolls it back, so its report counts
 * exactly what a real import would create, update and leave unchanged.
 */
export async function importContentFile(
  ex: Executor,
  input: ImportContentFileInput,
): Promise<ContentImportResponse> {
  const parsed = parseContentFile(input.fileName, input.text);
  if (!parsed.ok) return parsed;
  try {
    const report = await ex.transaction(async (tx) => {
      const written = await importContent(tx, parsed.bundle);
      if (input.dryRun) throw new DryRunRollback(written);
      await input.afterImport?.(tx, written);
      return written;
    });
    return { ok: true, dryRun: false, report };
  } catch (error) {
    if (error instanceof DryRunRollback) return { ok: true, dryRun: true, report: error.report };
    if (error instanceof ContentImportError)
      return { ok: false, errors: sortErrors(error.issues.map(parsed.toError)) };
    throw error;
  }
}

/** "subjects 2 created, 0 updated, 1 unchanged" — one line per kind, for the CLI and the logs. */
export function describeReport(report: ImportReport): string[] {
  const kinds = ['subjects', 'topics', 'questions', 'flashCards', 'notes', 'blueprints'] as const;
  return kinds.map((kind) => {
    const c = report[kind];
    return `${kind.padEnd(11)} ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`;
  });
}
