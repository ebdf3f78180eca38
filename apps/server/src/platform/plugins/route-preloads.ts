import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { escapeHtml } from '../html.ts';

/** One path's first-screen needs, as the web build writes them (apps/web/build/route-preloads.ts). */
export interface RoutePreload {
  /** `/quiz`, `/quiz/:reviewer/lite`: a `:name` segment matches any one segment. */
  path: string;
  scripts: string[];
  styles: string[];
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
 * index.html with the route's needs announced before `</head>`: its chunks as module preloads and
 * style sheets as preloads, both `crossorigin` as Vite's loader asks for them, and its JSON as
 * `fetch` preloads, which the app's same-origin `fetch` of the same URL takes over.
 */
export function announce(html: string, route: RoutePreload): string {
  const attr = (url: string) => `href="${escapeHtml(url)}"`;
  const links = [
    ...route.data.map((url) => `<link rel="preload" as="fetch" crossorigin ${attr(url)}>`),
    ...route.scripts.map((url) => `<link rel="modulepreload" crossorigin ${attr(url)}>`),
    ...route.styles.map((url) => `<link rel="preload" as="style" crossorigin ${attr(url)}>`),
  ];
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
