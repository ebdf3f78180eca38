import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';

// The app is written against React's API and runs on Preact's compatibility layer (ADR 035):
// react-dom and React's runtime were 64 KB of the first load's 120 KB gzipped, Preact with its
// compat layer is about 10 KB, and on slow 3G every 10 KB is a fifth of a second before a first
// visit paints. The build, the dev server and the screen tests all resolve React through these
// aliases, so what is tested is what ships. Absolute paths, so every importer (React Router,
// TanStack Query, Testing Library) shares one copy.

const require = createRequire(import.meta.url);

/** A file of an installed package by its path inside the package, past its `exports` map. */
export const packageFile = (pkg: string, file: string) =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

const compat = (file: string) => packageFile('preact', `compat/${file}`);

export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: compat('client.mjs') },
  { find: /^react-dom\/test-utils$/, replacement: compat('test-utils.mjs') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: compat('jsx-runtime.mjs') },
  { find: /^react(-dom)?$/, replacement: compat('dist/compat.mjs') },
];
