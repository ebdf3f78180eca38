import { type AppConfig, loadConfig } from '../platform/config/app-config.ts';
import { InvalidEnvironmentError } from '../platform/config/env.ts';
import { type Db, openDatabase } from '../platform/db/client.ts';
import { EmbeddedDatabaseInUseError } from '../platform/db/pglite-owner.ts';

export type CliIo = { db: Db; out: (line: string) => void; err: (line: string) => void };

/**
 * Runs an operator command against the server's own configuration and database (migrations are
 * applied on open), closes the database, and sets the exit code. A bad environment is a usage
 * error (2); an unexpected failure is 1.
 */
export function runWithDatabase(command: (io: CliIo) => Promise<number>): void {
  const run = async (): Promise<number> => {
    let config: AppConfig;
    try {
      config = loadConfig();
    } catch (error) {
      if (error instanceof InvalidEnvironmentError) {
        console.error(error.message);
        return 2;
      }
      throw error;
    }
    let database: Awaited<ReturnType<typeof openDatabase>>;
    try {
      database = await openDatabase(config.database);
    } catch (error) {
      // The server owns the embedded database while it runs: say so instead of a stack.
      if (error instanceof EmbeddedDatabaseInUseError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
    try {
      return await command({
        db: database.db,
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      });
    } finally {
      await database.close();
    }
  };
  run().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
