import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { escapeHtml } from '../html.ts';

/** The JSON a path's first screen asks for, as the web build lists it (apps/web/build/route-preloads.ts). */
export interface RoutePreload {
  /** `/quiz`, `/quiz/:reviewer/lite`: a `:name` segment matches any one segment. */
  path: string;
  data: string[];
}

const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** The build's list, or none when the build predates it (index.html is then sent as built). */
export function readRoutePreloads(distDir: string): RoutePreload[] {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { routes: RoutePreload[] }).routes;
}

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = (pathname.replace(/\/+$/, '') || '/').split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) =>
      segment.startsWith(':') ? (got[i] ?? '') !== '' : segment === got[i],
    )
  );
}

export const routePreloadFor = (routes: readonly RoutePreload[], pathname: string) =>
  routes.find((route) => matches(route.path, pathname));

/**
 * index.html with the route's JSON announced before `</head>` as `fetch` preloads: `crossorigin`
 * (CORS mode, same-origin credentials) is what the app's `fetch(url, { credentials: 'same-origin' })`
 * asks for, so the browser hands that fetch the preloaded answer instead of asking again.
 */
export function announce(html: string, route: RoutePreload): string {
  const links = route.data.map(
    (url) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`,
  );
  return html.replace('</head>', `${links.join('')}</head>`);
}

export interface EncodedPage {
  identity: Buffer;
  gzip: Buffer;
}

/** A page compressed once, at start, at the level the build uses for its own files. */
export const encodePage = (html: string): EncodedPage => {
  const identity = Buffer.from(html);
  return { identity, gzip: gzipSync(identity, { level: 9 }) };
};
