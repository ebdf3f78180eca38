import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the first screen of each path needs beyond the entry: the lazy modules its routes load
 * (app/router.tsx: every matched route's `lazy`, the menu layout's included) and the JSON it asks
 * for on every load. The server announces them in index.html (`<link rel="modulepreload">`,
 * `<link rel="preload">`), so they download beside the entry instead of after it has run
 * (issue 10: a cold load was a waterfall entry → route chunks → session → screen data).
 * A route missing here only loses the head start; a module that is no longer a chunk fails the build.
 */
const MENU = 'src/app/menu-route.tsx';
const REVIEWERS_FIRST = 'src/app/route-data.ts';
const QUIZ_SCREEN = 'src/features/quiz/quiz-screen-page.tsx';
const STUDY_MODE = 'src/features/study/study-mode-page.tsx';

/** main.tsx asks for the claims on every path and for the user's document off /login. */
const SESSION = ['/api/auth/claims', '/api/me'];
/** route-data.ts `reviewersFirst`. */
const REVIEWERS = '/api/reviewers';

export const ROUTE_PRELOADS: readonly { path: string; modules: string[]; data: string[] }[] = [
  { path: '/login', modules: ['src/features/auth/login-page.tsx'], data: ['/api/auth/claims'] },
  {
    path: '/onboarding',
    modules: ['src/features/onboarding/onboarding-page.tsx'],
    data: SESSION,
  },
  {
    path: '/quiz',
    modules: [MENU, REVIEWERS_FIRST, 'src/features/quiz/quiz-home-page.tsx'],
    data: [...SESSION, REVIEWERS],
  },
  {
    path: '/study',
    modules: [MENU, REVIEWERS_FIRST, 'src/features/study/study-launcher-page.tsx'],
    data: [...SESSION, REVIEWERS],
  },
  { path: '/tasks', modules: [MENU, 'src/features/tasks/tasks-page.tsx'], data: SESSION },
  {
    path: '/leaderboard',
    modules: [MENU, 'src/features/leaderboard/leaderboard-page.tsx'],
    data: SESSION,
  },
  { path: '/account', modules: [MENU, 'src/features/account/account-page.tsx'], data: SESSION },
  { path: '/quiz/:reviewer/lite', modules: [QUIZ_SCREEN], data: SESSION },
  { path: '/quiz/:reviewer/mock', modules: [QUIZ_SCREEN], data: SESSION },
  { path: '/study/:reviewer/flash', modules: [STUDY_MODE], data: SESSION },
  { path: '/study/:reviewer/read', modules: [STUDY_MODE], data: SESSION },
  { path: '/study/:reviewer/listen', modules: [STUDY_MODE], data: SESSION },
  { path: '/study/:reviewer/drill', modules: [STUDY_MODE], data: SESSION },
  {
    path: '/subscription/purchase',
    modules: ['src/features/purchase/purchase-page.tsx'],
    data: SESSION,
  },
];

/** The file the server reads (apps/server/src/platform/plugins/web-app.ts). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The chunk and everything it imports statically. */
function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/**
 * Writes `.vite/route-preloads.json` from Vite's manifest: for each path of ROUTE_PRELOADS, the
 * scripts and style sheets its modules need that index.html does not already load, and its data.
 */
export function routePreloads(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pasado-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const manifest = JSON.parse(
        await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Record<string, ManifestChunk>;
      const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
      if (!entry) throw new Error('route-preloads: no entry in the Vite manifest');
      const initial = closure(manifest, entry);
      const routes = ROUTE_PRELOADS.map((route) => {
        const keys = new Set<string>();
        for (const module of route.modules) {
          if (!manifest[module]) {
            throw new Error(`route-preloads: ${module} (for ${route.path}) is not a chunk`);
          }
          for (const key of closure(manifest, module)) if (!initial.has(key)) keys.add(key);
        }
        const chunks = [...keys].map((k) => manifest[k] as ManifestChunk);
        return {
          path: route.path,
          scripts: chunks.map((c) => `/${c.file}`),
          styles: [...new Set(chunks.flatMap((c) => c.css ?? []))].map((file) => `/${file}`),
          data: route.data,
        };
      });
      await writeFile(path.join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify({ routes }));
    },
  };
}
