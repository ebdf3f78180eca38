import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../html.ts';

/** The JSON a path's first screen asks for, as the web build lists it (apps/web/build/route-preloads.ts). */
export interface RoutePreload {
  /** `/quiz`, `/quiz/:reviewer/lite`: a `:name` segment matches any one segment. */
  path: string;
  /**
   * URLs; a `:name` segment is the path's segment of that name, else the query parameter of that
   * name (`/api/quiz/:reviewer/attempts/:attempt` for `/quiz/let-elem/mock?attempt=…`).
   */
  data: string[];
}

const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * A value put into an announced URL: the shorthands and ids the app puts into its own URLs as they
 * are. Anything else is not announced: the app would encode it, and the preload would not match.
 */
const PLAIN = /^[A-Za-z0-9_-]{1,100}$/;

/** The build's list, or none when the build predates it (index.html is then sent as built). */
export function readRoutePreloads(distDir: string): RoutePreload[] {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { routes: RoutePreload[] }).routes;
}

/** The path's `:name` segments when it matches the pattern, else null. */
function match(pattern: string, pathname: string): Map<string, string> | null {
  const want = pattern.split('/');
  const got = (pathname.replace(/\/+$/, '') || '/').split('/');
  if (want.length !== got.length) return null;
  const params = new Map<string, string>();
  for (const [i, segment] of want.entries()) {
    const value = got[i] ?? '';
    if (segment.startsWith(':')) {
      if (value === '') return null;
      params.set(segment.slice(1), value);
    } else if (segment !== value) return null;
  }
  return params;
}

/** The listed route `url` (path and query) opens, with its `:name` values from the address. */
function routeOf(
  routes: readonly RoutePreload[],
  url: string,
): { route: RoutePreload; params: Map<string, string>; query: URLSearchParams } | null {
  const [pathname = '/', search = ''] = url.split('?');
  for (const route of routes) {
    const params = match(route.path, pathname);
    if (params) return { route, params, query: new URLSearchParams(search) };
  }
  return null;
}

/**
 * Whether announcing `url`'s data needs the reviewer the screen opens on, which the address does
 * not name (quiz home, the study launcher): the caller then finds it from the session.
 */
export function needsReviewer(routes: readonly RoutePreload[], url: string): boolean {
  const found = routeOf(routes, url);
  if (!found || found.params.has('reviewer')) return false;
  return found.route.data.some((template) => template.includes(':reviewer'));
}

/**
 * The URLs to announce for a navigation to `url` (path and query), or null when no listed path
 * matches. `reviewer` fills a `:reviewer` the path does not give (needsReviewer). A URL whose
 * `:name` has no plain value is left out.
 */
export function announcedData(
  routes: readonly RoutePreload[],
  url: string,
  reviewer: string | null = null,
): string[] | null {
  const found = routeOf(routes, url);
  if (!found) return null;
  const { route, params, query } = found;
  return route.data.flatMap((template) => {
    let complete = true;
    const filled = template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      // Not in the path: the reviewer found for the student, never one the address merely names.
      const value = params.get(name) ?? (name === 'reviewer' ? reviewer : query.get(name)) ?? '';
      complete &&= PLAIN.test(value);
      return value;
    });
    return complete ? [filled] : [];
  });
}

/**
 * index.html with `urls` announced before `</head>` as `fetch` preloads: `crossorigin` (CORS mode,
 * same-origin credentials) is what the app's `fetch(url, { credentials: 'same-origin' })` asks
 * for, so the browser hands that fetch the preloaded answer instead of asking again.
 */
export function announce(html: string, urls: readonly string[]): string {
  const links = urls.map(
    (url) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`,
  );
  return html.replace('</head>', `${links.join('')}</head>`);
}
