// Compiles the server for `npm start`: one ESM bundle per entry point under dist/, with the
// workspace's own TypeScript (@pasado/core) bundled in and every npm dependency left as an import,
// so serving runs plain JavaScript on Node with the production dependencies only.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const outdir = path.join(root, 'dist');

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // Bare specifiers are npm packages (kept as imports) unless they are this workspace's own.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pasado/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    'cli/admin': path.join(root, 'src/cli/admin.ts'),
    'cli/content-import': path.join(root, 'src/cli/content-import.ts'),
    // A worker thread's script is a file of its own (pdf-statement.ts finds it beside the bundle).
    'pdf-text.worker': path.join(root, 'src/modules/subscriptions/statements/pdf-text.worker.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.12',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
});
if (!process.argv.includes('--quiet'))
  console.info(
    `server built into ${path.relative(process.cwd(), outdir)} in ${Math.round(performance.now() - started)} ms`,
  );
