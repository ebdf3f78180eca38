import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of packages/core/src (issue 8 part 2): no cycle, and the rules free of zod and
 * of the contract, so the contract is built from the rules and never the reverse. Type-only
 * imports count: a type cycle is still a cycle of knowledge, and `./rules` must hold without zod.
 * The TypeScript scanner reads every specifier (static, `import type`, `export … from`,
 * `import()`), which a regex over multi-line imports would miss.
 */

const directoryOf = (file: string) => file.slice(0, file.lastIndexOf('/'));
const SRC = directoryOf(ts.sys.resolvePath(expect.getState().testPath ?? ''));

type Graph = Map<string, { file: string; specifiers: string[]; edges: string[] }>;

function resolveRelative(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return ts.sys.resolvePath(`${directoryOf(from)}/${specifier}`);
}

function readGraph(root: string): Graph {
  const graph: Graph = new Map();
  const files = ts.sys
    .readDirectory(root, ['.ts'], undefined, ['**/*'])
    .filter((file) => !file.endsWith('.test.ts'));
  for (const file of files) {
    const text = ts.sys.readFile(file) ?? '';
    const specifiers = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((imported) => imported.fileName);
    const edges = specifiers
      .map((specifier) => resolveRelative(file, specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, { file, specifiers, edges });
  }
  return graph;
}

/** One cycle per back edge of a depth-first search: empty exactly when the graph has no cycle. */
function findCycles(graph: Graph): string[][] {
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

const relative = (file: string) => file.slice(SRC.length + 1);
const graph = readGraph(SRC);
const isContract = (file: string) => relative(file).startsWith('contract/');
const isBarrel = (file: string) =>
  ['index.ts', 'rules.ts', 'contract/index.ts'].includes(relative(file));
const edgesOf = (file: string) => (graph.get(`${SRC}/${file}`)?.edges ?? []).map(relative);

describe('packages/core import graph', () => {
  it('reads the package (guards against a wrong root making the checks vacuous)', () => {
    expect(graph.size).toBeGreaterThan(30);
    expect([...graph.keys()].some(isContract)).toBe(true);
  });

  it('has no import cycle', () => {
    expect(findCycles(graph).map((cycle) => cycle.map(relative).join(' → '))).toEqual([]);
  });

  it('rules (and the ./rules barrel) import neither zod nor the contract nor the root barrel', () => {
    const offending = [...graph.values()]
      .filter(({ file }) => !isContract(file) && relative(file) !== 'index.ts')
      .flatMap(({ file, specifiers, edges }) =>
        [
          ...specifiers.filter((s) => s === 'zod' || s.startsWith('zod/')),
          ...edges
            .filter((target) => isContract(target) || relative(target) === 'index.ts')
            .map(relative),
        ].map((target) => `${relative(file)} → ${target}`),
      );
    expect(offending).toEqual([]);
  });

  it('./rules lists every rule module, ./contract every contract module, "." both barrels', () => {
    const modules = [...graph.keys()]
      .filter((file) => !isBarrel(file))
      .map(relative)
      .sort();
    expect(edgesOf('rules.ts').sort()).toEqual(modules.filter((f) => !f.startsWith('contract/')));
    expect(edgesOf('contract/index.ts').sort()).toEqual(
      modules.filter((f) => f.startsWith('contract/')),
    );
    expect(edgesOf('index.ts').sort()).toEqual(['contract/index.ts', 'rules.ts']);
  });

  it('the cycle finder finds a cycle (so an empty answer means something)', () => {
    const fake: Graph = new Map([
      ['/a.ts', { file: '/a.ts', specifiers: [], edges: ['/b.ts'] }],
      ['/b.ts', { file: '/b.ts', specifiers: [], edges: ['/c.ts'] }],
      ['/c.ts', { file: '/c.ts', specifiers: [], edges: ['/a.ts'] }],
    ]);
    expect(findCycles(fake)).toEqual([['/a.ts', '/b.ts', '/c.ts', '/a.ts']]);
  });
});
