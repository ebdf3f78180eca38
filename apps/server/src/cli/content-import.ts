import {
  CONTENT_IMPORT_USAGE,
  EXIT,
  runContentImport,
} from '../modules/content/content-import-command.ts';
import { runWithDatabase } from './run-with-database.ts';

/**
 * `npm run content:import -- <file.json|file.csv> [--dry-run]` (docs/content-format.md), against
 * the same environment and database as the server; migrations are applied on open.
 * Exit 0 imported (or dry run fine), 1 the file has errors (nothing written), 2 bad usage.
 */
const args = process.argv.slice(2);
if (args.length === 0) {
  process.stderr.write(`${CONTENT_IMPORT_USAGE}\n`);
  process.exitCode = EXIT.usage;
} else {
  // npm runs scripts from the repository root; INIT_CWD is where the operator typed the command.
  runWithDatabase((io) =>
    runContentImport(args, { ...io, cwd: process.env.INIT_CWD ?? process.cwd() }),
  );
}
