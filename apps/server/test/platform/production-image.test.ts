import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/test-app.ts';

/*
 * Issue 22 item 7: the Dockerfile's runtime stage, rebuilt and started without Docker (no engine
 * runs here). The test reads /Dockerfile and /.dockerignore and does what the runtime stage does:
 * each COPY into a fresh folder (a `--from=build` source is this repository's own build, made by
 * `npm run build` before the suite), its `npm ci --omit=dev …` where the stage runs it, its ENV,
 * then the stage's CMD on a fresh PostgreSQL database with what production requires, and the
 * stage's HEALTHCHECK against it. What differs from the image: the Node.js (the one running this
 * test, not node:24-bookworm-slim's) and the user (the test's, not uid 1000).
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const adminUrl = process.env.TEST_DATABASE_URL;
const BUILT = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
const missingBuild = BUILT.filter((file) => !existsSync(path.join(ROOT, file)));
const skipReason = !adminUrl
  ? 'TEST_DATABASE_URL is not set (the image runs on PostgreSQL)'
  : missingBuild.length > 0
    ? `run \`npm run build\` first (${missingBuild.join(', ')} missing)`
    : null;

// ---- The Dockerfile, in the plain forms it keeps (see its header) ----

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  name: string | null;
  workdir: string;
  instructions: Instruction[];
}

/** The stages of a Dockerfile: continuation lines joined, comments dropped, WORKDIR followed. */
function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && pending === '')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push(`${pending}${line}`.trim());
    pending = '';
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    if (line === '') continue;
    const [, keyword = '', args = ''] = /^(\S+)\s*([\s\S]*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const as = /\s+AS\s+(\S+)$/i.exec(args);
      stages.push({ name: as?.[1] ?? null, workdir: '/', instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile: ${keyword} before FROM`);
    if (upper === 'WORKDIR') stage.workdir = path.posix.resolve(stage.workdir, args);
    stage.instructions.push({ keyword: upper, args });
  }
  return stages;
}

interface Copy {
  from: string | null;
  sources: string[];
  dest: string;
}

function parseCopy(args: string): Copy {
  if (args.startsWith('[')) throw new Error(`COPY in JSON form is not read here: ${args}`);
  const words = args.split(/\s+/);
  let from: string | null = null;
  while (words[0]?.startsWith('--')) {
    const flag = words.shift() ?? '';
    if (flag.startsWith('--from=')) from = flag.slice('--from='.length);
  }
  const dest = words.pop();
  if (!dest || words.length === 0)
    throw new Error(`COPY needs a source and a destination: ${args}`);
  if (words.some((source) => /[*?[]/.test(source))) {
    throw new Error(`COPY with wildcards is not read here: ${args}`);
  }
  return { from, sources: words, dest };
}

/** `ENV KEY=value …` (unquoted values, as the Dockerfile keeps them). */
function parseEnv(args: string): Record<string, string> {
  return Object.fromEntries(
    args.split(/\s+/).map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`ENV in the KEY=value form only: ${args}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** The JSON array after CMD (in CMD itself or HEALTHCHECK … CMD). */
function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
    throw new Error(`not an exec-form command: ${args}`);
  }
  return parsed;
}

/**
 * Docker's .dockerignore: patterns from the context root, `*` and `?` within a segment, `**` across
 * segments, a match on a folder excludes what is inside, `!` re-includes, the last match decides.
 */
function dockerIgnore(text: string): (relativePath: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!');
      const pattern = path.posix.normalize(line.slice(include ? 1 : 0).replace(/^\/+/, ''));
      const source = pattern
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map((part) => {
          if (part === '**/') return '(?:.*/)?';
          if (part === '**') return '.*';
          if (part === '*') return '[^/]*';
          if (part === '?') return '[^/]';
          return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      return { include, regex: new RegExp(`^${source}$`) };
    });
  return (relativePath) => {
    const segments = relativePath.split('/');
    let ignored = false;
    for (const rule of rules) {
      const matches = segments.some((_, i) => rule.regex.test(segments.slice(0, i + 1).join('/')));
      if (matches) ignored = !rule.include;
    }
    return ignored;
  };
}

// ---- Processes ----

/** The environment npm and the server start from: none of this test run's npm or Vitest settings. */
function baseEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

describe.skipIf(skipReason !== null)(
  `the Dockerfile's runtime stage, built and started without Docker${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const stages = parseDockerfile(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
    const runtime = stages.at(-1);
    const ignored = dockerIgnore(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'));
    const instructionsOf = (keyword: string) =>
      runtime?.instructions.filter((instruction) => instruction.keyword === keyword) ?? [];

    let folder = '';
    let install = '';
    let dbName = '';
    let dbUrl = '';
    let imageEnv: Record<string, string> = {};
    let serverEnv: Record<string, string> = {};
    let baseUrl = '';
    let server: ChildProcess | undefined;
    let exited: Promise<Exit> | undefined;
    /** The server's log (JSON lines on stdout), and everything it wrote, for failure messages. */
    let log = '';
    let output = '';

    /** A `--from=<stage>` source is the same path of this repository (the build stage is `COPY . .`). */
    function sourceOf(copy: Copy, source: string): { path: string; fromContext: boolean } {
      if (copy.from === null) return { path: path.join(ROOT, source), fromContext: true };
      const stage = stages.find((s) => s.name === copy.from);
      if (!stage) throw new Error(`COPY --from=${copy.from}: no such stage`);
      const copiesContext = stage.instructions.some(
        (instruction) => instruction.keyword === 'COPY' && instruction.args === '. .',
      );
      if (!copiesContext) throw new Error(`stage ${copy.from} does not COPY . . into its WORKDIR`);
      const inside = path.posix.relative(stage.workdir, path.posix.resolve(stage.workdir, source));
      if (inside.startsWith('..')) throw new Error(`${source} is outside ${stage.workdir}`);
      return { path: path.join(ROOT, inside), fromContext: false };
    }

    function copyInto(workdir: string, copy: Copy): void {
      const destination = path.posix.resolve(workdir, copy.dest);
      const inImage = path.posix.relative(runtime?.workdir ?? '/', destination);
      if (inImage.startsWith('..')) throw new Error(`COPY to ${destination}, outside the WORKDIR`);
      const target = path.join(folder, inImage);
      const intoFolder = copy.dest.endsWith('/') || copy.sources.length > 1;
      for (const source of copy.sources) {
        const from = sourceOf(copy, source);
        const keep = (file: string) =>
          !from.fromContext || !ignored(path.relative(ROOT, file).split(path.sep).join('/'));
        if (!keep(from.path)) throw new Error(`${source} is excluded by .dockerignore`);
        if (statSync(from.path).isDirectory()) {
          cpSync(from.path, target, { recursive: true, filter: keep });
        } else {
          const file = intoFolder ? path.join(target, path.basename(from.path)) : target;
          mkdirSync(path.dirname(file), { recursive: true });
          cpSync(from.path, file);
        }
      }
    }

    /** The stage's `npm ci …` with its own flags, from the warm cache (offline) when it can. */
    async function npmCi(command: string): Promise<string> {
      const args = command.split(/\s+/).slice(1);
      const options = {
        cwd: folder,
        env: { ...baseEnv(), ...imageEnv },
        timeout: 300_000,
        maxBuffer: 16 * 1024 * 1024,
      };
      try {
        await run('npm', [...args, '--offline'], options);
        return 'offline';
      } catch {
        await run('npm', args, options);
        return 'online';
      }
    }

    beforeAll(async () => {
      if (!runtime || !adminUrl) throw new Error('no runtime stage or no TEST_DATABASE_URL');
      folder = mkdtempSync(path.join(tmpdir(), 'pasado-image-'));

      // The runtime stage, instruction by instruction.
      let workdir = '/';
      for (const { keyword, args } of runtime.instructions) {
        if (keyword === 'WORKDIR') workdir = path.posix.resolve(workdir, args);
        else if (keyword === 'ENV') imageEnv = { ...imageEnv, ...parseEnv(args) };
        else if (keyword === 'COPY') copyInto(workdir, parseCopy(args));
        else if (keyword === 'RUN') {
          const npmCiCommand = /\bnpm ci\b[^&;|]*/.exec(args)?.[0];
          if (npmCiCommand) install = await npmCi(npmCiCommand.trim());
        }
      }

      dbName = `pasado_image_${randomBytes(6).toString('hex')}`;
      await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${dbName}`));
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      dbUrl = url.toString();

      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      serverEnv = {
        ...baseEnv(),
        ...imageEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl,
        // What env.ts requires in production. The issuer is never contacted: discovery waits for
        // the first sign-in, which this test does not start.
        PUBLIC_URL: 'https://pasado.example',
        SESSION_SECRET: randomBytes(32).toString('hex'),
        OIDC_ISSUER: 'https://issuer.invalid',
        OIDC_CLIENT_ID: 'pasado-image-test',
        OIDC_CLIENT_SECRET: randomBytes(16).toString('hex'),
        // Never contacted: no mail is sent while the test runs.
        SMTP_URL: 'smtp://mail.invalid:587',
        PAYMENT_WALLET_NUMBER: '0917 123 4567',
        PAYMENT_WALLET_ACCOUNT_NAME: 'Pasado Image Test',
      };
      const [command = '', ...args] = execForm(instructionsOf('CMD').at(-1)?.args ?? '');
      const child = spawn(command === 'node' ? process.execPath : command, args, {
        cwd: folder,
        env: serverEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server = child;
      exited = new Promise((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      child.stdout?.on('data', (chunk) => {
        log += chunk;
        output += chunk;
      });
      child.stderr?.on('data', (chunk) => (output += chunk));

      // Migrations and the banks go in before the server listens: poll readiness, bounded.
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
        const status = await fetch(`${baseUrl}/api/health/ready`).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          () => 0,
        );
        if (status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`the server did not become ready:\n${output}`);
    }, 300_000);

    afterAll(async () => {
      if (server && exited && server.exitCode === null && server.signalCode === null) {
        server.kill('SIGKILL');
        await exited;
      }
      if (adminUrl && dbName) {
        await withAdmin(adminUrl, (client) =>
          client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`),
        );
      }
      if (folder) rmSync(folder, { recursive: true, force: true });
    }, 60_000);

    it('the stage installs production dependencies only, runs as a non-root user, on port 8080', () => {
      expect(install).not.toBe('');
      expect(instructionsOf('RUN').some((r) => r.args.includes('npm ci --omit=dev'))).toBe(true);
      expect(imageEnv.NODE_ENV).toBe('production');
      const user = instructionsOf('USER').at(-1)?.args ?? 'root';
      expect(user).not.toMatch(/^(root|0)(:|$)/);
      expect(instructionsOf('EXPOSE').map((e) => e.args)).toEqual(['8080']);
      expect(execForm(instructionsOf('CMD').at(-1)?.args ?? '')).toEqual([
        'node',
        'apps/server/dist/main.js',
      ]);

      const lock = JSON.parse(readFileSync(path.join(folder, 'package-lock.json'), 'utf8')) as {
        packages: Record<string, { dev?: boolean }>;
      };
      const devInstalled = Object.entries(lock.packages)
        .filter(([where, entry]) => entry.dev === true && where.startsWith('node_modules/'))
        .map(([where]) => where)
        .filter((where) => existsSync(path.join(folder, where)));
      expect(devInstalled).toEqual([]);
      for (const dev of ['vitest', 'typescript', 'drizzle-kit', 'esbuild', 'vite', 'tsx']) {
        expect(existsSync(path.join(folder, 'node_modules', dev)), dev).toBe(false);
      }
      // The image's own node runs the server, not one from node_modules.
      expect(existsSync(path.join(folder, 'node_modules/.bin/node'))).toBe(false);
      for (const needed of ['fastify', 'pg', 'drizzle-orm', 'zod', 'ts-fsrs']) {
        expect(existsSync(path.join(folder, 'node_modules', needed)), needed).toBe(true);
      }
    });

    it('is ready, and the HEALTHCHECK command passes against it', async () => {
      const res = await fetch(`${baseUrl}/api/health/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });

      const healthcheck = instructionsOf('HEALTHCHECK').at(-1)?.args ?? '';
      expect(healthcheck).toContain('/api/health/ready');
      const [command = '', ...args] = execForm(healthcheck.slice(healthcheck.indexOf(' CMD ')));
      const check = await run(command === 'node' ? process.execPath : command, args, {
        cwd: folder,
        env: serverEnv,
        timeout: 30_000,
      }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? 1,
      );
      expect(check).toBe(0);
    });

    it('serves the built web app: index.html at / and its hashed assets', async () => {
      const res = await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toBe(readFileSync(path.join(folder, 'apps/web/dist/index.html'), 'utf8'));

      const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script, html).toBeDefined();
      const asset = await fetch(`${baseUrl}${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });

    it('answers an API route without a session with 401', async () => {
      const res = await fetch(`${baseUrl}/api/me`);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
    });

    it('applied every migration and imported every bundled bank at start', async () => {
      const migrations = readdirSync(path.join(folder, 'apps/server/drizzle')).filter((f) =>
        f.endsWith('.sql'),
      );
      const banks = readdirSync(path.join(folder, 'content/bank')).filter((f) =>
        f.endsWith('.json'),
      );
      expect(migrations.length).toBeGreaterThan(0);
      expect(banks.length).toBeGreaterThan(0);
      const found = await withAdmin(dbUrl, async (client) => ({
        migrations: (
          await client.query<{ n: number }>(
            'select count(*)::int as n from drizzle.__drizzle_migrations',
          )
        ).rows[0]?.n,
        tables: (
          await client.query<{ name: string | null }>(
            "select to_regclass('public.users')::text as name union all select to_regclass('public.sessions')::text",
          )
        ).rows.map((row) => row.name),
        questions: (await client.query<{ n: number }>('select count(*)::int as n from questions'))
          .rows[0]?.n,
        seeded: (
          await client.query<{ target: string }>(
            "select distinct target_id as target from audit_log where action = 'content.seed' order by 1",
          )
        ).rows.map((row) => row.target),
      }));
      expect(found.migrations).toBe(migrations.length);
      expect(found.tables).toEqual(['users', 'sessions']);
      expect(found.questions).toBeGreaterThan(0);
      expect(found.seeded).toEqual(banks.sort().map((bank) => `content/bank/${bank}`));
    });

    it('ends cleanly on SIGTERM (exit code 0) within a few seconds', async () => {
      const child = server;
      if (!child || !exited) throw new Error('no server');
      const started = Date.now();
      child.kill('SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), 15_000),
      );
      const exit = await Promise.race([exited, timeout]);
      expect(exit, output).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(15_000);
      const lines = log
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg?: string });
      expect(lines.some((line) => line.msg === 'closing')).toBe(true);
      // Nothing logged at error level or above, from start to exit.
      expect(
        lines.filter((line) => line.level >= 50),
        output,
      ).toEqual([]);
    }, 30_000);
  },
);
