import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../../platform/db/client.ts';
import { describeReport, importContentFile } from './import-content-file.ts';
import { contentFormatOf, formatContentError } from './parse-content-file.ts';

export const CONTENT_IMPORT_USAGE = `Usage: npm run content:import -- <file.json|file.csv> [--dry-run]

Imports one reviewer's content (docs/content-format.md) into the configured database.
  --dry-run   check the file and report what would change; write nothing`;

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export interface ContentImportIo {
  db: Executor;
  out(line: string): void;
  err(line: string): void;
  /** Where a relative path is resolved from (npm runs scripts at the root; INIT_CWD is the caller's). */
  cwd: string;
}

/** `content:import`'s work, apart from the process: testable without spawning. */
export async function runContentImport(args: string[], io: ContentImportIo): Promise<number> {
  const dryRun = args.includes('--dry-run');
  const rest = args.filter((a) => a !== '--dry-run');
  const [file, ...extra] = rest;
  if (args.some((a) => ['--help', '-h', 'help'].includes(a))) {
    io.out(CONTENT_IMPORT_USAGE);
    return EXIT.ok;
  }
  const unknownFlag = rest.find((a) => a.startsWith('-'));
  if (file === undefined || extra.length > 0 || unknownFlag || contentFormatOf(file) === null) {
    if (unknownFlag) io.err(`Unknown option: ${unknownFlag}`);
    else if (file !== undefined && contentFormatOf(file) === null)
      io.err(`${file}: the file must end in .json or .csv.`);
    io.err(CONTENT_IMPORT_USAGE);
    return EXIT.usage;
  }
  const fullPath = path.resolve(io.cwd, file);
  let text: string;
  try {
    text = await readFile(fullPath, 'utf8');
  } catch (error) {
    io.err(`Cannot read ${file}: ${(error as Error).message}`);
    return EXIT.failed;
  }
  const outcome = await importContentFile(io.db, {
    fileName: path.basename(fullPath),
    text,
    dryRun,
    audit: {
      actor: { userId: null, email: 'cli' },
      action: 'content.import',
      target: path.basename(fullPath),
      details: { via: 'cli' },
    },
  });
  if (!outcome.ok) {
    io.err(`${file}: ${outcome.errors.length} problem(s); nothing was imported.`);
    for (const error of outcome.errors) io.err(formatContentError(error));
    return EXIT.failed;
  }
  io.out(
    outcome.dryRun
      ? `${file}: dry run for ${outcome.report.reviewer}; nothing was written. It would change:`
      : `${file}: imported for ${outcome.report.reviewer}.`,
  );
  for (const line of describeReport(outcome.report)) io.out(`  ${line}`);
  return EXIT.ok;
}
