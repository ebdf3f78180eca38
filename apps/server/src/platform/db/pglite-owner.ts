import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database has exactly one owner process (DESIGN.md "Real parts"): PGlite keeps no
 * cross-process lock of its own, and two processes on one directory lose writes (issue 9,
 * finding 8: an admin command opened it while the server was shutting down and a user created
 * seconds earlier was gone). The owner holds `owner.lock` in the directory, naming itself; a
 * second opener is refused with that name. A lock left by a process that no longer runs (kill -9)
 * is taken over.
 */
export const OWNER_FILE = 'owner.lock';

interface Owner {
  pid: number;
  host: string;
  command: string;
  since: string;
}

export class EmbeddedDatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: Owner,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${owner.pid} (${owner.command}, since ${owner.since}). ` +
        'Only one process may open it: stop that process first, or use PostgreSQL (DATABASE_URL) to run several.',
    );
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): Owner | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Owner;
  } catch {
    return null;
  }
}

/** Takes ownership of `dataDir` or throws EmbeddedDatabaseInUseError; returns the release. */
export function claimEmbeddedDatabase(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, OWNER_FILE);
  const me: Owner = {
    pid: process.pid,
    host: hostname(),
    command:
      process.argv
        .slice(1)
        .map((a) => path.basename(a))
        .join(' ') || 'node',
    since: new Date().toISOString(),
  };
  if (heldHere.has(dir)) throw new EmbeddedDatabaseInUseError(dir, readOwner(file) ?? me);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      heldHere.add(dir);
      return () => {
        heldHere.delete(dir);
        if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      // A lock whose process is gone (or unreadable, half-written by a crash) is stale.
      if (owner && owner.host === me.host && isRunning(owner.pid)) {
        throw new EmbeddedDatabaseInUseError(dir, owner);
      }
      if (owner && owner.host !== me.host) throw new EmbeddedDatabaseInUseError(dir, owner);
      rmSync(file, { force: true });
    }
  }
  throw new EmbeddedDatabaseInUseError(dir, readOwner(file) ?? me);
}
