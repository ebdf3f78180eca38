import { toAppConfig } from '../config/app-config.ts';
import { InvalidEnvironmentError, parseEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { ADMIN_USAGE, EXIT, runAdminCommand } from './admin-commands.ts';

/**
 * Operator command line (DESIGN.md "Staff"): `npm run admin -- grant-admin <email>` and friends,
 * against the same environment and database as the server (see ADMIN_USAGE).
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const [command] = args;
  // Usage needs no database.
  if (command === undefined || ['help', '--help', '-h'].includes(command)) {
    (command === undefined ? process.stderr : process.stdout).write(`${ADMIN_USAGE}\n`);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const database = await openDatabase(toAppConfig(env).database);
  try {
    return await runAdminCommand(args, {
      db: database.db,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
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
