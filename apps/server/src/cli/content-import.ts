import { toAppConfig } from '../config/app-config.ts';
import { InvalidEnvironmentError, parseEnv } from '../config/env.ts';
import { CONTENT_IMPORT_USAGE, EXIT, runContentImport } from '../content/content-import-command.ts';
import { openDatabase } from '../db/client.ts';

/**
 * `npm run content:import -- <file.json|file.csv> [--dry-run]` (docs/content-format.md), against
 * the same environment and database as the server; migrations are applied on open.
 * Exit 0 imported (or dry run fine), 1 the file has errors (nothing written), 2 bad usage.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0) {
    process.stderr.write(`${CONTENT_IMPORT_USAGE}\n`);
    return EXIT.usage;
  }
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      return EXIT.usage;
    }
    throw error;
  }
  const database = await openDatabase(toAppConfig(env).database);
  try {
    return await runContentImport(args, {
      db: database.db,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
      cwd: process.env.INIT_CWD ?? process.cwd(),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
