// Prints the gzipped JavaScript each route costs and fails above docs/product.md#quality-bars's budgets:
// the first load of /login (entry + the login route) ≤ 120 KB; every lazy route adds ≤ 50 KB.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// WEB_DIST_DIR: measure a side-by-side build, as the server and the browser tests can serve one.
const DIST = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(import.meta.dirname, '../apps/web/dist');
const FIRST_LOAD_BUDGET = 120 * 1024;
const ROUTE_BUDGET = 50 * 1024;
const LOGIN_ROUTE = 'src/features/auth/login-page.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The chunk and everything it imports statically: what loading it costs. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const jsBytes = (keys: Iterable<string>) =>
  [...keys]
    .filter((k) => manifest[k]?.file.endsWith('.js'))
    .reduce((sum, k) => sum + gzipSize(manifest[k]?.file ?? ''), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('No entry in the Vite manifest; build with build.manifest enabled.');
const initial = closure(entryKey);

const routes = new Set<string>();
for (const key of Object.keys(manifest))
  for (const d of manifest[key]?.dynamicImports ?? []) routes.add(d);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** Scripts and stylesheets: each one more request over a phone's HTTP/1.1 connections (ADR 024). */
const fileCount = (keys: string[]) =>
  `${keys.length} js, ${new Set(keys.flatMap((k) => manifest[k]?.css ?? [])).size} css`;

const rows: { name: string; bytes: number; budget: number; files: string }[] = [];
rows.push({
  name: 'entry (shared by every route)',
  bytes: jsBytes(initial),
  budget: Number.NaN,
  files: fileCount([...initial]),
});
for (const route of [...routes].sort()) {
  const added = [...closure(route)].filter((k) => !initial.has(k));
  rows.push({ name: route, bytes: jsBytes(added), budget: ROUTE_BUDGET, files: fileCount(added) });
}
const loginAdded = [...closure(LOGIN_ROUTE)].filter((k) => !initial.has(k));
const firstLoad = jsBytes(initial) + jsBytes(loginAdded);
rows.push({
  name: 'first load of /login (entry + login route)',
  bytes: firstLoad,
  budget: FIRST_LOAD_BUDGET,
  files: fileCount([...initial, ...loginAdded]),
});

let failed = false;
console.info('gzipped JavaScript per route (level 9), and the files it loads');
for (const row of rows) {
  const over = row.bytes > row.budget;
  failed ||= over;
  const budget = Number.isNaN(row.budget)
    ? ''
    : ` / budget ${kb(row.budget)}${over ? '  OVER BUDGET' : ''}`;
  console.info(`  ${kb(row.bytes).padStart(9)}  ${row.files.padEnd(14)} ${row.name}${budget}`);
}
if (!manifest[LOGIN_ROUTE]) {
  console.error(
    `The login route ${LOGIN_ROUTE} is not a lazy chunk; the size check cannot measure it.`,
  );
  failed = true;
}
if (failed) {
  console.error('Size check failed.');
  process.exit(1);
}
console.info('Size check passed.');
