import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database has exactly one owner process (docs/product.md#system): PGlite keeps no
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

function readRaw(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function readOwner(file: string): Owner | null {
  try {
    return JSON.parse(readRaw(file) ?? '') as Owner;
  } catch {
    return null;
  }
}

/** A takeover left by a process that died in the middle of one is stale after this long. */
const TAKEOVER_STALE_MS = 10_000;

/** Waits `ms` without returning to the event loop (the claim is synchronous by design). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes the stale lock `file` held when it was read as `stale`, unless another process got there
 * first (issue 21 finding 7: two processes taking over in the same millisecond both held it). Only
 * the process that creates `file.takeover` may remove the lock, and only if the lock still reads
 * as it did: a new owner's lock, written meanwhile, is left alone. False when another takeover is
 * under way.
 */
function removeStaleLock(file: string, stale: string | null): boolean {
  const takeover = `${file}.takeover`;
  let guard: number;
  try {
    guard = openSync(takeover, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(takeover).mtimeMs > TAKEOVER_STALE_MS) rmSync(takeover);
    } catch {
      // Gone meanwhile: the other takeover finished.
    }
    return false;
  }
  try {
    // A lock that was gone when read (null) leaves nothing to remove: linking a new one needs no
    // guard, so one linked between this read and a removal would be removed, its owner unaware.
    if (stale !== null && readRaw(file) === stale) rmSync(file, { force: true });
  } finally {
    closeSync(guard);
    rmSync(takeover, { force: true });
  }
  return true;
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
  for (let attempt = 0; attempt < 50; attempt += 1) {
    // Written whole beside it, then linked into place: the lock appears complete or not at
    // all, and of several processes here at once, one links it (the others find it there).
    const draft = `${file}.${process.pid}.${attempt}`;
    writeFileSync(draft, JSON.stringify(me), { mode: 0o600 });
    try {
      linkSync(draft, file);
      heldHere.add(dir);
      return () => {
        heldHere.delete(dir);
        if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const raw = readRaw(file);
      const owner = readOwner(file);
      // A lock whose process is gone (or unreadable, half-written by a crash) is stale.
      if (owner && owner.host === me.host && isRunning(owner.pid)) {
        throw new EmbeddedDatabaseInUseError(dir, owner);
      }
      if (owner && owner.host !== me.host) throw new EmbeddedDatabaseInUseError(dir, owner);
      // Another process is taking the stale lock over: wait for it, then look again.
      if (!removeStaleLock(file, raw)) pause(20);
    } finally {
      rmSync(draft, { force: true });
    }
  }
  throw new EmbeddedDatabaseInUseError(dir, readOwner(file) ?? me);
}
