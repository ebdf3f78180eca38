import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The JSON each signed-in screen asks for on every load. The server announces it in index.html
 * (`<link rel="preload" as="fetch">`), so it downloads beside the entry instead of after the entry
 * has run (issue 10: a cold load was a waterfall entry → session → screen data; the answers are a
 * few hundred bytes each, so they cost the entry nothing on a slow link). The app's own `fetch` of
 * the same URL takes the preloaded answer over (tests/browser/route-preloads.test.ts).
 *
 * The screens' chunks are not announced: measured, 40-odd module preloads beside the entry made the
 * first paint about 200 ms later (they share the slow link and its six HTTP/1.1 connections with the
 * entry) and the largest paint no earlier (docs/decisions/023-announced-data-and-compressed-json.md).
 */
/** main.tsx asks for the claims on every path and for the user's document off /login. */
const SESSION = ['/api/auth/claims', '/api/me'];
/** app/route-data.ts `reviewersFirst`, the loader of /quiz and /study. */
const REVIEWERS = '/api/reviewers';
/** lib/get-progress-summary.ts: the tasks and the account screens. */
const SUMMARY = '/api/progress/summary';
/**
 * app/route-data.ts `reviewerDataFirst`: quiz home's and the study launcher's data for the reviewer
 * the screen opens on (the URL's `?reviewer=`, else the student's first: the server fills it from
 * the session, web-app.ts).
 */
const QUIZ_HOME = '/api/quiz/:reviewer/quiz-home';
const STUDY_LAUNCHER = '/api/study/:reviewer';
/** features/quiz/api/attempts.ts `attemptQueryOptions`, the attempt in the URL's `?attempt=`. */
const ATTEMPT = '/api/quiz/:reviewer/attempts/:attempt';

/**
 * `:name` in a path matches any one segment (as in app/router.tsx); in a URL it is that segment,
 * else the query parameter of that name, else (`:reviewer` only) the reviewer the server finds the
 * screen opening on. The screen's own first request.
 */
export const ROUTE_PRELOADS: readonly { path: string; data: readonly string[] }[] = [
  { path: '/login', data: ['/api/auth/claims'] },
  { path: '/onboarding', data: SESSION },
  { path: '/quiz', data: [...SESSION, REVIEWERS, QUIZ_HOME] },
  { path: '/study', data: [...SESSION, REVIEWERS, STUDY_LAUNCHER] },
  { path: '/tasks', data: [...SESSION, SUMMARY] },
  // features/leaderboard: this week's board first.
  { path: '/leaderboard', data: [...SESSION, '/api/leaderboard?board=week'] },
  // features/account: the payments beside the summary, the devices, and the exam date of the
  // student's first track (exam-date-section.tsx), which waited for the reviewer list.
  {
    path: '/account',
    data: [
      ...SESSION,
      SUMMARY,
      '/api/progress/payments',
      '/api/me/devices',
      REVIEWERS,
      '/api/reviewers/:reviewer/sitting',
    ],
  },
  // lib/purchase-details.ts.
  { path: '/subscription/purchase', data: [...SESSION, '/api/purchase/details'] },
  { path: '/quiz/:reviewer/lite', data: [...SESSION, ATTEMPT] },
  { path: '/quiz/:reviewer/mock', data: [...SESSION, ATTEMPT] },
  ...['flash', 'read', 'listen', 'drill'].map((mode) => ({
    path: `/study/:reviewer/${mode}`,
    data: SESSION,
  })),
];

/** The file the server reads (apps/server/src/platform/plugins/route-preloads.ts). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** Writes ROUTE_PRELOADS beside the build, for the server. */
export function routePreloads(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pasado-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await writeFile(
        path.join(outDir, ROUTE_PRELOADS_FILE),
        JSON.stringify({ routes: ROUTE_PRELOADS }),
      );
    },
  };
}
