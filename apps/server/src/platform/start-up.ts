import { InvalidEnvironmentError } from './config/env.ts';
import { EmbeddedDatabaseInUseError } from './db/pglite-owner.ts';

export type StartUp<T> = { ok: true; value: T } | { ok: false; exitCode: number };

/**
 * Runs the steps every entry point starts with (load the configuration, open the database or the
 * app on it). A failure the operator fixes — a bad environment, the embedded database held by
 * another process (the server, an admin command) — is told in one line on stderr instead of a
 * stack and comes back as its exit code (1 unless the caller says otherwise); anything else is
 * thrown.
 */
export async function startUp<T>(
  steps: () => Promise<T>,
  exitCodes: { invalidEnvironment?: number } = {},
): Promise<StartUp<T>> {
  try {
    return { ok: true, value: await steps() };
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      return { ok: false, exitCode: exitCodes.invalidEnvironment ?? 1 };
    }
    if (error instanceof EmbeddedDatabaseInUseError) {
      console.error(error.message);
      return { ok: false, exitCode: 1 };
    }
    throw error;
  }
}
