import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's architecture, held by a test (issue 22 item 1; apps/server/src/modules/README.md):
 * modules depend in one direction, there is no file cycle, SQL lives only in repository and read
 * model files, and a repository touches only its own module's tables. The TypeScript scanner reads
 * every specifier (static, type-only, re-exports, dynamic imports).
 */

const SRC = path.resolve(import.meta.dirname, '../src');

/** The module order, lowest first: a module imports only modules before it (and platform/). */
export const MODULE_ORDER = [
  'users',
  'auth',
  'uploads',
  'content',
  'subscriptions',
  'account',
  'leaderboard',
  'progress',
  'quiz',
  'study',
  'messages',
  'in-app-form',
] as const;

/**
 * Imports against the order, each explained. At most three (issue 22): an entry here is a
 * decision, not a convenience.
 */
const ORDER_EXCEPTIONS: readonly { from: string; to: string; why: string }[] = [];

/** Which module owns each table, by the schema file that declares it (platform: everyone's). */
const TABLE_OWNER_BY_SCHEMA_FILE: Record<string, string> = {
  'audit.ts': 'platform',
  'storage.ts': 'platform',
  'users.ts': 'users',
  'auth.ts': 'auth',
  'uploads.ts': 'uploads',
  'content.ts': 'content',
  'subscriptions.ts': 'subscriptions',
  'leaderboard.ts': 'leaderboard',
  'progress.ts': 'progress',
  'quiz.ts': 'quiz',
  'study.ts': 'study',
  'messages.ts': 'messages',
  'in-app-form.ts': 'in-app-form',
};

/**
 * Tables a repository of another module writes, each explained (issue 22: a repository reads its
 * own domain's tables; a join across domains lives in a `*.read-model.ts` of the module above).
 */
const TABLE_EXCEPTIONS: readonly { file: string; table: string; why: string }[] = [
  {
    file: 'modules/progress/repository.ts',
    table: 'users',
    why: 'the progress columns (gemsCollection, currentLevel, challengesProgress, unclaimedDrillPoints) are fields of the users/{uid} document (docs/product.md#entities), and gemsSpent is what streak freezes cost (ADR 030); progress is their only writer',
  },
  {
    file: 'modules/subscriptions/subscriptions.repository.ts',
    table: 'users',
    why: 'users.current_subscription_id points at the subscriptions module’s row; reading the pointer inside the statement keeps "the current subscription" one indexed lookup and race-free under the user lock (its writer is users’ setCurrentSubscription, called by subscriptions’ services)',
  },
];

type FileInfo = { specifiers: string[]; edges: string[] };

function readGraph(): Map<string, FileInfo> {
  const graph = new Map<string, FileInfo>();
  for (const file of ts.sys.readDirectory(SRC, ['.ts'], undefined, ['**/*'])) {
    if (file.endsWith('.d.ts')) continue;
    const text = ts.sys.readFile(file) ?? '';
    const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName);
    const edges = specifiers
      .filter((s) => s.startsWith('.'))
      .map((s) => path.resolve(path.dirname(file), s));
    graph.set(file, { specifiers, edges });
  }
  return graph;
}

const graph = readGraph();
const rel = (file: string) => path.relative(SRC, file);

/** The layer a file belongs to: platform, a module's name, or 'top' (composition, CLI, jobs). */
function layerOf(file: string): string {
  const [first, second] = rel(file).split(path.sep);
  if (first === 'platform') return 'platform';
  if (first === 'modules' && second) return second;
  return 'top';
}
/** -1 for platform, the module's place in the order, 99 for the top; -100: not in the order. */
function rank(layer: string): number {
  if (layer === 'platform') return -1;
  if (layer === 'top') return 99;
  const at = MODULE_ORDER.indexOf(layer as (typeof MODULE_ORDER)[number]);
  return at >= 0 ? at : -100;
}

function findCycles(): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file)?.edges ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

const isRepository = (file: string) => /(^|\.)repository\.ts$/.test(path.basename(file));
const isReadModel = (file: string) => /(^|\.)read-model\.ts$/.test(path.basename(file));
const isSqlFile = (file: string) =>
  isRepository(file) || isReadModel(file) || rel(file).startsWith(`platform${path.sep}db`);

/** Each table's owner by its variable and by its SQL name, from the schema file declaring it. */
function tableOwners() {
  const byVariable = new Map<string, string>();
  const bySqlName = new Map<string, { variable: string; owner: string }>();
  const schemaDir = path.join(SRC, 'platform/db/schema');
  for (const file of ts.sys.readDirectory(schemaDir, ['.ts'])) {
    const owner =
      TABLE_OWNER_BY_SCHEMA_FILE[path.basename(file)] ?? `unowned:${path.basename(file)}`;
    const text = ts.sys.readFile(file) ?? '';
    for (const [, variable, sqlName] of text.matchAll(
      /export const (\w+) = pgTable\(\s*'(\w+)'/g,
    )) {
      byVariable.set(variable ?? '', owner);
      bySqlName.set(sqlName ?? '', { variable: variable ?? '', owner });
    }
  }
  return { byVariable, bySqlName };
}

/** The source without its comments, so prose such as "read from users" is not taken for SQL. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

describe('the server architecture (modules/README.md)', () => {
  it('reads the source (guards against a wrong root making the checks vacuous)', () => {
    expect(graph.size).toBeGreaterThan(100);
    const modules = new Set([...graph.keys()].map(layerOf));
    for (const name of MODULE_ORDER) expect(modules.has(name), name).toBe(true);
  });

  it('every module is in the order', () => {
    const unknown = [...new Set([...graph.keys()].map(layerOf))].filter((l) => rank(l) === -100);
    expect(unknown).toEqual([]);
  });

  it('modules import only platform and the modules below them; platform imports no module', () => {
    const against: string[] = [];
    for (const [file, { edges }] of graph) {
      const from = layerOf(file);
      for (const target of edges) {
        const to = layerOf(target);
        if (to === from || to === 'platform') continue;
        if (rank(to) < rank(from)) continue;
        if (ORDER_EXCEPTIONS.some((e) => e.from === from && e.to === to)) continue;
        against.push(`${rel(file)} → ${rel(target)}`);
      }
    }
    expect(against).toEqual([]);
    expect(ORDER_EXCEPTIONS.length).toBeLessThanOrEqual(3);
  });

  it('has no file cycle', () => {
    expect(findCycles().map((cycle) => cycle.map(rel).join(' → '))).toEqual([]);
  });

  it('keeps SQL in repository and read-model files', () => {
    const outside = [...graph.entries()]
      .filter(([file, { specifiers }]) => {
        if (isSqlFile(file)) return false;
        return specifiers.some(
          (s) =>
            s === 'drizzle-orm' || s.startsWith('drizzle-orm/') || /db\/schema(\.ts)?$/.test(s),
        );
      })
      .map(([file]) => rel(file));
    expect(outside).toEqual([]);
  });

  it('a repository touches only its own module’s tables; joins across modules are read models', () => {
    const owners = tableOwners();
    expect(owners.byVariable.size).toBeGreaterThan(20);
    const crossing: string[] = [];
    for (const [file] of graph) {
      if (!isRepository(file) || layerOf(file) === 'platform') continue;
      const layer = layerOf(file);
      const code = withoutComments(ts.sys.readFile(file) ?? '');
      const imported = code.match(/import \{([^}]*)\} from '[./]+(?:platform\/)?db\/schema\.ts'/);
      const names = (imported?.[1] ?? '').split(',').map((n) => n.trim().replace(/^type /, ''));
      const touched = new Map<string, string>();
      for (const name of names) {
        const owner = owners.byVariable.get(name);
        if (owner) touched.set(name, owner);
      }
      // Tables named in raw SQL (a subquery in a template) count as much as imported ones.
      for (const [, table] of code.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/g)) {
        const found = owners.bySqlName.get(table ?? '');
        if (found) touched.set(found.variable, found.owner);
      }
      for (const [name, owner] of touched) {
        if (owner === layer || owner === 'platform') continue;
        if (TABLE_EXCEPTIONS.some((e) => e.file === rel(file) && e.table === name)) continue;
        crossing.push(`${rel(file)} reads ${name} (${owner})`);
      }
    }
    expect(crossing).toEqual([]);
    expect(TABLE_EXCEPTIONS.length).toBeLessThanOrEqual(3);
  });

  it('a repository imports no other module: composing modules is a service’s job', () => {
    const reaching: string[] = [];
    for (const [file, { edges }] of graph) {
      if (!isRepository(file)) continue;
      for (const target of edges) {
        const to = layerOf(target);
        if (to !== layerOf(file) && to !== 'platform')
          reaching.push(`${rel(file)} → ${rel(target)}`);
      }
    }
    expect(reaching).toEqual([]);
  });
});
