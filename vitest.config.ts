import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { packageFile, preactAliases } from './apps/web/build/preact-aliases.ts';

/**
 * Test files at once, across every project. Most of a server or browser test's time is spent
 * waiting (PostgreSQL, Chromium, the network a test emulates), so one file per core leaves the
 * cores idle; Vitest's default (cores − 1) ran one file at a time on a 2-core machine.
 */
const WORKERS = Math.max(3, availableParallelism() + 1);

/** The web app's screen and offline tests: what ships, in a DOM emulation. */
const WEB_FILES = 'apps/web/src/**/*.test.{ts,tsx}';

/**
 * The web test files that replace a module (vi.mock). A module another file loaded stays cached in
 * a shared worker, bound to whatever it imported then: after clear-offline-data.test mocked
 * apiFetch, get-claims.ts (loaded on it through the offline snapshot) answered every later file's
 * claims with `{}`, and shuffled orders failed up to 15 tests. These files get a module graph of
 * their own; the rest share one.
 */
const MOCKING_WEB_FILES = globSync(WEB_FILES).filter((file) =>
  /\bvi\.(?:do)?mock\(/.test(readFileSync(file, 'utf8')),
);

const webTest = {
  // The screens run on what ships: React's API on Preact (ADR 035). Testing Library and
  // React Router by their ES modules (their CommonJS entries would require React past the
  // aliases), run through Vite with TanStack's so the aliases reach their imports.
  alias: [
    {
      find: /^@testing-library\/react$/,
      replacement: packageFile('@testing-library/react', 'dist/@testing-library/react.esm.js'),
    },
    {
      find: /^react-router$/,
      replacement: packageFile('react-router', 'dist/development/index.mjs'),
    },
    ...preactAliases,
  ],
  server: { deps: { inline: [/@testing-library[\\/]react/, /react-router/, /@tanstack/] } },
  // happy-dom rather than jsdom: it implements <dialog>'s showModal() and close(), which
  // every modal of the app is built on (components/modal-dialog.tsx); jsdom has neither.
  // What only a browser does (Escape, focus trapping, layout) stays in tests/browser.
  environment: 'happy-dom',
  // A stylesheet imported by a screen stays empty (nothing here lays it out); one imported as
  // text (`?raw`) is read as written, for the tests of the CSS itself (styles/hover.test.ts).
  css: { include: [/\.css\?raw$/] },
  setupFiles: ['apps/web/src/testing/setup.ts'],
  // The project shares the two cores with the server's and the browser's: a screen that
  // answers in 100 ms alone can take seconds beside them.
  testTimeout: 15_000,
  expect: { poll: { timeout: 5_000 } },
};

// One runner, five projects: pure rules, the server against real databases, the web app's screen
// rules in a DOM emulation (two projects: files that share modules, and files that mock one), and
// the whole app in real Chromium (its flows). They share one pool of workers, so a browser file
// and server files run side by side.
export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The server's modules are loaded once per worker, not once per file (about 4 s of
          // every file's start); each file still builds its own app and database. A file that
          // stubs the environment gets it back.
          isolate: false,
          unstubEnvs: true,
          setupFiles: ['apps/server/test/setup/fail-on-console-error.ts'],
          globalSetup: ['apps/server/test/setup/database-template.ts'],
        },
      },
      {
        test: {
          ...webTest,
          name: 'web',
          include: [WEB_FILES],
          exclude: [...configDefaults.exclude, ...MOCKING_WEB_FILES],
          // The files of a worker share its DOM and modules: about three times faster (52 s →
          // 12–25 s on the busy two cores), and safe because each test leaves nothing behind
          // (apps/web/src/testing/setup.ts) and none of them replaces a module, which a shuffled
          // order (--sequence.shuffle) checks.
          isolate: false,
        },
      },
      {
        test: { ...webTest, name: 'web-mocking', include: MOCKING_WEB_FILES, isolate: true },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          // The server's modules, Playwright's and the helpers are loaded once per worker, not once
          // per file (7 s of every file's start on a slow morning, 275 s of the project's 663 s);
          // each file still starts its own server, database and Chromium, as the server project's
          // files build their own app.
          isolate: false,
          // Guards against a hang, not budgets: on a 2-core machine that ran a third as fast as
          // usual (2026-11-27: every browser file 40–180 s) a flow that takes 27 s alone passed 60 s,
          // and a poll at Vitest's default second missed a server answer that came later. Speed
          // is measured by the benchmarks and audits, never by these.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['apps/server/test/setup/database-template.ts'],
        },
      },
    ],
  },
});
