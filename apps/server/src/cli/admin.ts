import { ADMIN_USAGE, EXIT, runAdminCommand } from './admin-commands.ts';
import { runWithDatabase } from './run-with-database.ts';

/**
 * Operator command line (docs/product.md#staff): `npm run admin -- grant-admin <email>` and friends,
 * against the same environment and database as the server (see ADMIN_USAGE).
 */
const args = process.argv.slice(2);
const [command] = args;
if (command === undefined || ['help', '--help', '-h'].includes(command)) {
  // Usage needs no database.
  (command === undefined ? process.stderr : process.stdout).write(`${ADMIN_USAGE}\n`);
  process.exitCode = command === undefined ? EXIT.usage : EXIT.ok;
} else {
  runWithDatabase((io) => runAdminCommand(args, io));
}
