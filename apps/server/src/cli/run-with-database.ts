import { loadConfig } from '../platform/config/app-config.ts';
import { type Db, openDatabase } from '../platform/db/client.ts';
import { startUp } from '../platform/start-up.ts';

export type CliIo = { db: Db; out: (line: string) => void; err: (line: string) => void };

/**
 * Runs an operator command against the server's own configuration and database (migrations are
 * applied on open), closes the database, and sets the exit code. A bad environment is a usage
 * error (2); an unexpected failure is 1.
 */
export function runWithDatabase(command: (io: CliIo) => Promise<number>): void {
  const run = async (): Promise<number> => {
    const opened = await startUp(async () => openDatabase(loadConfig().database), {
      invalidEnvironment: 2,
    });
    if (!opened.ok) return opened.exitCode;
    const database = opened.value;
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
