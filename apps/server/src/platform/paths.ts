import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found by walking up from this file: the same answer
 * whether the code runs from src/ (tests, tsx) or bundled into dist/ (`npm start`), where every
 * module shares one file and `import.meta.dirname` no longer tells where a source file lived.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (pkg.name === '@pasado/server') return dir;
    } catch {
      // no package.json here: keep walking up
    }
    if (path.dirname(dir) === dir) throw new Error(`@pasado/server not found above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

/** SQL migrations, applied at start. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
/** The question banks shipped with the product, imported at start when changed. */
export const BUNDLED_BANKS_DIR = path.join(REPO_ROOT, 'content/bank');
/** The built web app the server serves by default. */
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
