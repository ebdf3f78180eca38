import type { RouteAccess } from '@pasado/core/rules';
import type { Params } from 'react-router';

/**
 * Route metadata, kept in each route's `handle` (app/router.tsx) and read in one place: the guard
 * (app/route-guard.ts, as the root loader and in app/root-layout.tsx) and the shell.
 */
export type RouteHandle = {
  /** docs/product.md#screens "Auth needed". */
  auth?: boolean;
  /** Renders the bottom menu (docs/product.md#app-shell). */
  menu?: boolean;
  /** The claim named after the :reviewer param must be Granted (docs/product.md#screens). */
  requiresRevAccess?: boolean;
  /** Staff only (docs/product.md#staff). */
  requiresRole?: 'admin';
};

export type RouteMeta = {
  access: RouteAccess;
  menu: boolean;
};

/** What routeMeta reads of a match: a rendered one (`useMatches`) or a planned one (`matchRoutes`). */
export type MatchLike = { handle?: unknown; params: Params };

/** Merges the handles of the matched routes, outermost first, so inner routes override. */
export function routeMeta(matches: readonly MatchLike[]): RouteMeta {
  const merged: RouteHandle = {};
  let reviewer: string | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle) Object.assign(merged, handle);
    if (match.params.reviewer !== undefined) reviewer = match.params.reviewer;
  }
  const access: RouteAccess = { auth: merged.auth ?? false };
  if (merged.requiresRevAccess) {
    access.requiresRevAccess = true;
    access.reviewer = reviewer;
  }
  if (merged.requiresRole) access.requiresRole = merged.requiresRole;
  return {
    access,
    menu: merged.menu ?? false,
  };
}
