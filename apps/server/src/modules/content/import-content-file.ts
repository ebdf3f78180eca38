import { createHash } from 'node:crypto';
import type { ContentImportRequest, ContentImportResponse, ImportReport } from '@pasado/core';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ContentImportError, importContent } from './import-content.ts';
import { parseContentFile, sortErrors } from './parse-content-file.ts';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

class DryRunRollback extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
}

/** Who imported a file and how, for the audit row written with the import. */
export interface ImportAudit {
  actor: { userId: string | null; email: string };
  action: 'content.import' | 'content.seed';
  /** The audit row's target: the file's name, or its path in the repository for a bundled bank. */
  target: string;
  /** Added to the audit details next to the file's SHA-256 and the report. */
  details?: Record<string, unknown>;
}

export interface ImportContentFileInput {
  fileName: string;
  text: string;
  dryRun?: boolean;
  /** Audited in the import's transaction once the rows are written (not on a dry run). */
  audit?: ImportAudit;
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
      const { audit } = input;
      if (audit) {
        await appendAudit(tx, {
          actorUserId: audit.actor.userId,
          actorEmail: audit.actor.email,
          action: audit.action,
          targetType: 'content-file',
          targetId: audit.target,
          details: { sha256: sha256(input.text), report: written, ...audit.details },
        });
      }
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

/** An import from the staff console (dry run first), audited with the staff member. */
export function importFromConsole(
  ex: Executor,
  actor: { userId: string; email: string },
  request: ContentImportRequest,
): Promise<ContentImportResponse> {
  const { fileName, text, dryRun } = request;
  return importContentFile(ex, {
    fileName,
    text,
    dryRun,
    audit: { actor, action: 'content.import', target: fileName, details: { via: 'console' } },
  });
}

/** "subjects 2 created, 0 updated, 1 unchanged" — one line per kind, for the CLI and the logs. */
export function describeReport(report: ImportReport): string[] {
  const kinds = ['subjects', 'topics', 'questions', 'flashCards', 'notes', 'blueprints'] as const;
  return kinds.map((kind) => {
    const c = report[kind];
    return `${kind.padEnd(11)} ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`;
  });
}
